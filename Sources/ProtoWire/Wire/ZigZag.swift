// ZigZag.swift: the zigzag mapping used by sint32 and sint64.

/// Maps signed integers to unsigned ones so that small magnitudes get short varints:
/// 0 → 0, -1 → 1, 1 → 2, -2 → 3, ...
@usableFromInline
package enum ZigZag {
    /// Encodes a sint32 value.
    @inlinable
    package static func encoded(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value &<< 1) ^ (value >> 31))
    }

    /// Encodes a sint64 value.
    @inlinable
    package static func encoded(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value &<< 1) ^ (value >> 63))
    }

    /// Decodes a sint32 value.
    @inlinable
    package static func decoded(_ value: UInt32) -> Int32 {
        Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    /// Decodes a sint64 value.
    @inlinable
    package static func decoded(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }
}
