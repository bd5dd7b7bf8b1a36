// GRPCUnknownMethodTests.swift: gRPC to a method the server does not have is refused from its head over HTTP/2, while the client is still sending.
import ProtoHTTPServer
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("gRPC: unknown methods refused at once")
    struct GRPCUnknownMethodTests {
        @Test("grpcio waiting for a first answer before ending its requests gets UNIMPLEMENTED at once, not its deadline")
        func refusedBeforeTheRequestEnds() async throws {
            try await withServer { server in
                let output = try await PythonClient.run("grpc_unknown_client.py", [String(server.port)])
                #expect(output.status == 0, "\(output.stderr)")
                #expect(output.lines == ["/notes.Notes/Nope UNIMPLEMENTED", "/no.Such/Service UNIMPLEMENTED"], "\(output.stdout)")
            }
        }
    }
}
