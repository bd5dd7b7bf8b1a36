// DeadlineTests.swift: Connect-Timeout-Ms: the answer comes on time and the handler's task is cancelled.
import ProtoHTTP
import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPCore

extension ServerTests {
    @Suite("Deadlines")
    struct DeadlineTests {
        /// A Connect call to `test.Faults/<method>` sending `Connect-Timeout-Ms: <timeoutMs>`.
        static func call(_ server: TestServer, _ method: String, ms: Int32, timeoutMs: Int) async -> Result<Google_Protobuf_Empty, ProtoHTTPError> {
            let manager: ProtoHTTPManager
            do { manager = try server.manager(.connect) } catch { return .failure(error) }
            let options = CallOptions(headers: [.connectTimeout: String(timeoutMs)])
            return await Result { () async throws(ProtoHTTPError) in
                try await manager.post("/test.Faults/\(method)", Google_Protobuf_Int32Value.ms(ms), as: Google_Protobuf_Empty.self, options: options)
            }
        }

        // Slow waits for a release that never comes: only the deadline can answer.
        @Test("a handler under Connect-Timeout-Ms 100 is answered deadline_exceeded at the deadline, and cancelled", .timeLimit(.minutes(hangGuardMinutes)))
        func deadlineCancelsHandler() async throws {
            try await withServer { server in
                let started = ContinuousClock.now
                let result = await Self.call(server, "Slow", ms: -1, timeoutMs: 100)
                let elapsed = ContinuousClock.now - started
                let error = try #require(result.error)
                #expect(error.code == .deadlineExceeded && error.httpStatus == 504, "\(error)")
                #expect(elapsed >= .milliseconds(100), "not before the deadline: \(elapsed)")
                #expect(await waitUntil { server.faults.events.contains("slow cancelled") }, "\(server.faults.events)")
                #expect(!server.faults.events.contains("slow finished"))
            }
        }

        @Test("the deadline answer's exact bytes")
        func deadlineBody() async throws {
            try await withServer { server in
                let response = try await RawConnection.exchange(port: server.port, "/test.Faults/Slow",
                                                                headers: ErrorFormatTests.connectBinary + [("Connect-Timeout-Ms", "50")],
                                                                body: Google_Protobuf_Int32Value.ms(-1).serializedBytes())
                ErrorFormatTests.expectError(response, 504, #"{"code":"deadline_exceeded","message":"the call did not finish within the Connect-Timeout-Ms the client sent; allow more time or make the call cheaper."}"#)
            }
        }

        // Stubborn runs until the test releases it, so the answer can only come from the deadline.
        @Test("a handler that ignores cancellation cannot hold the answer back", .timeLimit(.minutes(hangGuardMinutes)))
        func stubbornHandler() async throws {
            try await withServer { server in
                let result = await Self.call(server, "Stubborn", ms: -1, timeoutMs: 100)
                #expect(result.error?.code == .deadlineExceeded)
                #expect(server.faults.events == ["stubborn started"], "answered while the handler still ran")
                server.faults.release()
                #expect(await waitUntil { server.faults.events.contains("stubborn finished") })
            }
        }

        @Test("a call that finishes within its deadline succeeds")
        func withinDeadline() async throws {
            try await withServer { server in
                let result = await Self.call(server, "Slow", ms: 20, timeoutMs: 5_000)
                #expect(result.error == nil)
                #expect(server.faults.events == ["slow started", "slow finished"])
            }
        }
    }
}
