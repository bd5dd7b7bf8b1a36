// UnvalidatedStringExtensionFields.swift: `string` extensions whose utf8_validation is NONE (every proto2 string extension).

/// A singular `string` extension that does not validate UTF-8 (`utf8_validation = NONE`, the
/// proto2 rule). Valid text reads as the value; bytes that are not UTF-8 go to the message's
/// unknown fields byte for byte (see ``WireReader/readString(_:keepingInvalidIn:)``).
public enum OptionalUnvalidatedStringExtensionField: ExtensionFieldType {
    typealias Validated = OptionalExtensionField<WireString>
    /// A string.
    public typealias Value = String
    /// Empty.
    @inlinable public static var defaultValue: String { "" }
    /// Singular.
    @inlinable public static var isRepeated: Bool { false }
    /// Length-delimited only.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .lengthDelimited }
    /// Tag plus value.
    public static func size(of value: String, fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        Validated.size(of: value, fieldNumber: fieldNumber, &cache)
    }
    /// Tag, then value.
    public static func write(_ value: String, fieldNumber: Int, _ writer: inout WireWriter) {
        Validated.write(value, fieldNumber: fieldNumber, &writer)
    }
    /// Text replaces the value; bytes that are not UTF-8 go to `unknownFields`.
    public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout String?,
                            unknownFields: inout UnknownFields) throws(WireError) {
        if let text = try reader.readString(tag, keepingInvalidIn: &unknownFields) { value = text }
    }
    /// The string.
    public static func writeJSON(_ value: String, _ writer: inout JSONWriter) throws(WireError) {
        try Validated.writeJSON(value, &writer)
    }
    /// A string, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout String?) throws(WireError) {
        try Validated.readJSON(&reader, into: &value)
    }
}

/// A `repeated string` extension that does not validate UTF-8: elements that are not UTF-8
/// go to the message's unknown fields byte for byte.
public enum RepeatedUnvalidatedStringExtensionField: ExtensionFieldType {
    typealias Validated = RepeatedExtensionField<WireString>
    /// The strings.
    public typealias Value = [String]
    /// Empty.
    @inlinable public static var defaultValue: [String] { [] }
    /// Repeated.
    @inlinable public static var isRepeated: Bool { true }
    /// Length-delimited only.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .lengthDelimited }
    /// One tag per element.
    public static func size(of value: [String], fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        Validated.size(of: value, fieldNumber: fieldNumber, &cache)
    }
    /// One tag per element.
    public static func write(_ value: [String], fieldNumber: Int, _ writer: inout WireWriter) {
        Validated.write(value, fieldNumber: fieldNumber, &writer)
    }
    /// Appends text; bytes that are not UTF-8 go to `unknownFields`.
    public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout [String]?,
                            unknownFields: inout UnknownFields) throws(WireError) {
        var values = value.take() ?? []
        try reader.readRepeatedString(tag, into: &values, keepingInvalidIn: &unknownFields)
        value = values
    }
    /// An array.
    public static func writeJSON(_ value: [String], _ writer: inout JSONWriter) throws(WireError) {
        try Validated.writeJSON(value, &writer)
    }
    /// An array, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout [String]?) throws(WireError) {
        try Validated.readJSON(&reader, into: &value)
    }
}
