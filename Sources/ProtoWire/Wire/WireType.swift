// WireType.swift: the six wire types of the protobuf binary format.

/// The low three bits of a field tag: how the field's value is laid out on the wire.
public enum WireType: UInt8, Sendable, Hashable, CaseIterable {
    /// int32, int64, uint32, uint64, sint32, sint64, bool, enum.
    case varint = 0
    /// fixed64, sfixed64, double.
    case fixed64 = 1
    /// string, bytes, embedded messages, packed repeated fields.
    case lengthDelimited = 2
    /// Start of a proto2 group.
    case startGroup = 3
    /// End of a proto2 group.
    case endGroup = 4
    /// fixed32, sfixed32, float.
    case fixed32 = 5
}
