// RequestTaskTests.swift: request tasks seen by shutdown and by disconnects: waited for, cancelled, never leaked.
import ProtoHTTP
@testable import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPCore

extension ServerTests {
    @Suite("Request tasks, shutdown and disconnects")
    struct RequestTaskTests {
        /// Calls `test.Faults/Hold` for `ms` over Twirp (no deadline of its own) in a task.
        static func hold(_ server: TestServer, ms: Int32) throws -> Task<Result<Google_Protobuf_Empty, ProtoHTTPError>, Never> {
            let manager = try server.manager(.twirp)
            return Task {
                await Result { () async throws(ProtoHTTPError) in
                    try await manager.post("/test.Faults/Hold", Google_Protobuf_Int32Value.ms(ms), as: Google_Protobuf_Empty.self)
                }
            }
        }

        @Test("handlers run on their connection's event loop by default, also after suspending; in Swift's pool when configured",
              arguments: [HandlerExecution.eventLoop, .concurrencyPool])
        func handlerExecution(_ execution: HandlerExecution) async throws {
            try await withServer({ $0.handlerExecution = execution }) { server in
                let manager = try server.manager(.connect)
                let reply = try await manager.post("/test.Faults/Where", Google_Protobuf_Empty(), as: Google_Protobuf_StringValue.self)
                let threads = reply.value.split(separator: " ").map(String.init)
                try #require(threads.count == 2, "\(reply.value)")
                switch execution {
                case .eventLoop:
                    #expect(threads.allSatisfy { $0.hasPrefix("NIO-ELT") }, "\(threads)")
                case .concurrencyPool:
                    #expect(!threads.contains { $0.hasPrefix("NIO-ELT") }, "\(threads)")
                }
            }
        }

        // The grace period is an hour; the handler runs until the test releases it.
        @Test("shutdown waits for an in-flight handler that finishes within the grace period", .timeLimit(.minutes(hangGuardMinutes)))
        func shutdownWaits() async throws {
            try await withServer({ $0.shutdownGracePeriod = .seconds(3600) }) { server in
                let manager = try server.manager(.twirp)
                let call = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value.ms(-1), as: Google_Protobuf_Empty.self)
                    }
                }
                #expect(await waitUntil { server.faults.events.contains("slow started") })
                #expect(server.server.requestTaskCount == 1)
                let shutdown = Task { await server.server.shutdown() }
                #expect(await waitUntil { server.server.connectionCount == 1 && server.faults.events == ["slow started"] })
                server.faults.release()
                await shutdown.value
                #expect(server.faults.events == ["slow started", "slow finished"], "the handler was cut short")
                #expect(await call.value.error == nil)
                #expect(server.server.requestTaskCount == 0)
            }
        }

        // The handler holds for an hour: only the grace period's end can stop it in time.
        @Test("after the grace period, shutdown closes the connection and the handler sees Task.isCancelled", .timeLimit(.minutes(hangGuardMinutes)))
        func shutdownCancels() async throws {
            try await withServer({ $0.shutdownGracePeriod = .milliseconds(300) }) { server in
                let call = try Self.hold(server, ms: 600_000)
                #expect(await waitUntil { server.faults.events.contains("hold started") })
                let started = ContinuousClock.now
                await server.server.shutdown()
                let elapsed = ContinuousClock.now - started
                #expect(elapsed >= .milliseconds(300), "not before the grace period: \(elapsed)")
                #expect(await waitUntil { server.faults.events.contains("hold saw cancellation") }, "\(server.faults.events)")
                #expect(await call.value.error != nil)
                #expect(await waitUntil { server.server.requestTaskCount == 0 })
                #expect(server.server.connectionCount == 0)
            }
        }

        @Test("a client that disconnects mid-call cancels the handler's task; the server serves on")
        func disconnectCancels() async throws {
            try await withServer { server in
                let connection = try await RawConnection.open(port: server.port)
                try await connection.send(RawConnection.request("/twirp/test.Faults/Hold", headers: ErrorFormatTests.twirpJSON, body: Array("10000".utf8)))
                #expect(await waitUntil { server.faults.events.contains("hold started") })
                #expect(server.server.requestTaskCount == 1)
                await connection.close()
                #expect(await waitUntil { server.faults.events.contains("hold saw cancellation") }, "\(server.faults.events)")
                #expect(await waitUntil { server.server.requestTaskCount == 0 && server.server.connectionCount == 0 })
                let next = try await RawConnection.open(port: server.port)
                try await MalformedRequestTests.expectServed(next)
                await next.close()
            }
        }
    }
}
