// ExtensionFieldType.swift: how one kind of extension field (singular, repeated, packed) is encoded.

/// The shape and encoding of an extension field: `optional int32`, `repeated string`,
/// `repeated sint64 [packed = true]`, a closed enum, a message or a group.
///
/// Extension field types are stateless types used as the first generic parameter of
/// ``MessageExtension``, the way ``WireFieldCodec`` types describe regular fields:
///
/// ```
/// proto                                       ExtensionFieldType
/// optional int32 x = 120;                     OptionalExtensionField<WireInt32>
/// repeated string s = 121;                    RepeatedExtensionField<WireString>
/// repeated sint64 p = 122 [packed = true];    PackedExtensionField<WireSInt64>
/// optional Color c = 123;     (proto2 enum)   OptionalEnumExtensionField<Color>
/// optional Msg m = 124;                       OptionalMessageExtensionField<Msg>
/// repeated group G = 125 { ... }              RepeatedGroupExtensionField<G>
/// ```
///
/// Generated code picks the type; users only meet it in the type of a declaration.
public protocol ExtensionFieldType {
    /// The Swift type of the field's value: an element type for singular fields, an array
    /// for repeated ones.
    associatedtype Value: Hashable & Sendable
    /// The value read when the extension is absent and the declaration names no default.
    static var defaultValue: Value { get }
    /// Whether the field is `repeated`; an empty repeated value is the same as no value.
    static var isRepeated: Bool { get }
    /// Whether a field of this type may arrive with `wireType`; other wire types are kept as
    /// unknown fields, as protobuf requires.
    static func accepts(_ wireType: WireType) -> Bool
    /// The encoded size of the whole field, tags included, reserving cache slots for nested
    /// payloads in the order ``write(_:fieldNumber:_:)`` consumes them.
    static func size(of value: Value, fieldNumber: Int, _ cache: inout SizeCache) -> Int
    /// Writes the whole field, tags included.
    static func write(_ value: Value, fieldNumber: Int, _ writer: inout WireWriter)
    /// Reads one occurrence whose `tag` was just read and merges it into `value` (`nil` when
    /// the extension was absent): scalars replace, messages merge, repeated fields append.
    /// Closed-enum numbers the enum does not declare go to `unknownFields`.
    static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout Value?,
                     unknownFields: inout UnknownFields) throws(WireError)
    /// Whether the value's messages have all their proto2 `required` fields.
    static func isInitialized(_ value: Value) -> Bool
    /// Writes the value in proto3 JSON form (a value, or an array for repeated fields).
    static func writeJSON(_ value: Value, _ writer: inout JSONWriter) throws(WireError)
    /// Reads one JSON value into `value` (`nil` when absent): `null` clears it, arrays append.
    static func readJSON(_ reader: inout JSONReader, into value: inout Value?) throws(WireError)
}

extension ExtensionFieldType {
    /// Scalars and enums have no required fields.
    @inlinable
    public static func isInitialized(_ value: Value) -> Bool { true }

    /// The varint size of a tag of `fieldNumber` (the same for every wire type).
    @inlinable
    static func tagSize(_ fieldNumber: Int) -> Int {
        Varint.size(FieldTag(fieldNumber: fieldNumber, wireType: .varint).rawValue)
    }
}

// MARK: - Scalars and open enums

/// A singular (`optional`) extension of a scalar type, or of an open (proto3) enum through
/// ``WireEnum``.
public enum OptionalExtensionField<Codec: WireFieldCodec>: ExtensionFieldType where Codec.Value: Hashable & Sendable {
    /// The codec's value type.
    public typealias Value = Codec.Value
    /// The codec's zero value.
    @inlinable public static var defaultValue: Value { Codec.defaultValue }
    /// Singular.
    @inlinable public static var isRepeated: Bool { false }
    /// Only the codec's wire type.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == Codec.wireType }
    /// Tag plus value.
    @inlinable public static func size(of value: Value, fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        tagSize(fieldNumber) &+ Codec.size(of: value, &cache)
    }
    /// Tag, then value.
    @inlinable public static func write(_ value: Value, fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeTag(fieldNumber: fieldNumber, wireType: Codec.wireType)
        Codec.write(value, &writer)
    }
    /// The value read replaces the old one.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout Value?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        value = try Codec.read(&reader)
    }
}

/// A `repeated` extension written unpacked (one tag per element); packed input is accepted too.
public enum RepeatedExtensionField<Codec: WireFieldCodec>: ExtensionFieldType where Codec.Value: Hashable & Sendable {
    /// An array of the codec's values.
    public typealias Value = [Codec.Value]
    /// Empty.
    @inlinable public static var defaultValue: Value { [] }
    /// Repeated.
    @inlinable public static var isRepeated: Bool { true }
    /// The element's wire type, or a packed run for packable types.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool {
        wireType == Codec.wireType || (Codec.isPackable && wireType == .lengthDelimited)
    }
    /// One tag per element.
    @inlinable public static func size(of value: Value, fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        FieldSize.repeated(Codec.self, value, tagSize: tagSize(fieldNumber), &cache)
    }
    /// One tag per element.
    @inlinable public static func write(_ value: Value, fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeRepeated(Codec.self, value, tag: FieldTag(fieldNumber: fieldNumber, wireType: Codec.wireType).rawValue)
    }
    /// Appends one element or a packed run.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout Value?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var values = value.take() ?? []
        try reader.readRepeated(Codec.self, tag, into: &values)
        value = values
    }
}

/// A `repeated` extension written packed (one length-delimited run); unpacked input is accepted too.
public enum PackedExtensionField<Codec: WireFieldCodec>: ExtensionFieldType where Codec.Value: Hashable & Sendable {
    /// An array of the codec's values.
    public typealias Value = [Codec.Value]
    /// Empty.
    @inlinable public static var defaultValue: Value { [] }
    /// Repeated.
    @inlinable public static var isRepeated: Bool { true }
    /// A packed run or single elements.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool {
        wireType == Codec.wireType || wireType == .lengthDelimited
    }
    /// One tag, one length, the values.
    @inlinable public static func size(of value: Value, fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        FieldSize.packed(Codec.self, value, tagSize: tagSize(fieldNumber), &cache)
    }
    /// One tag, one length, the values.
    @inlinable public static func write(_ value: Value, fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writePacked(Codec.self, value, tag: FieldTag(fieldNumber: fieldNumber, wireType: .lengthDelimited).rawValue)
    }
    /// Appends one element or a packed run.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout Value?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var values = value.take() ?? []
        try reader.readRepeated(Codec.self, tag, into: &values)
        value = values
    }
}

// MARK: - Closed (proto2) enums

/// A singular extension of a closed (proto2) enum; undeclared numbers go to unknown fields.
public enum OptionalEnumExtensionField<E: ProtoEnum>: ExtensionFieldType {
    /// The enum.
    public typealias Value = E
    /// The first declared case.
    @inlinable public static var defaultValue: E { E() }
    /// Singular.
    @inlinable public static var isRepeated: Bool { false }
    /// Varints only.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .varint }
    /// Tag plus sign-extended varint.
    @inlinable public static func size(of value: E, fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        tagSize(fieldNumber) &+ WireEnum<E>.size(of: value, &cache)
    }
    /// Tag, then the number.
    @inlinable public static func write(_ value: E, fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeTag(fieldNumber: fieldNumber, wireType: .varint)
        WireEnum<E>.write(value, &writer)
    }
    /// A declared number replaces the value; an undeclared one goes to `unknownFields`.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout E?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        if let e: E = try reader.readClosedEnum(tag, unknownFields: &unknownFields) { value = e }
    }
}

/// A `repeated` closed-enum extension written unpacked; packed input is accepted too.
public enum RepeatedEnumExtensionField<E: ProtoEnum>: ExtensionFieldType {
    /// The enum values.
    public typealias Value = [E]
    /// Empty.
    @inlinable public static var defaultValue: [E] { [] }
    /// Repeated.
    @inlinable public static var isRepeated: Bool { true }
    /// Varints or a packed run.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .varint || wireType == .lengthDelimited }
    /// One tag per element.
    @inlinable public static func size(of value: [E], fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        FieldSize.repeated(WireEnum<E>.self, value, tagSize: tagSize(fieldNumber), &cache)
    }
    /// One tag per element.
    @inlinable public static func write(_ value: [E], fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeRepeated(WireEnum<E>.self, value, tag: FieldTag(fieldNumber: fieldNumber, wireType: .varint).rawValue)
    }
    /// Appends declared numbers; undeclared ones go to `unknownFields`.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout [E]?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var values = value.take() ?? []
        try reader.readRepeatedClosedEnum(tag, into: &values, unknownFields: &unknownFields)
        value = values
    }
}

/// A `repeated` closed-enum extension written packed; unpacked input is accepted too.
public enum PackedEnumExtensionField<E: ProtoEnum>: ExtensionFieldType {
    /// The enum values.
    public typealias Value = [E]
    /// Empty.
    @inlinable public static var defaultValue: [E] { [] }
    /// Repeated.
    @inlinable public static var isRepeated: Bool { true }
    /// Varints or a packed run.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .varint || wireType == .lengthDelimited }
    /// One tag, one length, the values.
    @inlinable public static func size(of value: [E], fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        FieldSize.packed(WireEnum<E>.self, value, tagSize: tagSize(fieldNumber), &cache)
    }
    /// One tag, one length, the values.
    @inlinable public static func write(_ value: [E], fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writePacked(WireEnum<E>.self, value, tag: FieldTag(fieldNumber: fieldNumber, wireType: .lengthDelimited).rawValue)
    }
    /// Appends declared numbers; undeclared ones go to `unknownFields`.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout [E]?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var values = value.take() ?? []
        try reader.readRepeatedClosedEnum(tag, into: &values, unknownFields: &unknownFields)
        value = values
    }
}
