// CallClock.swift: the time source of a manager's deadlines and retry waits, injectable so tests step time instead of sleeping.
package import Dispatch

/// Where a manager reads the time and schedules its timed work: each call's deadline (one
/// timer for all of them, see `CallDeadlines`) and the wait before a retry attempt.
///
/// ``SystemCallClock`` is the only clock a user sees: `DispatchTime` and Dispatch timers. Tests
/// give a manager a clock they step by hand (package access), so a deadline or a backoff is
/// reached when the test says, not after a wall-clock wait whose length a loaded machine decides.
package protocol CallClock: Sendable {
    /// The current time, in nanoseconds on a monotonic scale that only this clock defines.
    func now() -> UInt64

    /// A timer that runs `handler` on `queue` each time it fires; it fires once per
    /// ``CallTimer/schedule(at:)``.
    func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any CallTimer

    /// Runs `work` on `queue` once `delay` has passed on this clock.
    func run(after delay: Duration, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
}

/// A re-armable one-shot timer of a ``CallClock``.
package protocol CallTimer: Sendable {
    /// Sets the one pending firing to `deadline` (the clock's nanoseconds), replacing any other.
    func schedule(at deadline: UInt64)

    /// Stops the timer for good; it fires no more.
    func cancel()
}

extension CallClock {
    /// The time `duration` after `instant`, saturating at `UInt64.max`.
    package func instant(_ duration: Duration, after instant: UInt64) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return instant }
        let nanoseconds = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .max }
        let (sum, overflow) = instant.addingReportingOverflow(nanoseconds.partialValue &+ UInt64(attoseconds / 1_000_000_000))
        return overflow ? .max : sum
    }
}
