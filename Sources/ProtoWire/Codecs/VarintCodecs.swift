// VarintCodecs.swift: codecs for the varint field types (int32/64, uint32/64, sint32/64, bool).

/// `int32`: a varint, negative values sign-extended to 10 bytes.
public enum WireInt32: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: Int32 { 0 }
    @inlinable public static func size(of value: Int32, _ cache: inout SizeCache) -> Int {
        Varint.size(signExtended: value)
    }
    @inlinable public static func write(_ value: Int32, _ writer: inout WireWriter) {
        writer.writeVarint(UInt64(bitPattern: Int64(value)))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Int32 {
        Int32(truncatingIfNeeded: try reader.readVarint())
    }
}

/// `int64`: a varint of the two's-complement value.
public enum WireInt64: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: Int64 { 0 }
    @inlinable public static func size(of value: Int64, _ cache: inout SizeCache) -> Int {
        Varint.size(UInt64(bitPattern: value))
    }
    @inlinable public static func write(_ value: Int64, _ writer: inout WireWriter) {
        writer.writeVarint(UInt64(bitPattern: value))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Int64 {
        Int64(bitPattern: try reader.readVarint())
    }
}

/// `uint32`: a varint.
public enum WireUInt32: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: UInt32 { 0 }
    @inlinable public static func size(of value: UInt32, _ cache: inout SizeCache) -> Int {
        Varint.size(value)
    }
    @inlinable public static func write(_ value: UInt32, _ writer: inout WireWriter) {
        writer.writeVarint(value)
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> UInt32 {
        UInt32(truncatingIfNeeded: try reader.readVarint())
    }
}

/// `uint64`: a varint.
public enum WireUInt64: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: UInt64 { 0 }
    @inlinable public static func size(of value: UInt64, _ cache: inout SizeCache) -> Int {
        Varint.size(value)
    }
    @inlinable public static func write(_ value: UInt64, _ writer: inout WireWriter) {
        writer.writeVarint(value)
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> UInt64 {
        try reader.readVarint()
    }
}

/// `sint32`: a zigzag-encoded varint.
public enum WireSInt32: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: Int32 { 0 }
    @inlinable public static func size(of value: Int32, _ cache: inout SizeCache) -> Int {
        Varint.size(ZigZag.encoded(value))
    }
    @inlinable public static func write(_ value: Int32, _ writer: inout WireWriter) {
        writer.writeVarint(ZigZag.encoded(value))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Int32 {
        ZigZag.decoded(UInt32(truncatingIfNeeded: try reader.readVarint()))
    }
}

/// `sint64`: a zigzag-encoded varint.
public enum WireSInt64: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: Int64 { 0 }
    @inlinable public static func size(of value: Int64, _ cache: inout SizeCache) -> Int {
        Varint.size(ZigZag.encoded(value))
    }
    @inlinable public static func write(_ value: Int64, _ writer: inout WireWriter) {
        writer.writeVarint(ZigZag.encoded(value))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Int64 {
        ZigZag.decoded(try reader.readVarint())
    }
}

/// `bool`: a one-byte varint; any non-zero varint decodes as `true`.
public enum WireBool: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: Bool { false }
    @inlinable public static func size(of value: Bool, _ cache: inout SizeCache) -> Int { 1 }
    @inlinable public static func write(_ value: Bool, _ writer: inout WireWriter) {
        writer.writeVarint(UInt64(value ? 1 : 0))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Bool {
        try reader.readVarint() != 0
    }
}

/// An open (proto3) enum: unknown numbers decode to the enum's `UNRECOGNIZED` case.
///
/// For closed (proto2) enums generated code uses ``WireReader/readClosedEnum(_:unknownFields:)``,
/// ``WireReader/readRepeatedClosedEnum(_:into:unknownFields:)`` and
/// ``WireReader/readMapEntryClosedEnum(_:into:unknownFields:)``, which move undeclared numbers to
/// unknown fields.
public enum WireEnum<E: ProtoEnum>: WireFieldCodec {
    public static var wireType: WireType { .varint }
    public static var defaultValue: E { E() }
    @inlinable public static func size(of value: E, _ cache: inout SizeCache) -> Int {
        Varint.size(signExtended: Int32(truncatingIfNeeded: value.rawValue))
    }
    @inlinable public static func write(_ value: E, _ writer: inout WireWriter) {
        writer.writeVarint(UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: value.rawValue))))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> E {
        E(rawValue: try reader.readEnumValue()) ?? E()
    }
}

extension WireReader {
    /// Reads an enum number: a varint truncated to 32 bits and sign-extended, as protobuf does.
    @inlinable
    public mutating func readEnumValue() throws(WireError) -> Int {
        Int(Int32(truncatingIfNeeded: try readVarint()))
    }
}
