// Timestamp+Date.swift: google.protobuf.Timestamp from and to Date, normalized, and ordered.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Google_Protobuf_Timestamp {
    /// The earliest valid timestamp, 0001-01-01T00:00:00Z, in seconds since the Unix epoch.
    public static let minSeconds: Int64 = -62_135_596_800
    /// The latest valid timestamp's seconds, 9999-12-31T23:59:59Z, since the Unix epoch.
    public static let maxSeconds: Int64 = 253_402_300_799

    /// Seconds between the Unix epoch (1970) and Foundation's reference date (2001).
    private static let referenceDateOffset: Int64 = 978_307_200

    /// Creates a timestamp from seconds and nanoseconds since 1970-01-01T00:00:00Z.
    ///
    /// `nanos` outside `0..<1_000_000_000` is carried into `seconds`, so the result is always
    /// normalized: `Timestamp(seconds: 1, nanos: -1)` is `0.999999999` seconds.
    public init(seconds: Int64, nanos: Int32 = 0) {
        self.init()
        (self.seconds, self.nanos) = normalizedSecondsAndNanos(seconds, nanos, sameSign: false)
    }

    /// Creates a timestamp from a number of seconds since 1970, rounded to the nanosecond.
    ///
    /// Values outside what a timestamp can hold (years 1 to 9999) are clamped to
    /// ``minSeconds``...``maxSeconds``; NaN becomes the epoch.
    public init(timeIntervalSince1970 interval: Double) {
        self.init()
        (seconds, nanos) = Google_Protobuf_Timestamp.split(interval)
    }

    /// Creates a timestamp for `date`, rounded to the nanosecond.
    ///
    /// Precision is kept by splitting Foundation's own reference-date interval before adding
    /// the epoch offset. Dates outside years 1 to 9999 are clamped.
    public init(date: Date) {
        self.init()
        let (s, n) = Google_Protobuf_Timestamp.split(date.timeIntervalSinceReferenceDate,
                                                     offset: Google_Protobuf_Timestamp.referenceDateOffset)
        (seconds, nanos) = (s, n)
    }

    /// The timestamp as a `Date` (Foundation keeps about a microsecond of precision).
    public var date: Date {
        Date(timeIntervalSinceReferenceDate: Double(seconds) - Double(Google_Protobuf_Timestamp.referenceDateOffset)
             + Double(nanos) / 1e9)
    }

    /// The timestamp as seconds since 1970.
    public var timeIntervalSince1970: Double { Double(seconds) + Double(nanos) / 1e9 }

    /// Whether the timestamp is one protobuf allows: years 1 to 9999 and `nanos` in
    /// `0..<1_000_000_000`. Decoding does not check this; the JSON mapping will.
    public var isValid: Bool {
        seconds >= Google_Protobuf_Timestamp.minSeconds && seconds <= Google_Protobuf_Timestamp.maxSeconds
            && nanos >= 0 && nanos < 1_000_000_000
    }

    /// Splits `interval` (+ `offset` seconds) into whole seconds and nanoseconds, clamped.
    private static func split(_ interval: Double, offset: Int64 = 0) -> (Int64, Int32) {
        guard !interval.isNaN else { return (0, 0) }
        let low = Double(minSeconds - offset)
        let high = Double(maxSeconds - offset)
        let clamped = min(max(interval, low), high)
        var whole = clamped.rounded(.down)
        var nanos = ((clamped - whole) * 1e9).rounded()
        if nanos >= 1e9 {
            whole += 1
            nanos -= 1e9
        }
        return (Int64(whole) + offset, Int32(nanos))
    }
}

extension Google_Protobuf_Timestamp: Comparable {
    /// Orders timestamps by time (seconds, then nanos).
    public static func < (lhs: Google_Protobuf_Timestamp, rhs: Google_Protobuf_Timestamp) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
}

/// Carries `nanos` into `seconds`; with `sameSign`, gives `nanos` the sign of `seconds`
/// (Duration's rule), else makes it non-negative (Timestamp's rule). Saturates at `Int64`'s ends.
func normalizedSecondsAndNanos(_ seconds: Int64, _ nanos: Int32, sameSign: Bool) -> (Int64, Int32) {
    let billion: Int64 = 1_000_000_000
    var s = seconds
    var n = Int64(nanos)
    func add(_ carry: Int64) {
        let (sum, overflow) = s.addingReportingOverflow(carry)
        s = overflow ? (carry < 0 ? .min : .max) : sum
    }
    add(n / billion)
    n %= billion
    if sameSign {
        if s > 0 && n < 0 {
            add(-1)
            n += billion
        } else if s < 0 && n > 0 {
            add(1)
            n -= billion
        }
    } else if n < 0 {
        add(-1)
        n += billion
    }
    return (s, Int32(n))
}
