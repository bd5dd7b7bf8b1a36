// JSONTime.swift: civil-date arithmetic and fractional-second text shared by Timestamp and Duration JSON.

/// Date and fraction helpers for the RFC 3339 and duration strings of proto3 JSON.
@usableFromInline
enum JSONTime {
    /// Seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z since the Unix epoch.
    static let minTimestampSeconds: Int64 = -62_135_596_800
    static let maxTimestampSeconds: Int64 = 253_402_300_799
    /// The largest duration, about 10,000 years, in seconds.
    static let maxDurationSeconds: Int64 = 315_576_000_000

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day count since 1970-01-01.
    static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `n` in decimal, zero-padded to `width` digits.
    static func padded(_ n: Int64, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// `""`, or `.` and 3, 6 or 9 digits of `nanos` (0...999_999_999).
    static func fraction(_ nanos: Int32) -> String {
        if nanos == 0 { return "" }
        if nanos % 1_000_000 == 0 { return "." + padded(Int64(nanos / 1_000_000), 3) }
        if nanos % 1000 == 0 { return "." + padded(Int64(nanos / 1000), 6) }
        return "." + padded(Int64(nanos), 9)
    }

    /// A simple cursor over ASCII text for the parsers.
    struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(_ s: String) { bytes = Array(s.utf8) }

        var atEnd: Bool { i >= bytes.count }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func take(_ c: UInt8) -> Bool {
            guard peek == c else { return false }
            i += 1
            return true
        }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int64? {
            var v: Int64 = 0
            for _ in 0..<count {
                guard let c = peek, c >= 0x30 && c <= 0x39 else { return nil }
                v = v * 10 + Int64(c - 0x30)
                i += 1
            }
            return v
        }

        /// One or more digits (at most 18).
        mutating func number() -> Int64? {
            var v: Int64 = 0
            var n = 0
            while let c = peek, c >= 0x30 && c <= 0x39 {
                guard n < 18 else { return nil }
                v = v * 10 + Int64(c - 0x30)
                i += 1
                n += 1
            }
            return n == 0 ? nil : v
        }

        /// After a `.`: 1 to 9 digits as nanoseconds.
        mutating func nanos() -> Int32? {
            var v: Int64 = 0
            var n = 0
            while let c = peek, c >= 0x30 && c <= 0x39 {
                guard n < 9 else { return nil }
                v = v * 10 + Int64(c - 0x30)
                i += 1
                n += 1
            }
            guard n > 0 else { return nil }
            for _ in n..<9 { v *= 10 }
            return Int32(v)
        }
    }
}
