// TimeAmount+Duration.swift: Swift's Duration as NIO's TimeAmount.
import NIOCore

extension TimeAmount {
    /// `duration`, rounded down to whole nanoseconds (saturating at the largest amount).
    init(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self = overflow ? .nanoseconds(.max) : .nanoseconds(scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }
}
