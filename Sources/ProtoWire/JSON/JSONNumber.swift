// JSONNumber.swift: one JSON number token, scanned once into mantissa and exponent.

/// A JSON number split into a decimal mantissa and exponent while it is scanned, so integer
/// fields can tell exactly whether the value is integral and in range, and floating-point
/// fields can take an exact fast path before falling back to `strtod`.
@usableFromInline
struct JSONNumber {
    @usableFromInline var negative = false
    /// The leading significant digits (up to the first that would overflow `UInt64`).
    @usableFromInline var mantissa: UInt64 = 0
    /// value = mantissa × 10^exponent, when ``inexact`` is false.
    @usableFromInline var exponent = 0
    /// Digits were dropped: a non-zero digit that did not fit the mantissa.
    @usableFromInline var inexact = false
    /// The token had no fraction and no exponent.
    @usableFromInline var isPlainInteger = true
    /// The token's bytes, for the `strtod` fallback.
    @usableFromInline var text = UnsafeRawBufferPointer(start: nil, count: 0)
    /// The double value, when it was computed while ``text`` was still valid.
    @usableFromInline var precomputed: Double? = nil

    @inlinable init() {}

    /// The value as an integer in `range`, or a reason why it is not one.
    @inlinable
    func integer(min: Int64, max: UInt64) -> (value: UInt64, negative: Bool)? {
        var m = mantissa
        var e = exponent
        if m == 0 { return inexact ? nil : (0, false) }
        if inexact { return nil }
        while e < 0 {
            guard m % 10 == 0 else { return nil }
            m /= 10
            e += 1
        }
        while e > 0 {
            let (p, o) = m.multipliedReportingOverflow(by: 10)
            if o { return nil }
            m = p
            e -= 1
        }
        if negative {
            guard m <= UInt64(bitPattern: 0 &- min) || (min == Int64.min && m == UInt64(1) << 63) else { return nil }
        } else {
            guard m <= max else { return nil }
        }
        return (m, negative)
    }

    /// Whether the value has digits after the decimal point that are not zero (as opposed
    /// to being integral but out of range).
    @inlinable
    var hasFraction: Bool {
        if mantissa == 0 { return false }
        var m = mantissa
        var e = exponent
        while e < 0 {
            if m % 10 != 0 { return true }
            m /= 10
            e += 1
        }
        return false
    }

    /// The nearest `Double`.
    @inlinable
    var double: Double {
        if let precomputed { return precomputed }
        if !inexact && mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
            // Both operands are exact, so one correctly rounded operation gives the correctly
            // rounded result (Clinger's fast path).
            let m = Double(mantissa)
            let v = exponent >= 0 ? m * JSONNumber.powersOf10[exponent] : m / JSONNumber.powersOf10[-exponent]
            return negative ? -v : v
        }
        return JSONNumber.strtod(text)
    }

    /// Digits that any `UInt64` mantissa of fewer digits can take without overflowing.
    @inlinable
    static var uncheckedDigits: Int { 19 }

    /// Takes digit `d` into the mantissa, or returns false once it is full (the digit then only
    /// scales the value, or makes it inexact). `digits` counts the digits taken: the first
    /// ``uncheckedDigits`` cannot overflow (10^19 - 1 < 2^64), so they skip the checks the ones
    /// after them need. (Parameters rather than captures: a nested function mutating the
    /// scanner's locals made every digit pay a run-time exclusivity check.)
    @inlinable @inline(__always)
    mutating func take(_ d: UInt64, digits: inout Int, full: inout Bool) -> Bool {
        if digits < JSONNumber.uncheckedDigits {
            mantissa = mantissa &* 10 &+ d
            digits &+= 1
            return true
        }
        if full { return false }
        let (a, o1) = mantissa.multipliedReportingOverflow(by: 10)
        let (b, o2) = a.addingReportingOverflow(d)
        if o1 || o2 {
            full = true
            return false
        }
        mantissa = b
        return true
    }

    @usableFromInline
    static let powersOf10: [Double] = (0...22).map { e in
        var v = 1.0
        for _ in 0..<e { v *= 10 }
        return v
    }

    @usableFromInline
    static func strtod(_ text: UnsafeRawBufferPointer) -> Double {
        Double(String(decoding: text.assumingMemoryBound(to: UInt8.self), as: UTF8.self)) ?? .nan
    }
}

extension JSONReader {
    /// Scans a number token at `p` (which must start with `-` or a digit) up to `limit`,
    /// strictly by the JSON grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// Returns the number and the position after it.
    @inlinable
    func scanNumber(at p0: UnsafeRawPointer, limit: UnsafeRawPointer) throws(WireError) -> (JSONNumber, UnsafeRawPointer) {
        var n = JSONNumber()
        var p = p0
        @inline(__always) func byte() -> UInt8 { p < limit ? p.load(as: UInt8.self) : 0 }
        if byte() == 0x2D { n.negative = true; p += 1 }
        let intStart = p
        var full = false
        var digits = 0
        if byte() == 0x30 {
            p += 1
        } else {
            guard byte() >= 0x31 && byte() <= 0x39 else {
                throw error(.malformedJSON, at: p0, "a number needs a digit after its sign")
            }
            while p < limit {
                let d = UInt64(p.load(as: UInt8.self) &- 0x30)
                guard d < 10 else { break }
                if !n.take(d, digits: &digits, full: &full) {
                    n.exponent += 1
                    if d != 0 { n.inexact = true }
                }
                p += 1
            }
        }
        if byte() >= 0x30 && byte() <= 0x39 && p - intStart == 1 {
            throw error(.malformedJSON, at: p0, "a number has a leading zero; JSON numbers are written without one")
        }
        if byte() == 0x2E {
            n.isPlainInteger = false
            p += 1
            guard byte() >= 0x30 && byte() <= 0x39 else {
                throw error(.malformedJSON, at: p0, "a number needs digits after its decimal point")
            }
            while p < limit {
                let d = UInt64(p.load(as: UInt8.self) &- 0x30)
                guard d < 10 else { break }
                if n.take(d, digits: &digits, full: &full) {
                    n.exponent -= 1
                } else if d != 0 {
                    n.inexact = true
                }
                p += 1
            }
        }
        if byte() == 0x65 || byte() == 0x45 {
            n.isPlainInteger = false
            p += 1
            var negativeExponent = false
            if byte() == 0x2B || byte() == 0x2D { negativeExponent = byte() == 0x2D; p += 1 }
            guard byte() >= 0x30 && byte() <= 0x39 else {
                throw error(.malformedJSON, at: p0, "a number needs digits in its exponent")
            }
            var e = 0
            while byte() >= 0x30 && byte() <= 0x39 {
                if e < 100_000 { e = e * 10 + Int(byte() &- 0x30) }
                p += 1
            }
            n.exponent += negativeExponent ? -e : e
        }
        n.text = UnsafeRawBufferPointer(start: p0, count: p - p0)
        return (n, p)
    }

    /// Reads a number token, or a string holding one (as proto3 JSON allows for numeric
    /// fields); returns the number and where its token began.
    @usableFromInline
    mutating func readNumberOrNumericString(_ kind: String) throws(WireError) -> (JSONNumber, UnsafeRawPointer) {
        let at = pointer
        let b = try peek(kind)
        if b == 0x22 {
            let s = try readStringToken()
            let result: JSONNumber? = s.withBytes { (bytes: UnsafeRawBufferPointer) -> JSONNumber? in
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
                let c = base.load(as: UInt8.self)
                guard c == 0x2D || (c >= 0x30 && c <= 0x39) else { return nil }
                guard let (n, after) = try? scanNumber(at: base, limit: base + bytes.count), after == base + bytes.count else { return nil }
                // The text may be owned by the string token: resolve the double now.
                var copy = n
                copy.precomputed = n.double
                copy.text = UnsafeRawBufferPointer(start: nil, count: 0)
                return copy
            }
            guard let result else {
                throw error(.invalidJSONValue, at: at, "expected \(kind), but the string does not hold a JSON number")
            }
            return (result, at)
        }
        guard b == 0x2D || (b >= 0x30 && b <= 0x39) else { throw invalidValue(kind) }
        let (n, after) = try scanNumber(at: pointer, limit: end)
        pointer = after
        return (n, at)
    }
}
