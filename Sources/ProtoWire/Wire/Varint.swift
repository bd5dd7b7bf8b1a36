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
}
