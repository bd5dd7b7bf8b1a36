// Varint.swift: sizes of base-128 varints.

/// Size arithmetic for base-128 varints.
public enum Varint {
    /// The number of bytes the varint encoding of `value` takes, 1 through 10.
    @inlinable
    public static func size(_ value: UInt64) -> Int {
        // Each byte carries 7 bits; (bits used + 6) / 7, with 0 taking one byte.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits &* 9 &+ 64) >> 6
    }

    /// The size of a 32-bit value encoded as a varint (no sign extension).
    @inlinable
    public static func size(_ value: UInt32) -> Int {
        size(UInt64(value))
    }

    /// The size of an int32 or enum value: negative values are sign-extended to 10 bytes.
    @inlinable
    public static func size(signExtended value: Int32) -> Int {
        size(UInt64(bitPattern: Int64(value)))
    }

    /// The varint encoding of a value of `count` bytes (2 through 8), as a little-endian word:
    /// each 7-bit group moved into its own byte, with the continuation bit on all but the last.
    /// Lets the writer store any varint up to 56 bits with one unaligned store and no loop.
    @inlinable @inline(__always)
    static func encodedWord(_ value: UInt64, count: Int) -> UInt64 {
        // Spread the low 56 bits in three rounds: 28-bit halves into 32-bit lanes, 14-bit
        // quarters into 16-bit lanes, 7-bit groups into bytes.
        var word = (value & 0x0FFF_FFFF) | (value & 0x00FF_FFFF_F000_0000) &<< 4
        word = (word & 0x0000_3FFF_0000_3FFF) | (word & 0x0FFF_C000_0FFF_C000) &<< 2
        word = (word & 0x007F_007F_007F_007F) | (word & 0x3F80_3F80_3F80_3F80) &<< 1
        let continuation: UInt64 = 0x8080_8080_8080_8080 & ((1 &<< UInt64(8 &* (count &- 1))) &- 1)
        return word | continuation
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
}
