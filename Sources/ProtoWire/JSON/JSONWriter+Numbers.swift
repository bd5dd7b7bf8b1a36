// JSONWriter+Numbers.swift: integers in decimal, floats in shortest round-trip form, 64-bit as strings.

extension JSONWriter {
    /// Writes an unsigned integer in decimal.
    @inlinable
    public mutating func writeDecimal(_ v: UInt64) {
        if v < 10 {
            buffer.append(0x30 &+ UInt8(truncatingIfNeeded: v))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, filled from the end
        withUnsafeMutableBytes(of: &digits) { buf in
            var i = 24
            var x = v
            while x != 0 {
                i &-= 1
                buf[i] = 0x30 &+ UInt8(truncatingIfNeeded: x % 10)
                x /= 10
            }
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[i..<24]))
        }
    }

    /// Writes a signed integer in decimal.
    @inlinable
    public mutating func writeDecimal(_ v: Int64) {
        if v < 0 {
            buffer.append(0x2D)
            writeDecimal(UInt64(bitPattern: 0 &- v))
        } else {
            writeDecimal(UInt64(v))
        }
    }

    /// Writes an `int32`/`uint32`-family value as a JSON number.
    @inlinable
    public mutating func writeInt32(_ v: Int32) { writeDecimal(Int64(v)) }

    /// Writes a `uint32`-family value as a JSON number.
    @inlinable
    public mutating func writeUInt32(_ v: UInt32) { writeDecimal(UInt64(v)) }

    /// Writes an `int64`-family value as a JSON string, as proto3 JSON requires.
    @inlinable
    public mutating func writeInt64(_ v: Int64) {
        buffer.append(0x22)
        writeDecimal(v)
        buffer.append(0x22)
    }

    /// Writes a `uint64`-family value as a JSON string.
    @inlinable
    public mutating func writeUInt64(_ v: UInt64) {
        buffer.append(0x22)
        writeDecimal(v)
        buffer.append(0x22)
    }

    /// Writes a double: integral values below 2^53 as integers (negative zero as `-0.0`), other finite values in the
    /// shortest form that reads back to the same double, and NaN/Infinity as strings.
    @inlinable
    public mutating func writeDouble(_ v: Double) {
        if v.isFinite && v.magnitude < 9007199254740992 && v.rounded(.towardZero) == v {
            if v == 0 && v.sign == .minus {
                // "-0" reads as the integer 0 in many JSON parsers (Python's among them),
                // losing the sign; "-0.0" keeps it.
                appendASCII("-0.0")
            } else {
                writeDecimal(Int64(v))
            }
            return
        }
        writeFloatingDescription(v)
    }

    /// Writes a float in the shortest form that reads back to the same float.
    @inlinable
    public mutating func writeFloat(_ v: Float) {
        if v.isFinite && v.magnitude < 16777216 && v.rounded(.towardZero) == v {
            if v == 0 && v.sign == .minus {
                // "-0" reads as the integer 0 in many JSON parsers (Python's among them),
                // losing the sign; "-0.0" keeps it.
                appendASCII("-0.0")
            } else {
                writeDecimal(Int64(v))
            }
            return
        }
        writeFloatingDescription(v)
    }

    /// Swift's `description` is the shortest round-trip form (`1e-05`, `0.1`, `1e+16`), which
    /// is valid JSON once NaN and the infinities are quoted.
    @usableFromInline
    mutating func writeFloatingDescription<F: BinaryFloatingPoint & LosslessStringConvertible>(_ v: F) {
        if v.isNaN { appendASCII("\"NaN\""); return }
        if v.isInfinite { appendASCII(v < 0 ? "\"-Infinity\"" : "\"Infinity\""); return }
        var text = v.description
        text.withUTF8 { utf8 in
            // Integral values print as "16777216.0": drop the ".0".
            let n = utf8.count
            if n > 2 && utf8[n - 2] == 0x2E && utf8[n - 1] == 0x30 {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<(n - 2)]))
            } else {
                buffer.append(contentsOf: utf8)
            }
        }
    }
}
