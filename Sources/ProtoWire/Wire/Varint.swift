// Varint.swift: sizes of base-128 varints.

/// Size arithmetic for base-128 varints.
@usableFromInline
package enum Varint {
    /// The number of bytes the varint encoding of `value` takes, 1 through 10.
    @inlinable
    package static func size(_ value: UInt64) -> Int {
        // Each byte carries 7 bits; (bits used + 6) / 7, with 0 taking one byte.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits &* 9 &+ 64) >> 6
    }

    /// The size of a 32-bit value encoded as a varint (no sign extension).
    @inlinable
    package static func size(_ value: UInt32) -> Int {
        size(UInt64(value))
    }

    /// The size of an int32 or enum value: negative values are sign-extended to 10 bytes.
    @inlinable
    package static func size(signExtended value: Int32) -> Int {
        size(UInt64(bitPattern: Int64(value)))
    }

    /// Decodes a varint at `p` with no bounds checks, advancing `p` past it. The caller
    /// guarantees at least 10 readable bytes. Returns `nil` (and leaves `p`) if the varint is
    /// longer than 10 bytes or overflows 64 bits.
    @inlinable
    static func decodeUnchecked(_ p: inout UnsafeRawPointer) -> UInt64? {
        var q = p
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while shift < 63 {
            let byte = UInt64(q.load(as: UInt8.self))
            q += 1
            result |= (byte & 0x7F) &<< shift
            if byte < 0x80 {
                p = q
                return result
            }
            shift &+= 7
        }
        // The tenth byte may only contribute bit 63.
        let last = q.load(as: UInt8.self)
        guard last <= 1 else { return nil }
        p = q + 1
        return result | UInt64(last) &<< 63
    }

    /// Stores the varint encoding of `value` at `p` with no bounds check and returns the
    /// address after it. The caller guarantees room for ``size(_:)-swift.type.method`` bytes.
    @inlinable @inline(__always)
    static func store(_ value: UInt64, at p: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        var p = p
        var v = value
        while v >= 0x80 {
            p.storeBytes(of: UInt8(truncatingIfNeeded: v) | 0x80, as: UInt8.self)
            p += 1
            v >>= 7
        }
        p.storeBytes(of: UInt8(truncatingIfNeeded: v), as: UInt8.self)
        return p + 1
    }
}
