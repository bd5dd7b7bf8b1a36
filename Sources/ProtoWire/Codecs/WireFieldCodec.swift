// WireFieldCodec.swift: how one protobuf field type is sized, written and read.

/// The wire behaviour of one protobuf field type (`int32`, `string`, a message type, ...).
///
/// Codecs are stateless types used as generic parameters, so that repeated fields and maps of
/// any element type share one implementation that the compiler specializes per type.
public protocol WireFieldCodec {
    /// The Swift type that holds a value of this field type.
    associatedtype Value
    /// The wire type of one unpacked value.
    static var wireType: WireType { get }
    /// Whether repeated fields of this type may use packed encoding.
    static var isPackable: Bool { get }
    /// The default value: zero, false, empty, or an empty message.
    static var defaultValue: Value { get }
    /// The number of bytes `write` produces for `value` (length prefix included for
    /// length-delimited types), reserving cache slots for nested payloads.
    static func size(of value: Value, _ cache: inout SizeCache) -> Int
    /// Writes `value` without a tag.
    static func write(_ value: Value, _ writer: inout WireWriter)
    /// Reads one value without a tag.
    static func read(_ reader: inout WireReader) throws(WireError) -> Value
    /// Reads one value into an existing one: replaces scalars, merges messages.
    static func merge(_ reader: inout WireReader, into value: inout Value) throws(WireError)
    /// Writes `value` in its proto3 JSON form (see WireCodecs+JSON.swift).
    static func writeJSON(_ value: Value, _ writer: inout JSONWriter) throws(WireError)
    /// Reads one value in proto3 JSON form (not `null`, unless ``jsonNullIsValue``); `nil`
    /// means the value was consumed but is to be dropped (an unknown enum name with
    /// ``JSONDecodingOptions/ignoreUnknownFields``).
    static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Value?
    /// Whether JSON `null` is a value of this type (`google.protobuf.Value`, `NullValue`)
    /// rather than "the default".
    static var jsonNullIsValue: Bool { get }
}

extension WireFieldCodec {
    /// Scalars: the value read replaces the old one.
    @inlinable
    public static func merge(_ reader: inout WireReader, into value: inout Value) throws(WireError) {
        value = try read(&reader)
    }

    /// Varint and fixed-width types pack; length-delimited ones do not.
    @inlinable
    public static var isPackable: Bool { wireType != .lengthDelimited }
}

/// A codec whose values travel as a single varint (int32/64, uint32/64, sint32/64, bool, enums).
///
/// Exposing the varint's bits lets packed runs be sized, written and read in tight loops over
/// raw memory instead of one codec call per element.
public protocol VarintFieldCodec: WireFieldCodec {
    /// The unsigned value written on the wire for `value` (sign-extended or zigzagged as the
    /// type requires).
    static func varintBits(_ value: Value) -> UInt64
    /// The value a varint of `bits` decodes to.
    static func value(fromVarintBits bits: UInt64) -> Value
}

extension VarintFieldCodec {
    /// Every varint codec is sized, written and read through its varint bits.
    @inlinable public static var wireType: WireType { .varint }
    @inlinable public static func size(of value: Value, _ cache: inout SizeCache) -> Int {
        Varint.size(varintBits(value))
    }
    @inlinable public static func write(_ value: Value, _ writer: inout WireWriter) {
        writer.writeVarint(varintBits(value))
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Value {
        value(fromVarintBits: try reader.readVarint())
    }
}

/// A codec whose values are 4 or 8 bytes on the wire, little-endian, laid out exactly as the
/// Swift value is in memory on a little-endian machine (fixed32/64, sfixed32/64, float, double),
/// so packed runs are copied in one go.
public protocol FixedWidthFieldCodec: WireFieldCodec where Value: BitwiseCopyable {}
