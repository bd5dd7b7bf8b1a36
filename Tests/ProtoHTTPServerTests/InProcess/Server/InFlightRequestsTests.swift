// InFlightRequestsTests.swift: the request-task registry alone: counting, answering, cancelling, waiting.
@testable import ProtoHTTPServer
import ProtoHTTPTestSupport
import Synchronization
import Testing

extension ServerTests {
    @Suite("In-flight request registry")
    struct InFlightRequestsTests {
        @Test("a task counts until it returns, also after it answered; allAnswered waits for the answer, not the return")
        func answeredThenReturns() async throws {
            let requests = InFlightRequests()
            let answerNow = Mutex(false)
            let returnNow = Mutex(false)
            let order = Mutex<[String]>([])
            let task = requests.start { answered in
                await waitUntil { answerNow.withLock { $0 } }
                order.withLock { $0.append("answered") }
                answered()
                await waitUntil { returnNow.withLock { $0 } }
            }
            #expect(requests.count == 1)
            let clock = ManualClock()
            let waiter = Task {
                let all = await requests.allAnswered(before: clock.now + .seconds(5), on: clock)
                order.withLock { $0.append("allAnswered \(all)") }
            }
            #expect(await waitUntil { clock.sleepers == 1 }, "the waiter is waiting")
            answerNow.withLock { $0 = true }
            await waiter.value
            #expect(order.withLock { $0 } == ["answered", "allAnswered true"], "the wait ends with the answer")
            #expect(requests.count == 1, "an answered task still runs until it returns")
            returnNow.withLock { $0 = true }
            await task.value
            #expect(requests.count == 0)
        }

        @Test("allAnswered gives up at its deadline when a task never answers, and is true at once with none")
        func deadline() async throws {
            let requests = InFlightRequests()
            let clock = ManualClock()
            #expect(await requests.allAnswered(before: clock.now + .seconds(5), on: clock), "none running: true with no wait")
            let task = requests.start { _ in
                await waitUntil(timeout: .seconds(3600)) { Task.isCancelled }
            }
            let waiter = Task { await requests.allAnswered(before: clock.now + .milliseconds(100), on: clock) }
            #expect(await waitUntil { clock.sleepers == 1 }, "the waiter sleeps towards its deadline")
            clock.advance(by: .milliseconds(99))
            #expect(clock.sleepers == 1, "not before the deadline")
            clock.advance(by: .milliseconds(1))
            #expect(await waiter.value == false, "at the deadline, with the task unanswered")
            requests.cancelAll()
            await task.value
            #expect(requests.count == 0)
            #expect(await requests.allAnswered(before: clock.now + .seconds(5), on: clock), "a task that returns without answering counts as answered")
        }

        @Test("cancelAll reaches every task, which sees Task.isCancelled")
        func cancelAll() async throws {
            let requests = InFlightRequests()
            let sawCancellation = Mutex(0)
            let tasks = (0..<3).map { _ in
                requests.start { answered in
                    await waitUntil(timeout: .seconds(3600)) { Task.isCancelled }
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
