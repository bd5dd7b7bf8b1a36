// DeadlineQueueTests.swift: the deadline heap (earliest first, any entry removable) and one loop timer serving a connection's deadlines.
import NIOCore
import NIOEmbedded
@testable import ProtoHTTPServer
import ProtoHTTPTestSupport
import Synchronization
import Testing

extension ServerTests {
    @Suite("Deadline queue")
    struct DeadlineQueueTests {
        static func entry(_ seconds: Int64) -> DeadlineQueue.Entry {
            DeadlineQueue.Entry(due: .uptimeNanoseconds(UInt64(seconds) * 1_000_000_000), fire: {})
        }

        static func seconds(_ entries: [DeadlineQueue.Entry]) -> [Int64] {
            entries.map { Int64($0.due.uptimeNanoseconds / 1_000_000_000) }
        }

        @Test("entries leave earliest first, whatever order they came in")
        func earliestFirst() {
            var queue = DeadlineQueue()
            let order: [Int64] = [40, 10, 70, 30, 20, 60, 50, 10, 80, 5]
            for due in order { queue.insert(Self.entry(due)) }
            #expect(queue.count == order.count)
            #expect(queue.earliest == .uptimeNanoseconds(5_000_000_000))
            #expect(Self.seconds(queue.popDue(now: .uptimeNanoseconds(30_000_000_000))) == [5, 10, 10, 20, 30])
            #expect(Self.seconds(queue.popDue(now: .uptimeNanoseconds(1_000_000_000_000))) == [40, 50, 60, 70, 80])
            #expect(queue.count == 0 && queue.earliest == nil)
        }

        @Test("any entry can be taken out, and the rest still leave in order")
        func removeAnyEntry() {
            var queue = DeadlineQueue()
            let entries = (1...31).map { Self.entry(Int64(($0 * 17) % 31 + 1)) }  // 1...31, shuffled
            for entry in entries { queue.insert(entry) }
            var kept: [Int64] = []
            for (index, entry) in entries.enumerated() {
                if index % 3 == 0 {
                    queue.remove(entry)
                    #expect(!entry.isQueued)
                } else {
                    kept.append(Int64(entry.due.uptimeNanoseconds / 1_000_000_000))
                }
            }
            #expect(queue.count == kept.count)
            #expect(Self.seconds(queue.popDue(now: .uptimeNanoseconds(UInt64.max / 2))) == kept.sorted())
        }

        @Test("taking out an entry twice, or one from another queue, changes nothing")
        func removeIsIdempotent() {
            var queue = DeadlineQueue()
            var other = DeadlineQueue()
            let (a, b, stranger) = (Self.entry(1), Self.entry(2), Self.entry(3))
            queue.insert(a)
            queue.insert(b)
            other.insert(stranger)
            queue.remove(a)
            queue.remove(a)
            queue.remove(stranger)
            #expect(queue.count == 1 && queue.earliest == b.due)
            #expect(other.count == 1 && stranger.isQueued)
        }

        @Test("on a loop: one scheduled task serves the deadlines, in order; a cancelled one never fires; an earlier one re-arms")
        func loopTimersShareOneTask() {
            let loop = EmbeddedEventLoop()
            let timers = DeadlineTimers.eventLoop(loop, open: EventLoopsOpen())
            let fired = Mutex<[String]>([])
            func arm(_ name: String, in seconds: Int64) -> DeadlineTimer {
                timers.schedule(at: .now + .seconds(seconds)) { fired.withLock { $0.append(name) } }
            }
            _ = arm("b", in: 20)
            let cancelled = arm("c", in: 30)
            _ = arm("a", in: 10)  // earlier than the armed task: the queue re-arms for it
            _ = arm("d", in: 40)
            cancelled.cancel()
            #expect(timers.queuedCount == 3)
            loop.advanceTime(by: .seconds(9))
            #expect(fired.withLock { $0 }.isEmpty, "nothing before its deadline")
            loop.advanceTime(by: .seconds(2))
            #expect(fired.withLock { $0 } == ["a"])
            loop.advanceTime(by: .seconds(10))
            #expect(fired.withLock { $0 } == ["a", "b"])
            loop.advanceTime(by: .seconds(20))
            #expect(fired.withLock { $0 } == ["a", "b", "d"], "c was cancelled")
            #expect(timers.queuedCount == 0)
            let late = arm("e", in: 5)  // an empty queue arms again
            loop.advanceTime(by: .seconds(6))
            #expect(fired.withLock { $0 } == ["a", "b", "d", "e"])
            late.cancel()  // after it fired: nothing happens
            #expect(timers.queuedCount == 0)
        }

        @Test("answered calls take their entries out: a thousand minute-long deadlines leave nothing queued")
        func answeredCallsLeaveNothing() {
            let loop = EmbeddedEventLoop()
            let timers = DeadlineTimers.eventLoop(loop, open: EventLoopsOpen())
            let fired = Atomic<Int>(0)
            for _ in 0..<1000 {
                let timer = timers.schedule(at: .now + .seconds(60)) { fired.add(1, ordering: .relaxed) }
                timer.cancel()
            }
            #expect(timers.queuedCount == 0)
            loop.advanceTime(by: .seconds(120))
            #expect(fired.load(ordering: .relaxed) == 0)
        }

        @Test("a loop that takes no more work: the timer falls back to Dispatch and still fires")
        func closedLoopFallsBackToDispatch() async {
            let loop = EmbeddedEventLoop()
            let open = EventLoopsOpen()
            open.close()
            let timers = DeadlineTimers.eventLoop(loop, open: open)
            let fired = Atomic<Bool>(false)
            let timer = timers.schedule(at: .now + .milliseconds(1)) { fired.store(true, ordering: .relaxed) }
            guard case .dispatch = timer else {
                Issue.record("expected a Dispatch timer, got \(timer)")
                return
            }
            #expect(timers.queuedCount == 0)
            #expect(await waitUntil { fired.load(ordering: .relaxed) })
        }
    }
}
