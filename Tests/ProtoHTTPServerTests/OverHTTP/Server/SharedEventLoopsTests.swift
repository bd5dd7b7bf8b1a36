// SharedEventLoopsTests.swift: servers on the caller's event loops: two servers share one group, handlers run on it, shutdown leaves it running.
import NIOCore
import NIOPosix
import ProtoHTTP
import ProtoHTTPServer
import ProtoWire
import Testing

extension ServerTests {
    @Suite("Servers on the caller's event loops")
    struct SharedEventLoopsTests {
        @Test("two servers serve on one caller's group (threads does not apply); shutting both down leaves the group running for its owner")
        func sharedGroup() async throws {
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let loopThread = try await group.next().submit { currentThreadName() }.get()
            var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: 8, accessLog: false)
            configuration.logger.logLevel = .critical
            let faults = FaultsService()
            let servers = try (0..<2).map { _ in
                try ProtoHTTPServer(configuration: configuration, services: [faults.definition], eventLoopGroup: group)
            }
            for server in servers { try await server.start() }
            let transport = try TestServer.transport { _ in }
            defer { transport.shutdown() }
            for server in servers {
                let manager = try ProtoHTTPManager(
                    configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(try #require(server.port))"), transport: transport)
                let reply = try await manager.post("/test.Faults/Where", Google_Protobuf_Empty(), as: Google_Protobuf_StringValue.self)
                #expect(reply.value == "\(loopThread) \(loopThread)", "the handler ran off the caller's one loop")
            }
            await servers[0].shutdown()
            // The other server still serves on the group the first one has let go of.
            let manager = try ProtoHTTPManager(
                configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(try #require(servers[1].port))"), transport: transport)
            _ = try await manager.post("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self)
            await servers[1].shutdown()
            #expect(faults.pings == 1)
            #expect(try await group.next().submit { 42 }.get() == 42, "the caller's group stopped with the servers")
            try await group.shutdownGracefully()
        }
    }
}
