// ManagerRaceStressTests.swift: manager calls under cancel storms, racing deadlines, task cancellation and transport shutdown.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

/// Races the manager's call handles from every side at once: `cancel()` by handle, id and
/// `cancelAll()`, the deadline timer, the engine thread's results, `Task` cancellation and
/// the transport's shutdown. Bounded in count and time (a few seconds each).
@Suite("Manager races under stress", .serialized)
struct ManagerRaceStressTests {
    static let calls = 400

    private func manager(_ server: TestServer, maxConnections: Int = 8) throws -> ProtoHTTPManager {
        try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")),
                             transport: makeTransport { $0.maxConnectionsPerHost = maxConnections })
    }

    /// Sends call `index` in callback form, recording every callback in `ledger`.
    /// Calls `index % 4 == 2` carry tag 2.
    private static func send(_ manager: ProtoHTTPManager, _ index: Int, path: String, timeout: CallTimeout, ledger: OutcomeLedger) -> CallHandle {
        manager.post(path, input: Array("\(index)".utf8), requestSerializer: .raw, responseSerializer: .raw,
                     options: CallOptions(tag: index % 4 == 2 ? 2 : nil, timeout: timeout),
                     completion: { ledger.record(index, .completion) },
                     success: { _, metadata in ledger.record(index, metadata.status == 200 ? .success : .failure(.unknown)) },
                     failure: { ledger.record(index, .failure($0.code)) },
                     finished: { _ in ledger.record(index, .finished) })
    }

    @Test("cancel by handle, by id and by tag, and 3–15 ms deadlines, while calls finish: each call's callbacks run once, in order",
          .timeLimit(.minutes(Sanitizer.slowdown)))
    func cancelStormAndDeadlines() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let total = Self.calls
        let ledger = OutcomeLedger(calls: total)
        let submitted = SubmittedCalls<CallHandle>()
        await runConcurrently([
            {
                for i in 0..<total {
                    // Calls i % 4 == 1 have deadlines racing their 0–5 ms answer; i % 4 == 3 have
                    // neither a deadline nor a cancel, and must succeed.
                    let timeout: CallTimeout = i % 4 == 1 ? .milliseconds(3 + i % 13) : .unlimited
                    submitted.append(Self.send(manager, i, path: "/slow?ms=\(i % 6)", timeout: timeout, ledger: ledger))
                    if i % 8 == 7 { usleep(1_000) }  // deliberate jitter: spreads submissions over the answers
                }
                submitted.finish()
            },
            {
                // Even calls, each after a random pause: by handle, or by id through the manager.
                for i in stride(from: 0, to: total, by: 2) {
                    guard let handle = submitted.waitFor(i) else { return }
                    usleep(UInt32.random(in: 0...1_500))
                    if i % 4 == 0 { handle.cancel() } else { manager.cancel(id: handle.id) }
                }
            },
            {
                // From halfway on, cancelAll(tag:) sweeps the live calls i % 4 == 2 now and then,
                // racing everything else; at the end each even call is cancelled once more.
                _ = submitted.waitFor(total / 2)
                while !submitted.isDone {
                    manager.cancelAll(tag: 2)
                    usleep(2_000)
                }
                for i in stride(from: 0, to: total, by: 2) { submitted[i].cancel() }
            },
        ])
        let ended = await waitUntil { ledger.ended == total }
        #expect(ended, "\(total - ledger.ended) calls never delivered an outcome")
        try await Task.sleep(for: .milliseconds(100))  // a stray second delivery would land here
        manager.callbackQueue.sync {}
        #expect(ledger.violations(expectFinished: true) == [])
        for i in stride(from: 3, to: total, by: 4) {
            #expect(ledger.events(of: i) == [.completion, .success, .finished], "call \(i), neither cancelled nor timed")
        }
        #expect(Set(ledger.failureCodes.keys).isSubset(of: [.canceled, .deadlineExceeded]), "\(ledger.failureCodes)")
        #expect(await waitUntil { manager.liveCallCount == 0 }, "\(manager.liveCallCount) calls still registered")
        await expectNoLeaks(manager.transport)
    }

    @Test("async calls whose tasks are cancelled at random moments: every task ends, with the output or canceled",
          .timeLimit(.minutes(Sanitizer.slowdown)))
    func taskCancellationStorm() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let total = 200
        let tasks = (0..<total).map { i in
            Task { () async throws(ProtoHTTPError) -> [UInt8] in
                try await manager.post("/slow?ms=\(i % 6)", input: Array("\(i)".utf8), requestSerializer: .raw, responseSerializer: .raw,
                                       options: CallOptions(timeout: .unlimited)).0
            }
        }
        let cancelled = Set((0..<total).filter { $0 % 2 == 0 })
        await offPool {
            for i in cancelled.sorted() {
                usleep(UInt32.random(in: 0...500))  // deliberate jitter: cancels land at random points of the calls
                tasks[i].cancel()
            }
        }
        for (i, task) in tasks.enumerated() {
            switch await task.result {
            case .success(let body):
                #expect(body == Array("slow".utf8), "call \(i)")
            case .failure(let error):
                #expect(cancelled.contains(i) && (error as? ProtoHTTPError)?.code == .canceled, "call \(i): \(error)")
            }
        }
        #expect(await waitUntil { manager.liveCallCount == 0 }, "\(manager.liveCallCount) calls still registered")
        await expectNoLeaks(manager.transport)
    }

    @Test("the transport shuts down while manager calls are submitted: each call's callbacks run once, in order",
          .timeLimit(.minutes(Sanitizer.slowdown)))
    func transportShutdownWhileCallsArrive() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        for round in 0..<3 {
            let manager = try manager(server, maxConnections: 4)
            let total = 240
            let ledger = OutcomeLedger(calls: total)
            let submitted = SubmittedCalls<CallHandle>()
            await runConcurrently([
                {
                    for i in 0..<total {
                        // Every third call has a deadline, so the timer races the shutdown too.
                        let timeout: CallTimeout = i % 3 == 0 ? .milliseconds(5 + i % 20) : .unlimited
                        submitted.append(Self.send(manager, i, path: "/slow?ms=2", timeout: timeout, ledger: ledger))
                        if i % 4 == 3 { usleep(500) }  // deliberate jitter: spreads submissions over the shutdown
                    }
                    submitted.finish()
                },
                {
                    _ = submitted.waitFor(20 + round * 40)
                    manager.transport.shutdown()
                },
            ])
            let ended = await waitUntil { ledger.ended == total }
            #expect(ended, "round \(round): \(total - ledger.ended) calls never ended")
            // A grace window for a stray second delivery: it can only miss a bug.
            try await Task.sleep(for: .milliseconds(50))
            manager.callbackQueue.sync {}
            #expect(ledger.violations(expectFinished: true) == [], "round \(round)")
            #expect(Set(ledger.failureCodes.keys).isSubset(of: [.canceled, .deadlineExceeded]), "round \(round): \(ledger.failureCodes)")
            #expect(ledger.failureCodes[.canceled, default: 0] > 0, "round \(round): shutdown cancelled nothing")
            #expect(await waitUntil { manager.liveCallCount == 0 }, "round \(round): \(manager.liveCallCount) calls still registered")
            #expect(manager.transport.liveEasyHandleCount == 0, "round \(round)")
        }
    }
}
