// MessageExtensionFieldTypes.swift: extension fields whose values are messages or groups.

/// A singular extension holding a message. A message seen again merges into the one stored.
/// These are the extensions a `message_set_wire_format` message carries as MessageSet items.
public enum OptionalMessageExtensionField<M: ProtoMessage>: ExtensionFieldType {
    /// The message.
    public typealias Value = M
    /// An empty message.
    @inlinable public static var defaultValue: M { M() }
    /// Singular.
    @inlinable public static var isRepeated: Bool { false }
    /// Length-delimited only.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .lengthDelimited }
    /// Tag, length, fields.
    @inlinable public static func size(of value: M, fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        tagSize(fieldNumber) &+ WireMessage<M>.size(of: value, &cache)
    }
    /// Tag, length, fields.
    @inlinable public static func write(_ value: M, fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeTag(fieldNumber: fieldNumber, wireType: .lengthDelimited)
        WireMessage<M>.write(value, &writer)
    }
    /// Merges into the stored message, or starts an empty one.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout M?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var message = value.take() ?? M()
        try reader.readMessage(into: &message)
        value = message
    }
    /// The message's own check.
    @inlinable public static func isInitialized(_ value: M) -> Bool { value.isInitialized }
}

/// A `repeated` extension of messages.
public enum RepeatedMessageExtensionField<M: ProtoMessage>: ExtensionFieldType {
    /// The messages.
    public typealias Value = [M]
    /// Empty.
    @inlinable public static var defaultValue: [M] { [] }
    /// Repeated.
    @inlinable public static var isRepeated: Bool { true }
    /// Length-delimited only.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .lengthDelimited }
    /// One tag and length per message.
    @inlinable public static func size(of value: [M], fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        FieldSize.repeated(WireMessage<M>.self, value, tagSize: tagSize(fieldNumber), &cache)
    }
    /// One tag and length per message.
    @inlinable public static func write(_ value: [M], fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeRepeated(WireMessage<M>.self, value, tag: FieldTag(fieldNumber: fieldNumber, wireType: .lengthDelimited).rawValue)
    }
    /// Appends one message.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout [M]?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var values = value.take() ?? []
        values.append(try WireMessage<M>.read(&reader))
        value = values
    }
    /// Every message's own check.
    @inlinable public static func isInitialized(_ value: [M]) -> Bool { value.allSatisfy(\.isInitialized) }
}

/// A singular proto2 group extension (`optional group G = 5 { ... }` in an `extend` block).
public enum OptionalGroupExtensionField<M: ProtoMessage>: ExtensionFieldType {
    /// The group's message.
    public typealias Value = M
    /// An empty message.
    @inlinable public static var defaultValue: M { M() }
    /// Singular.
    @inlinable public static var isRepeated: Bool { false }
    /// Start-group only.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .startGroup }
    /// Start tag, fields, end tag.
    @inlinable public static func size(of value: M, fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        FieldSize.group(value, tagSize: tagSize(fieldNumber), &cache)
    }
    /// Start tag, fields, end tag.
    @inlinable public static func write(_ value: M, fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeGroup(value, fieldNumber: fieldNumber)
    }
    /// Merges into the stored message, or starts an empty one.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout M?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var message = value.take() ?? M()
        try reader.readGroup(fieldNumber: tag.fieldNumber, into: &message)
        value = message
    }
    /// The message's own check.
    @inlinable public static func isInitialized(_ value: M) -> Bool { value.isInitialized }
}

/// A `repeated` proto2 group extension.
public enum RepeatedGroupExtensionField<M: ProtoMessage>: ExtensionFieldType {
    /// The groups' messages.
    public typealias Value = [M]
    /// Empty.
    @inlinable public static var defaultValue: [M] { [] }
    /// Repeated.
    @inlinable public static var isRepeated: Bool { true }
    /// Start-group only.
    @inlinable public static func accepts(_ wireType: WireType) -> Bool { wireType == .startGroup }
    /// Start tag, fields, end tag, per element.
    @inlinable public static func size(of value: [M], fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        FieldSize.repeatedGroup(value, tagSize: tagSize(fieldNumber), &cache)
    }
    /// Start tag, fields, end tag, per element.
    @inlinable public static func write(_ value: [M], fieldNumber: Int, _ writer: inout WireWriter) {
        writer.writeRepeatedGroup(value, fieldNumber: fieldNumber)
    }
    /// Appends one group.
    @inlinable public static func read(_ reader: inout WireReader, tag: FieldTag, into value: inout [M]?,
                                       unknownFields: inout UnknownFields) throws(WireError) {
        var values = value.take() ?? []
        try reader.readRepeatedGroup(fieldNumber: tag.fieldNumber, into: &values)
        value = values
    }
    /// Every message's own check.
    @inlinable public static func isInitialized(_ value: [M]) -> Bool { value.allSatisfy(\.isInitialized) }
}
