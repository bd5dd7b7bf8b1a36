// GRPCTimeout.swift: the grpc-timeout header: at most 8 digits and a unit (H, M, S, m, u, n).

/// The `grpc-timeout` header's value: a positive integer of at most eight digits followed by a
/// unit, `H` hours, `M` minutes, `S` seconds, `m` milliseconds, `u` microseconds, `n` nanoseconds.
public enum GRPCTimeout {
    /// The duration `value` stands for, or `nil` when it is not a valid `grpc-timeout`.
    ///
    /// ```swift
    /// GRPCTimeout.parse("250m")   // .milliseconds(250)
    /// GRPCTimeout.parse("1.5S")   // nil: integers only
    /// ```
    public static func parse(_ value: String) -> Duration? {
        let bytes = Array(value.utf8)
        guard bytes.count >= 2, bytes.count <= 9, let unit = bytes.last else { return nil }
        var amount: Int64 = 0
        for digit in bytes.dropLast() {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            amount = amount * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        switch unit {
        case UInt8(ascii: "H"): return .seconds(amount * 3600)
        case UInt8(ascii: "M"): return .seconds(amount * 60)
        case UInt8(ascii: "S"): return .seconds(amount)
        case UInt8(ascii: "m"): return .milliseconds(amount)
        case UInt8(ascii: "u"): return .microseconds(amount)
        case UInt8(ascii: "n"): return .nanoseconds(amount)
        default: return nil
        }
    }

    /// The header value for `duration`: the finest unit whose amount fits in eight digits,
    /// rounded up so the server never gets less time than the caller allowed. A duration of
    /// zero or less is `1n` (already due); longer than `Int64.max` nanoseconds (about 292 years)
    /// counts as that long.
    public static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { return "1n" }
        // Nanoseconds, rounded up; saturating for durations past Int64's nanoseconds.
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let fraction = (attoseconds + 999_999_999) / 1_000_000_000
        let nanoseconds = overflow ? Int64.max : whole.addingReportingOverflow(fraction).overflow ? Int64.max : whole + fraction
        let units: [(divisor: Int64, unit: Character)] = [(1, "n"), (1_000, "u"), (1_000_000, "m"), (1_000_000_000, "S"), (60_000_000_000, "M")]
        for (divisor, unit) in units {
            let amount = nanoseconds / divisor + (nanoseconds % divisor == 0 ? 0 : 1)
            if amount <= 99_999_999 { return "\(amount)\(unit)" }
        }
        // Hours always fit in eight digits: Int64.max nanoseconds are about 2.6 million hours.
        let hour: Int64 = 3_600_000_000_000
        return "\(nanoseconds / hour + (nanoseconds % hour == 0 ? 0 : 1))H"
    }
}
