// InFlightRequestsTests.swift: the request-task registry alone: counting, answering, cancelling, waiting.
@testable import ProtoHTTPServer
import Synchronization
import Testing

extension ServerTests {
    @Suite("In-flight request registry")
    struct InFlightRequestsTests {
        @Test("a task counts until it returns, also after it answered; allAnswered waits for the answer, not the return")
        func answeredThenReturns() async throws {
            let requests = InFlightRequests()
            let release = Mutex(false)
            let task = requests.start { answered in
                try? await Task.sleep(for: .milliseconds(100))
                answered()
                while !release.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(2)) }
            }
            #expect(requests.count == 1)
            let started = ContinuousClock.now
            #expect(await requests.allAnswered(before: .now + .seconds(5)))
            #expect(ContinuousClock.now - started >= .milliseconds(80))
            #expect(requests.count == 1, "an answered task still runs until it returns")
            release.withLock { $0 = true }
            await task.value
            #expect(requests.count == 0)
        }

        @Test("allAnswered gives up at its deadline when a task never answers, and is true at once with none")
        func deadline() async throws {
            let requests = InFlightRequests()
            #expect(await requests.allAnswered(before: .now + .seconds(5)))
            let task = requests.start { _ in
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(2)) }
            }
            let started = ContinuousClock.now
            #expect(await !requests.allAnswered(before: .now + .milliseconds(100)))
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(100) && waited < .seconds(2), "\(waited)")
            requests.cancelAll()
            await task.value
            #expect(requests.count == 0)
            #expect(await requests.allAnswered(before: .now + .seconds(5)), "a task that returns without answering counts as answered")
        }

        @Test("cancelAll reaches every task, which sees Task.isCancelled")
        func cancelAll() async throws {
            let requests = InFlightRequests()
            let sawCancellation = Mutex(0)
            let tasks = (0..<3).map { _ in
                requests.start { answered in
                    while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(2)) }
                    sawCancellation.withLock { $0 += 1 }
                    answered()
                }
            }
            #expect(requests.count == 3)
            requests.cancelAll()
            for task in tasks { await task.value }
            #expect(sawCancellation.withLock { $0 } == 3)
            #expect(requests.count == 0)
        }
    }
}
