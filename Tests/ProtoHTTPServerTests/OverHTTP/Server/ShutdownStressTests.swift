// ShutdownStressTests.swift: graceful shutdown while clients keep sending calls: every call ends, every connection is answered or closed.
import ProtoHTTP
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("Shutdown while calls arrive")
    struct ShutdownStressTests {
        /// What one client loop saw: calls answered, and how it ended.
        struct ClientOutcome: Sendable {
            var answered = 0
            var ending = ""
            /// A failure that breaks the rules (a hang, a wrong answer) rather than a refusal or a close.
            var violation: String?
        }

        /// How many calls every client has had answered so far.
        final class Answered: Sendable {
            let count = Atomic<Int>(0)
        }

        static let calls = Google_Protobuf_Int32Value.ms(2)
        static let rawBody: [UInt8] = [0x08, 0x02]  // Int32Value { value: 2 }

        /// Calls `/test.Faults/Slow` (2 ms) through the manager until one fails; the failure must
        /// be the server going away (`unavailable`), never a hang.
        static func managerClient(_ manager: ProtoHTTPManager, _ answered: Answered) async -> ClientOutcome {
            var outcome = ClientOutcome()
            for _ in 0..<20_000 {
                do {
                    _ = try await manager.post("/test.Faults/Slow", calls, as: Google_Protobuf_Empty.self)
                    outcome.answered += 1
                    answered.count.wrappingAdd(1, ordering: .relaxed)
                } catch {
                    outcome.ending = "\(error.code.name): \(error.message)"
                    if error.code != .unavailable { outcome.violation = "ended with \(error)" }
                    return outcome
                }
            }
            outcome.violation = "still answered after 20,000 calls"
            return outcome
        }

        /// Sends the same call over raw keep-alive connections, reconnecting after each close,
        /// until a connection is refused. Every request is answered with a 200 or its connection
        /// is closed; a read that times out is a violation.
        static func rawClient(port: Int, _ answered: Answered) async -> ClientOutcome {
            var outcome = ClientOutcome()
            for _ in 0..<2_000 {
                let connection: RawConnection
                do {
                    connection = try await RawConnection.open(port: port)
                } catch {
                    outcome.ending = "refused: \(error)"
                    return outcome
                }
                for _ in 0..<50 {
                    do {
                        try await connection.send(RawConnection.request("/test.Faults/Slow", headers: ErrorFormatTests.connectBinary, body: rawBody))
                        let response = try await connection.readResponse(timeout: hangGuard)
                        guard response.status == 200 else {
                            outcome.violation = "answered \(response.status): \(response.text)"
                            return outcome
                        }
                        outcome.answered += 1
                        answered.count.wrappingAdd(1, ordering: .relaxed)
                        if response.header(.connection)?.lowercased() == "close" { break }
                    } catch {
                        let text = "\(error)"
                        if text.hasPrefix("timed out") { outcome.violation = "a request was neither answered nor closed: \(text)" }
                        if outcome.violation != nil { return outcome }
                        break  // closed by the server: reconnect
                    }
                }
                await connection.close()
            }
            outcome.violation = "still connecting after 2,000 connections"
            return outcome
        }

        // The grace period is an hour and the calls take 2 ms: a shutdown that waited it out
        // (or hung) hits the time limit.
        @Test("shutdown while 4 clients and 2 raw connections keep calling: all end, none hangs, shutdown is bounded",
              .timeLimit(.minutes(Sanitizer.slowdown)))
        func shutdownWhileCallsArrive() async throws {
            for round in 0..<3 {
                try await withServer({ $0.shutdownGracePeriod = .seconds(3600) }) { server in
                    let manager = try server.manager(.connect, timeout: hangGuard)
                    let answered = Answered()
                    let port = server.port
                    var outcomes: [ClientOutcome] = []
                    var shutdownEnded = false
                    await withTaskGroup(of: (ClientOutcome?, Bool?).self) { group in
                        for _ in 0..<4 { group.addTask { (await Self.managerClient(manager, answered), nil) } }
                        for _ in 0..<2 { group.addTask { (await Self.rawClient(port: port, answered), nil) } }
                        group.addTask {
                            // Shut down once some calls are answered (later each round), mid-traffic.
                            _ = await waitUntil { answered.count.load(ordering: .relaxed) >= 30 + round * 60 }
                            await server.server.shutdown()
                            return (nil, true)
                        }
                        for await (outcome, stopped) in group {
                            if let outcome { outcomes.append(outcome) }
                            if stopped == true { shutdownEnded = true }
                        }
                    }
                    #expect(shutdownEnded, "round \(round)")
                    #expect(outcomes.count == 6)
                    #expect(outcomes.compactMap(\.violation) == [], "round \(round): \(outcomes)")
                    #expect(answered.count.load(ordering: .relaxed) >= 30 + round * 60, "round \(round)")
                    #expect(server.server.connectionCount == 0, "round \(round)")
                    await #expect(throws: RawError.self, "round \(round): accepted a connection after shutdown") {
                        try await RawConnection.open(port: port)
                    }
                }
            }
        }
    }
}
