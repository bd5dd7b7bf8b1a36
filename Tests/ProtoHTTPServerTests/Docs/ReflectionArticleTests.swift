// ReflectionArticleTests.swift: the "Serving" article's server reflection example, run as written.
import ProtoHTTPDemoService
import ProtoHTTPServer
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("Serving article: server reflection")
    struct ReflectionArticleTests {
        @Test("the article's server answers grpc.reflection.v1 and v1alpha beside its services; grpcio-reflection lists them")
        func reflectionExample() async throws {
            let notes = NotesService()
            var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
            configuration.serverReflection = true                  // grpc.reflection.v1 and v1alpha
            let server = try ProtoHTTPServer(configuration: configuration, services: [notes, HealthService()])
            try await server.start()
            #expect(server.methodPaths.contains("/grpc.reflection.v1.ServerReflection/ServerReflectionInfo"))
            #expect(server.methodPaths.contains("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"))
            let port = try #require(server.port)
            let output = try await PythonClient.run("reflection_client.py", [String(port), "list"])
            await server.shutdown()
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.lines == ["services grpc.health.v1.Health grpc.reflection.v1.ServerReflection grpc.reflection.v1alpha.ServerReflection notes.Notes"],
                    "\(output.stdout)")
        }
    }
}
