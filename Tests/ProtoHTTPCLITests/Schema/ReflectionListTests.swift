// ReflectionListTests.swift: `protohttp list SERVER` and `protohttp call` without a schema, through gRPC server reflection: our server (v1) and grpcio's (v1alpha only).
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp list and call through server reflection", .serialized)
struct ReflectionListTests {
    static let reflectionLines = [
        "grpc.reflection.v1.ServerReflection/ServerReflectionInfo(stream grpc.reflection.v1.ServerReflectionRequest) returns (stream grpc.reflection.v1.ServerReflectionResponse)",
        "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo(stream grpc.reflection.v1alpha.ServerReflectionRequest) returns (stream grpc.reflection.v1alpha.ServerReflectionResponse)",
    ]

    @Test("protohttp-demo serve --reflection: list SERVER prints what list --proto prints, beside reflection itself; call needs no --proto")
    func ourServer() async throws {
        let server = try await RunningServer.serveDemo(reflection: true)
        defer { server.stop() }
        let listed = try await CLI.run(["list", server.baseURL])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.lines == Self.reflectionLines + ListTests.notesLines, "\(listed.stdout)")
        let created = try await CLI.run(["call", server.baseURL + "/notes.Notes/CreateNote", "-d", #"{"title": "no proto file", "priority": "PRIORITY_HIGH"}"#])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("\n  \"title\": \"no proto file\",\n  \"priority\": \"PRIORITY_HIGH\",\n"), "\(created.stdout)")
        // The schema comes from the server, whatever protocol the call then speaks.
        let viaTwirp = try await CLI.run(["call", server.baseURL + "/twirp/notes.Notes/GetNote", "--protocol", "twirp", "-d", #"{"id": "n1"}"#])
        #expect(viaTwirp.status == 0 && viaTwirp.stdout.contains("\"title\": \"no proto file\""), "\(viaTwirp.stderr)")
        let unknown = try await CLI.run(["call", server.baseURL + "/notes.Nope/Get", "-d", "{}"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("does not describe notes.Nope: no symbol \"notes.Nope\""), "\(unknown.stderr)")
    }

    @Test("a server without reflection: a usage error that says to give --proto or --descriptor-set, at once")
    func withoutReflection() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let listed = try await CLI.run(["list", server.baseURL])
        #expect(listed.status == 64)
        #expect(listed.stderr.contains("does not serve gRPC server reflection"), "\(listed.stderr)")
        #expect(listed.stderr.contains("give --proto FILE or --descriptor-set FILE"), "\(listed.stderr)")
        let both = try await CLI.run(["list", server.baseURL, "--proto", CLI.notesProto])
        #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
    }

    @Test("grpcio's server with grpcio-reflection (v1alpha only): list falls back from v1 and prints its PingService; call uses it")
    func grpcioReflection() async throws {
        let peer = try await RunningServer.pythonPeer("grpc")
        defer { peer.stop() }
        let listed = try await CLI.run(["list", peer.baseURL])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.lines == [
            "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo(stream grpc.reflection.v1alpha.ServerReflectionRequest) returns (stream grpc.reflection.v1alpha.ServerReflectionResponse)",
            "protohttp.rpctest.PingService/Ping(protohttp.rpctest.PingRequest) returns (protohttp.rpctest.PingResponse)",
            "protohttp.rpctest.PingService/Lookup(protohttp.rpctest.PingRequest) returns (protohttp.rpctest.PingResponse)",
        ], "\(listed.stdout)")
        let pinged = try await CLI.run(["call", peer.baseURL + "/protohttp.rpctest.PingService/Ping", "--protocol", "grpc", "-d", #"{"text": "hi", "number": 41}"#])
        #expect(pinged.status == 0, "\(pinged.stderr)")
        #expect(pinged.stdout == "{\n  \"text\": \"hi\",\n  \"number\": 42\n}\n", "\(pinged.stdout)")
    }
}
