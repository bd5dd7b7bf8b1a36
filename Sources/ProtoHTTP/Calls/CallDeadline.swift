// CallDeadline.swift: when a call must have finished, on the clock its deadline runs on, and the limit it came from.

/// When a call must have finished, and the limit it came from.
package struct CallDeadline: Sendable {
    /// The call's time limit.
    let timeout: Duration
    /// The instant of the deadline, in the nanoseconds of the clock it was made on.
    let instant: UInt64
    /// The clock the deadline runs on.
    let clock: any CallClock

    /// The deadline `timeout` from now on `clock`.
    package init(timeout: Duration, clock: any CallClock) {
        self.timeout = timeout
        self.clock = clock
        self.instant = clock.instant(timeout, after: clock.now())
    }

    /// The time left now, never negative.
    func remaining() -> Duration {
        let now = clock.now()
        guard instant > now else { return .zero }
        return .nanoseconds(Int64(clamping: instant - now))
    }
}
