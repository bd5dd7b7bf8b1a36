// Duration+Dispatch.swift: Swift's Duration as a Dispatch time interval.
import Dispatch

extension Duration {
    /// The duration as a Dispatch interval in whole nanoseconds: zero for a negative duration,
    /// `.never` for one too long for Dispatch.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return .nanoseconds(0) }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, scaled <= Int64(Int.max) - 1_000_000_000 else { return .never }
        return .nanoseconds(Int(scaled + attoseconds / 1_000_000_000))
    }
}
