// VarintCodecs.swift: codecs for the varint field types (int32/64, uint32/64, sint32/64, bool).

/// `int32`: a varint, negative values sign-extended to 10 bytes.
public enum WireInt32: VarintFieldCodec {
    public static var defaultValue: Int32 { 0 }
    @inlinable public static func varintBits(_ value: Int32) -> UInt64 { UInt64(bitPattern: Int64(value)) }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> Int32 { Int32(truncatingIfNeeded: bits) }
}

/// `int64`: a varint of the two's-complement value.
public enum WireInt64: VarintFieldCodec {
    public static var defaultValue: Int64 { 0 }
    @inlinable public static func varintBits(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> Int64 { Int64(bitPattern: bits) }
}

/// `uint32`: a varint.
public enum WireUInt32: VarintFieldCodec {
    public static var defaultValue: UInt32 { 0 }
    @inlinable public static func varintBits(_ value: UInt32) -> UInt64 { UInt64(value) }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: bits) }
}

/// `uint64`: a varint.
public enum WireUInt64: VarintFieldCodec {
    public static var defaultValue: UInt64 { 0 }
    @inlinable public static func varintBits(_ value: UInt64) -> UInt64 { value }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> UInt64 { bits }
}

/// `sint32`: a zigzag-encoded varint.
public enum WireSInt32: VarintFieldCodec {
    public static var defaultValue: Int32 { 0 }
    @inlinable public static func varintBits(_ value: Int32) -> UInt64 { UInt64(ZigZag.encoded(value)) }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> Int32 {
        ZigZag.decoded(UInt32(truncatingIfNeeded: bits))
    }
}

/// `sint64`: a zigzag-encoded varint.
public enum WireSInt64: VarintFieldCodec {
    public static var defaultValue: Int64 { 0 }
    @inlinable public static func varintBits(_ value: Int64) -> UInt64 { ZigZag.encoded(value) }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> Int64 { ZigZag.decoded(bits) }
}

/// `bool`: a one-byte varint; any non-zero varint decodes as `true`.
public enum WireBool: VarintFieldCodec {
    public static var defaultValue: Bool { false }
    @inlinable public static func varintBits(_ value: Bool) -> UInt64 { value ? 1 : 0 }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> Bool { bits != 0 }
}

/// An open (proto3) enum: unknown numbers decode to the enum's `UNRECOGNIZED` case.
///
/// For closed (proto2) enums generated code uses ``WireReader/readClosedEnum(_:unknownFields:)``,
/// ``WireReader/readRepeatedClosedEnum(_:into:unknownFields:)`` and
/// ``WireReader/readMapEntryClosedEnum(_:into:unknownFields:validatesKeyUTF8:)``, which move undeclared numbers to
/// unknown fields.
public enum WireEnum<E: ProtoEnum>: VarintFieldCodec {
    public static var defaultValue: E { E() }
    @inlinable public static func varintBits(_ value: E) -> UInt64 {
        UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: value.rawValue)))
    }
    @inlinable public static func value(fromVarintBits bits: UInt64) -> E {
        E(rawValue: Int(Int32(truncatingIfNeeded: bits))) ?? E()
    }
}

extension WireReader {
    /// Reads an enum number: a varint truncated to 32 bits and sign-extended, as protobuf does.
    @inlinable
    public mutating func readEnumValue() throws(WireError) -> Int {
        Int(Int32(truncatingIfNeeded: try readVarint()))
    }
}
