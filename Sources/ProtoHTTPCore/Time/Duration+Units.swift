// Duration+Units.swift: Swift's Duration in the units the engines take (milliseconds, seconds, Dispatch intervals).
package import Dispatch

/// One place for the conversions libcurl (milliseconds), Dispatch (nanosecond intervals),
/// Connect (`Connect-Timeout-Ms`) and the logs (fractional milliseconds) need.
extension Duration {
    /// Whole milliseconds, rounded toward negative infinity, saturating at the `Int64` range.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000 - (attoseconds < 0 && attoseconds % 1_000_000_000_000_000 != 0 ? 1 : 0))
        return carry ? (seconds < 0 ? .min : .max) : sum
    }

    /// Whole milliseconds, rounded up: a timer or limit of this many milliseconds never fires
    /// before the duration has passed. Saturating at the `Int64` range.
    package var wholeMillisecondsRoundedUp: Int64 {
        let down = wholeMilliseconds
        let remainder = self - .milliseconds(down)
        return remainder > .zero && down < .max ? down + 1 : down
    }

    /// Whole nanoseconds, rounded toward zero, saturating at the `Int64` range (NIO's
    /// `TimeAmount`; a `grpc-timeout` may say up to 99,999,999 hours, beyond it).
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return carry ? (seconds < 0 ? .min : .max) : sum
    }

    /// Milliseconds as a `Double` (for logs: `0.31ms`).
    package var fractionalMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }

    /// Seconds as a `Double` (Foundation's and Dispatch's `TimeInterval`).
    package var fractionalSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration as a Dispatch interval in whole nanoseconds: zero for a negative duration,
    /// `.never` for one too long for Dispatch.
    package var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return .nanoseconds(0) }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, scaled <= Int64(Int.max) - 1_000_000_000 else { return .never }
        return .nanoseconds(Int(scaled + attoseconds / 1_000_000_000))
    }
}
