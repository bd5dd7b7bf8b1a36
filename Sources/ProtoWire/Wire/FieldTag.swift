// FieldTag.swift: a field number paired with a wire type, as it appears before every field.

/// The key in front of every field on the wire: `(fieldNumber << 3) | wireType`.
public struct FieldTag: Hashable, Sendable {
    /// The largest field number protobuf allows, 2^29-1.
    public static let maxFieldNumber = 536_870_911

    /// The raw tag value as it appears on the wire (before varint encoding).
    public let rawValue: UInt32

    /// Wraps a raw tag value that the caller has already validated.
    @inlinable
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Builds the tag of a field number and wire type.
    @inlinable
    public init(fieldNumber: Int, wireType: WireType) {
        self.rawValue = UInt32(truncatingIfNeeded: fieldNumber) << 3 | UInt32(wireType.rawValue)
    }

    /// The field number, 1 through ``maxFieldNumber``.
    @inlinable
    public var fieldNumber: Int { Int(rawValue >> 3) }

    /// The wire type. Tags read by ``WireReader`` always hold a valid one.
    @inlinable
    public var wireType: WireType { WireType(rawValue: UInt8(rawValue & 7)) ?? .varint }
}
