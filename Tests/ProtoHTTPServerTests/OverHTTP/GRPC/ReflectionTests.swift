// ReflectionTests.swift: server reflection (v1 and v1alpha) asked by grpcio-reflection, and refused when it is off.
import ProtoHTTPServer
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("gRPC server reflection")
    struct ReflectionTests {
        static let services = "grpc.health.v1.Health grpc.reflection.v1.ServerReflection grpc.reflection.v1alpha.ServerReflection notes.Notes test.Faults"

        /// What reflection_client.py prints, in order.
        static let expected = [
            "services \(services)",
            "methods CreateNote GetNote ListNotes DeleteNote",
            "note fields id:1 title:2 tags:3 labels:4 text:5 checklist:6 priority:7 created_at:8",
            "created_at google/protobuf/timestamp.proto",
            "created id=n1 title=learned by reflection tags=r",
            "health file grpc/health/v1/health.proto",
            "reflection file grpc/reflection/v1alpha/reflection.proto",
            // One v1 stream: a file comes with the imports the stream has not sent yet.
            "v1 file_containing_symbol files notes.proto google/protobuf/timestamp.proto",
            "v1 file_by_filename files notes.proto",
            "v1 file_containing_symbol files notes.proto",
            "v1 all_extension_numbers_of_type notes.Note []",
            #"v1 file_containing_symbol error 5 no symbol "notes.NoSuchThing" in this server's files; give a fully qualified name such as pkg.Service or pkg.Message"#,
            "v1 list_services \(services)",
        ]

        @Test("grpcio-reflection lists the services, builds its schema from the server's files (v1alpha) and calls CreateNote with it; v1 answers each question on one stream")
        func grpcioReflection() async throws {
            try await withServer({ $0.serverReflection = true }, extraServices: [HealthService()]) { server in
                let output = try await PythonClient.run("reflection_client.py", [String(server.port)])
                #expect(output.status == 0, "reflection_client.py failed:\n\(output.stderr)")
                let lines = output.lines
                for (index, line) in Self.expected.enumerated() {
                    let got = index < lines.count ? lines[index] : "missing"
                    #expect(got == line, "line \(index + 1): \(got), expected \(line)")
                }
                #expect(lines.count == Self.expected.count, "\(output.stdout)")
                #expect(server.notes.count == 1)
            }
        }

        @Test("off by default: the reflection paths are unknown methods")
        func offByDefault() async throws {
            try await withServer { server in
                #expect(!server.server.methodPaths.contains { $0.hasPrefix("/grpc.reflection.") }, "\(server.server.methodPaths)")
            }
        }
    }
}
