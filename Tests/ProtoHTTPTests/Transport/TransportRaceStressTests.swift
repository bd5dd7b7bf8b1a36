// TransportRaceStressTests.swift: cancel storms while transport calls finish, and shutdown while calls are submitted.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP

/// Races the curl engine thread from other threads: cancels against completions, and
/// `shutdown()` against submissions. Bounded in count and time (a few seconds each).
@Suite("HTTPTransport races under stress", .serialized)
struct TransportRaceStressTests {
    static let calls = 400

    @Test("a cancel storm while calls finish: every call delivers exactly once, hand-off first; the uncancelled succeed",
          .timeLimit(.minutes(Sanitizer.slowdown)))
    func cancelStormWhileCallsFinish() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.maxConnectionsPerHost = 8 }
        let ledger = OutcomeLedger(calls: Self.calls)
        let submitted = SubmittedCalls<TransportCall>()
        let queue = DispatchQueue(label: "protohttp.tests.race.callbacks")
        let total = Self.calls
        let url = server.url("/slow")
        await runConcurrently([
            {
                for i in 0..<total {
                    // 0–5 ms on the server: calls finish all through the storm.
                    let call = transport.send(TransportRequest(url: "\(url)?ms=\(i % 6)", body: Array("\(i)".utf8)), on: queue,
                                              handedOff: { ledger.record(i, .completion) },
                                              completion: { ledger.record(i, $0.outcome) })
                    submitted.append(call)
                    if i % 8 == 7 { usleep(1_000) }  // deliberate jitter: spreads submissions over the answers
                }
                submitted.finish()
            },
            {
                // Even calls, in order, each after a random pause: some still queued, some
                // in flight, some already answered.
                for i in stride(from: 0, to: total, by: 2) {
                    guard let call = submitted.waitFor(i) else { return }
                    usleep(UInt32.random(in: 0...1_500))
                    call.cancel()
                }
            },
            {
                // The same calls again from the other end: double cancels racing each other.
                while !submitted.isDone { usleep(500) }  // the poll interval until every call is submitted
                for i in stride(from: total - 2, through: 0, by: -2) {
                    submitted[i].cancel()
                }
            },
        ])
        let ended = await waitUntil { ledger.ended == total }
        #expect(ended, "\(total - ledger.ended) calls never delivered a result")
        try await Task.sleep(for: .milliseconds(100))  // a stray second delivery would land here
        queue.sync {}
        #expect(ledger.violations(expectFinished: false) == [])
        for i in stride(from: 1, to: total, by: 2) {
            #expect(ledger.events(of: i) == [.completion, .success], "uncancelled call \(i)")
        }
        #expect(Set(ledger.failureCodes.keys).isSubset(of: [.canceled]), "\(ledger.failureCodes)")
        #expect((0..<total).allSatisfy { submitted[$0].isFinished })
        await expectNoLeaks(transport)
    }

    @Test("shutdown while two threads submit: every call ends exactly once (success or canceled), the thread is joined",
          .timeLimit(.minutes(Sanitizer.slowdown)))
    func shutdownWhileCallsArrive() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        for round in 0..<4 {
            let transport = try makeTransport { $0.maxConnectionsPerHost = 4 }
            let perThread = 150
            let ledger = OutcomeLedger(calls: 2 * perThread)
            let queue = DispatchQueue(label: "protohttp.tests.race.shutdown")
            let first = SubmittedCalls<TransportCall>()
            let url = server.url("/slow?ms=2")
            func submitter(_ thread: Int) -> @Sendable () -> Void {
                {
                    for i in 0..<perThread {
                        let index = thread * perThread + i
                        let call = transport.send(TransportRequest(url: url, body: [UInt8(i & 0xff)]), on: queue,
                                                  handedOff: { ledger.record(index, .completion) },
                                                  completion: { ledger.record(index, $0.outcome) })
                        if thread == 0 { first.append(call) }
                        if i % 4 == 3 { usleep(500) }  // deliberate jitter: spreads submissions over the shutdown
                    }
                }
            }
            let tid = transport.threadID
            await runConcurrently([
                submitter(0),
                submitter(1),
                {
                    // Shut down once a few calls are in (later each round), while both keep submitting.
                    _ = first.waitFor(10 + round * 25)
                    transport.shutdown()
                },
            ])
            let ended = await waitUntil { ledger.ended == 2 * perThread }
            #expect(ended, "round \(round): \(2 * perThread - ledger.ended) calls never ended")
            // A grace window for a stray second delivery: it can only miss a bug.
            try await Task.sleep(for: .milliseconds(50))
            queue.sync {}
            #expect(ledger.violations(expectFinished: false) == [], "round \(round)")
            #expect(Set(ledger.failureCodes.keys).isSubset(of: [.canceled]), "round \(round): \(ledger.failureCodes)")
            #expect(ledger.failureCodes[.canceled, default: 0] > 0, "round \(round): shutdown cancelled nothing")
            #expect(transport.liveEasyHandleCount == 0, "round \(round)")
            #expect(await waitUntil { !threadExists(tid) }, "round \(round): the engine thread outlived shutdown()")
            // A call after shutdown fails at once.
            let late = try? await transport.send(TransportRequest(url: url))
            #expect(late == nil)
        }
    }
}
