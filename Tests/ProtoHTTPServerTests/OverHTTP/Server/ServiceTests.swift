// ServiceTests.swift: the server as a swift-service-lifecycle Service: run() until graceful shutdown or cancellation, shutdown() from elsewhere, listeningPort.
import ProtoHTTP
import ProtoHTTPServer
import ProtoWire
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPCore

extension ServerTests {
    @Suite("As a Service")
    struct ServiceTests {
        /// A server with `notes.Notes` and `test.Faults` that nothing has started, on port 0.
        struct Unstarted {
            let server: ProtoHTTPServer
            let faults = FaultsService()
            let transport: HTTPTransport

            init(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) throws {
                var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
                configuration.logger.logLevel = .critical
                adjust(&configuration)
                server = try ProtoHTTPServer(configuration: configuration, services: [NotesStore().definition, faults.definition])
                var transportConfiguration = TransportConfiguration()
                transportConfiguration.proxy = .none
                transport = try HTTPTransport(configuration: transportConfiguration)
            }

            func manager(port: Int) throws -> ProtoHTTPManager {
                var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:\(port)")
                configuration.wireProtocol = .connect
                configuration.timeout = hangGuard
                return try ProtoHTTPManager(configuration: configuration, transport: transport)
            }

            /// Starts `Slow` (held until ``FaultsService/release()``) and returns once it runs.
            func slowCall(port: Int) async throws -> Task<Result<Google_Protobuf_Empty, ProtoHTTPError>, Never> {
                let manager = try manager(port: port)
                let slow = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value.ms(-1), as: Google_Protobuf_Empty.self)
                    }
                }
                #expect(await waitUntil { faults.events.contains("slow started") })
                return slow
            }
        }

        // The grace period is an hour: a shutdown that waited it out hits the time limit.
        @Test("run() serves until graceful shutdown, lets the call in flight finish, then returns with the server stopped",
              .timeLimit(.minutes(hangGuardMinutes)))
        func gracefulShutdownDrains() async throws {
            let unstarted = try Unstarted { $0.shutdownGracePeriod = .seconds(3600) }
            defer { unstarted.transport.shutdown() }
            let server = unstarted.server
            let port = try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await server.run() }
                    let port = try await server.listeningPort
                    #expect(port == server.port)
                    let idle = try await RawConnection.open(port: port)
                    try await MalformedRequestTests.expectServed(idle)
                    let slow = try await unstarted.slowCall(port: port)

                    trigger.triggerGracefulShutdown()
                    #expect(await idle.closedByServer(within: hangGuard), "graceful shutdown did not begin: the idle connection stayed open")
                    await #expect(throws: RawError.self, "a new connection was accepted during shutdown") {
                        try await RawConnection.open(port: port)
                    }
                    unstarted.faults.release()
                    let result = await slow.value
                    #expect(result.error == nil, "the call in flight failed: \(String(describing: result.error))")
                    try await group.waitForAll()
                    return port
                }
            }
            #expect(unstarted.faults.events == ["slow started", "slow finished"])
            #expect(server.connectionCount == 0)
            await #expect(throws: RawError.self) { try await RawConnection.open(port: port) }
            let after = await #expect(throws: ProtoHTTPError.self) { _ = try await server.listeningPort }
            #expect(after?.code == .failedPrecondition)
            let again = await #expect(throws: ProtoHTTPError.self) { try await server.run() }
            #expect(again?.code == .failedPrecondition, "a stopped server must not serve again")
        }

        @Test("cancelling the task that runs run() stops the server, and run() returns without an error")
        func cancellationStops() async throws {
            let unstarted = try Unstarted()
            defer { unstarted.transport.shutdown() }
            let server = unstarted.server
            let running = Task { try await server.run() }
            let port = try await server.listeningPort
            let manager = try unstarted.manager(port: port)
            _ = try await manager.post("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self)
            running.cancel()
            try await running.value
            #expect(server.connectionCount == 0)
            await #expect(throws: RawError.self) { try await RawConnection.open(port: port) }
        }

        @Test("shutdown() called elsewhere ends run(); a second shutdown() returns only once the server has stopped",
              .timeLimit(.minutes(hangGuardMinutes)))
        func shutdownFromElsewhere() async throws {
            let unstarted = try Unstarted { $0.shutdownGracePeriod = .seconds(3600) }
            defer { unstarted.transport.shutdown() }
            let server = unstarted.server
            let faults = unstarted.faults
            let running = Task { try await server.run() }
            let port = try await server.listeningPort
            let idle = try await RawConnection.open(port: port)
            try await MalformedRequestTests.expectServed(idle)
            let slow = try await unstarted.slowCall(port: port)

            let first = Task { await server.shutdown() }
            #expect(await idle.closedByServer(within: hangGuard), "the first shutdown did not begin")
            // The second call joins the first: it cannot return before the held call has finished
            // and the server has stopped (it used to return at once).
            let second = Task { () -> [String] in
                await server.shutdown()
                return faults.events
            }
            faults.release()
            #expect(await second.value == ["slow started", "slow finished"])
            #expect(server.connectionCount == 0)
            await first.value
            try await running.value
            #expect((await slow.value).error == nil)
        }

        @Test("listeningPort waits for start(), fails with the start's error, and a cancelled waiter gets canceled")
        func listeningPortWaits() async throws {
            let unstarted = try Unstarted()
            defer { unstarted.transport.shutdown() }
            let server = unstarted.server
            let waiter = Task { try await server.listeningPort }
            try await server.start()
            #expect(try await waiter.value == server.port)
            #expect(try await server.listeningPort == server.port)

            // A second server on the first one's port cannot bind: its waiters fail as start() does.
            let taken = try #require(server.port)
            let clash = try Unstarted { $0.port = taken }
            defer { clash.transport.shutdown() }
            let clashWaiter = Task { try await clash.server.listeningPort }
            let startError = await #expect(throws: ProtoHTTPError.self) { try await clash.server.start() }
            let waiterError = await #expect(throws: ProtoHTTPError.self) { _ = try await clashWaiter.value }
            #expect(startError?.code == .unavailable)
            #expect(waiterError?.code == .unavailable)
            #expect(waiterError?.message == startError?.message)

            let never = try Unstarted()
            defer { never.transport.shutdown() }
            let abandoned = Task { try await never.server.listeningPort }
            abandoned.cancel()
            let cancelled = await #expect(throws: ProtoHTTPError.self) { _ = try await abandoned.value }
            #expect(cancelled?.code == .canceled)
            await server.shutdown()
        }
    }
}
