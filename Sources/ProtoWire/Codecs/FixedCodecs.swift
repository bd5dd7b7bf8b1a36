// FixedCodecs.swift: codecs for the fixed-width field types (fixed32/64, sfixed32/64, float, double).

/// `fixed32`: four little-endian bytes.
public enum WireFixed32: FixedWidthFieldCodec {
    public static var wireType: WireType { .fixed32 }
    public static var defaultValue: UInt32 { 0 }
    @inlinable public static func size(of value: UInt32, _ cache: inout SizeCache) -> Int { 4 }
    @inlinable public static func write(_ value: UInt32, _ writer: inout WireWriter) {
        writer.writeFixed32(value)
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> UInt32 {
        try reader.readFixed32()
    }
}

/// `fixed64`: eight little-endian bytes.
public enum WireFixed64: FixedWidthFieldCodec {
    public static var wireType: WireType { .fixed64 }
    public static var defaultValue: UInt64 { 0 }
    @inlinable public static func size(of value: UInt64, _ cache: inout SizeCache) -> Int { 8 }
    @inlinable public static func write(_ value: UInt64, _ writer: inout WireWriter) {
        writer.writeFixed64(value)
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> UInt64 {
        try reader.readFixed64()
    }
}

/// `sfixed32`: four little-endian bytes, two's complement.
public enum WireSFixed32: FixedWidthFieldCodec {
    public static var wireType: WireType { .fixed32 }
    public static var defaultValue: Int32 { 0 }
    @inlinable public static func size(of value: Int32, _ cache: inout SizeCache) -> Int { 4 }
    @inlinable public static func write(_ value: Int32, _ writer: inout WireWriter) {
        writer.writeFixed32(UInt32(bitPattern: value))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Int32 {
        Int32(bitPattern: try reader.readFixed32())
    }
}

/// `sfixed64`: eight little-endian bytes, two's complement.
public enum WireSFixed64: FixedWidthFieldCodec {
    public static var wireType: WireType { .fixed64 }
    public static var defaultValue: Int64 { 0 }
    @inlinable public static func size(of value: Int64, _ cache: inout SizeCache) -> Int { 8 }
    @inlinable public static func write(_ value: Int64, _ writer: inout WireWriter) {
        writer.writeFixed64(UInt64(bitPattern: value))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Int64 {
        Int64(bitPattern: try reader.readFixed64())
    }
}

/// `float`: IEEE 754 binary32, bit pattern preserved (NaN payloads, -0.0).
public enum WireFloat: FixedWidthFieldCodec {
    public static var wireType: WireType { .fixed32 }
    public static var defaultValue: Float { 0 }
    @inlinable public static func size(of value: Float, _ cache: inout SizeCache) -> Int { 4 }
    @inlinable public static func write(_ value: Float, _ writer: inout WireWriter) {
        writer.writeFixed32(value.bitPattern)
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Float {
        Float(bitPattern: try reader.readFixed32())
    }
}

/// `double`: IEEE 754 binary64, bit pattern preserved (NaN payloads, -0.0).
public enum WireDouble: FixedWidthFieldCodec {
    public static var wireType: WireType { .fixed64 }
    public static var defaultValue: Double { 0 }
    @inlinable public static func size(of value: Double, _ cache: inout SizeCache) -> Int { 8 }
    @inlinable public static func write(_ value: Double, _ writer: inout WireWriter) {
        writer.writeFixed64(value.bitPattern)
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Double {
        Double(bitPattern: try reader.readFixed64())
    }
}
