// ManualCallClock.swift: a CallClock that moves only when a test advances it, for deadlines and retry waits without sleeping.
package import Dispatch
import Synchronization
package import ProtoHTTP

/// A manager clock that stands still until ``advance(by:)``: a test reaches a deadline or the
/// end of a retry wait exactly when it says, on any machine at any load.
///
/// Timers and waits that come due are run on their queues (asynchronously, as Dispatch would);
/// ``pendingWaits`` and ``armedDeadlines`` let a test wait for the manager to have scheduled
/// something before it moves time past it.
package final class ManualCallClock: CallClock {
    package init() {}

    private struct Pending {
        let at: UInt64
        let queue: DispatchQueue
        let work: @Sendable () -> Void
    }
    private struct State {
        var now: UInt64 = 1_000_000_000
        /// Timer id → its one pending firing, if scheduled.
        var timers: [Int: Pending] = [:]
        var handlers: [Int: (queue: DispatchQueue, handler: @Sendable () -> Void)] = [:]
        var nextTimer = 0
        var waits: [Pending] = []
    }
    private let state = Mutex(State())

    package func now() -> UInt64 { state.withLock { $0.now } }

    package func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any CallTimer {
        let id = state.withLock { state in
            state.nextTimer += 1
            state.handlers[state.nextTimer] = (queue, handler)
            return state.nextTimer
        }
        return Timer(clock: self, id: id)
    }

    package func run(after delay: Duration, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.waits.append(Pending(at: instant(delay, after: $0.now), queue: queue, work: work)) }
    }

    /// How many `run(after:)` waits have not come due yet.
    package var pendingWaits: Int { state.withLock { $0.waits.count } }

    /// The instants the timers are scheduled for, relative to now.
    package var armedDeadlines: [Duration] {
        state.withLock { state in
            state.timers.values.map { .nanoseconds(Int64(clamping: $0.at) - Int64(clamping: state.now)) }
        }
    }

    /// Moves the clock forward by `duration` and runs, on their queues, every timer and wait
    /// that is now due; returns how many it started.
    @discardableResult
    package func advance(by duration: Duration) -> Int {
        let due = takeDue(after: duration)
        for pending in due { pending.queue.async(execute: pending.work) }
        return due.count
    }

    /// ``advance(by:)``, returning only once every timer and wait it started has run.
    @discardableResult
    package func advanceAndRun(by duration: Duration) async -> Int {
        let due = takeDue(after: duration)
        let group = DispatchGroup()
        for pending in due { pending.queue.async(group: group, execute: pending.work) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { continuation.resume() }
        }
        return due.count
    }

    /// Moves the clock forward by `duration` and takes every timer and wait now due.
    private func takeDue(after duration: Duration) -> [Pending] {
        state.withLock { state in
            state.now = instant(duration, after: state.now)
            let now = state.now
            var due = state.waits.filter { $0.at <= now }
            state.waits.removeAll { $0.at <= now }
            for (id, pending) in state.timers where pending.at <= now {
                due.append(pending)
                state.timers[id] = nil
            }
            return due
        }
    }

    private struct Timer: CallTimer {
        let clock: ManualCallClock
        let id: Int

        func schedule(at deadline: UInt64) {
            clock.state.withLock { state in
                guard let (queue, handler) = state.handlers[id] else { return }
                state.timers[id] = Pending(at: deadline, queue: queue, work: handler)
            }
        }

        func cancel() {
            clock.state.withLock { state in
                state.timers[id] = nil
                state.handlers[id] = nil
            }
        }
    }
}
