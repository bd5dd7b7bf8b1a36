// ShutdownTests.swift: graceful shutdown: calls in flight finish, idle connections close, new ones are refused, stragglers are cut.
import ProtoHTTP
import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPCore

extension ServerTests {
    @Suite("Graceful shutdown")
    struct ShutdownTests {
        // The grace period is an hour: a shutdown that waited it out hits the time limit.
        @Test("a call in flight completes while shutdown runs; idle connections close; new connections are refused",
              .timeLimit(.minutes(hangGuardMinutes)))
        func graceful() async throws {
            try await withServer({ $0.shutdownGracePeriod = .seconds(3600) }) { server in
                let idle = try await RawConnection.open(port: server.port)
                try await MalformedRequestTests.expectServed(idle)
                let manager = try server.manager(.connect)
                // Slow runs until the test releases it, once shutdown is under way.
                let slow = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value.ms(-1), as: Google_Protobuf_Empty.self)
                    }
                }
                #expect(await waitUntil { server.faults.events.contains("slow started") })
                #expect(server.server.connectionCount == 2)

                let shutdown = Task { await server.server.shutdown() }
                #expect(await idle.closedByServer(within: hangGuard), "the idle keep-alive connection stayed open")
                await #expect(throws: RawError.self, "a new connection was accepted during shutdown") {
                    try await RawConnection.open(port: server.port)
                }
                server.faults.release()
                let result = await slow.value
                #expect(result.error == nil, "\(String(describing: result.error))")
                await shutdown.value
                #expect(server.faults.events == ["slow started", "slow finished"])
                #expect(server.server.connectionCount == 0)
                await #expect(throws: RawError.self) { try await RawConnection.open(port: server.port) }
            }
        }

        // Stubborn runs until the test releases it, after shutdown: a shutdown that waited for
        // the handler instead of the grace period hits the time limit.
        @Test("a handler busy past the grace period has its connection closed; shutdown returns after the grace period",
              .timeLimit(.minutes(hangGuardMinutes)))
        func gracePeriod() async throws {
            try await withServer({ $0.shutdownGracePeriod = .milliseconds(500) }) { server in
                // Twirp: no Connect-Timeout-Ms, so the call has no deadline of its own.
                let manager = try server.manager(.twirp)
                let stuck = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        try await manager.post("/test.Faults/Stubborn", Google_Protobuf_Int32Value.ms(-1), as: Google_Protobuf_Empty.self)
                    }
                }
                #expect(await waitUntil { server.faults.events.contains("stubborn started") })
                let started = ContinuousClock.now
                await server.server.shutdown()
                let elapsed = ContinuousClock.now - started
                #expect(elapsed >= .milliseconds(500), "not before the grace period: \(elapsed)")
                #expect(server.faults.events == ["stubborn started"], "shutdown did not wait for the handler")
                #expect(server.server.connectionCount == 0)
                let result = await stuck.value
                #expect(result.error != nil, "the call should fail: its connection was closed")
                // The handler ends after the event loops are gone; nothing may be scheduled on them then.
                server.faults.release()
                #expect(await waitUntil { server.faults.events.contains("stubborn finished") })
                try await Task.sleep(for: .milliseconds(200))  // a grace window for a crash from a late schedule
            }
        }

        @Test("shutdown is safe to call twice, and before start")
        func idempotent() async throws {
            let unstarted = try ProtoHTTPServer(services: [NotesStore().definition])
            await unstarted.shutdown()
            try await withServer { server in
                await server.server.shutdown()
                await server.server.shutdown()
                #expect(server.server.connectionCount == 0)
            }
        }
    }
}
