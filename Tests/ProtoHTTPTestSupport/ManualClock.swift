// ManualClock.swift: a Swift Clock that moves only when a test advances it, for code that takes `some Clock`.
import Synchronization

/// A `Clock` whose time stands still until ``advance(by:)``. Code under test that takes a
/// clock (a shutdown grace period, a queue entry's age) sleeps on it; the test waits until the
/// code is asleep (``sleepers``), then moves time exactly past the point it wants to test.
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock: the time advanced since it was made.
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public static func + (lhs: Instant, rhs: Duration) -> Instant { lhs.advanced(by: rhs) }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }
    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleeps are waiting for the clock to move.
    public var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// Moves time forward by `duration` and wakes every sleep whose deadline it reached.
    public func advance(by duration: Duration) {
        let woken: [Sleeper] = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return Array(due.values)
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Suspends until the clock reaches `deadline`; throws `CancellationError` if the task is
    /// cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    if Task.isCancelled { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }
}
