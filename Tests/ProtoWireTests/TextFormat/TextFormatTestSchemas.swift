// TextFormatTestSchemas.swift: hand-written message schemas for the text format tests.

import ProtoWire

/// A message with a field of every kind, written by hand so the tests do not depend on the
/// generator: scalars (implicit and explicit presence), enums (open and closed), a nested
/// message, a group, repeated (packed and not), a map, a oneof, an `Any`, an extension range.
enum TextFormatTestSchemas {
    static let color = ProtoEnumNames("t.Color", [(0, "RED"), (1, "GREEN"), (5, "BLUE")])

    static let nested = MessageSchema(fullName: "t.Nested", fields: [
        FieldSchema(number: 1, name: "a", kind: .int32, label: .singular(hasPresence: false)),
        FieldSchema(number: 2, name: "b", kind: .string, label: .singular(hasPresence: false)),
    ])

    static let group = MessageSchema(fullName: "t.Msg.OptionalGroup", fields: [
        FieldSchema(number: 51, name: "g", kind: .int32, label: .singular(hasPresence: true)),
    ])

    static let mapEntry = MessageSchema(fullName: "t.Msg.MStringInt32Entry", fields: [
        FieldSchema(number: 1, name: "key", kind: .string, label: .singular(hasPresence: false)),
        FieldSchema(number: 2, name: "value", kind: .int32, label: .singular(hasPresence: false)),
    ], isMapEntry: true)

    static let intMapEntry = MessageSchema(fullName: "t.Msg.MInt32NestedEntry", fields: [
        FieldSchema(number: 1, name: "key", kind: .sint32, label: .singular(hasPresence: false)),
        FieldSchema(number: 2, name: "value", kind: .message(MessageSchemaReference(nested)), label: .singular(hasPresence: true)),
    ], isMapEntry: true)

    static let any = MessageSchema(fullName: "google.protobuf.Any", fields: [
        FieldSchema(number: 1, name: "type_url", kind: .string, label: .singular(hasPresence: false)),
        FieldSchema(number: 2, name: "value", kind: .bytes, label: .singular(hasPresence: false)),
    ])

    static let required: MessageSchema = MessageSchema(fullName: "t.Req", fields: [
        FieldSchema(number: 1, name: "id", kind: .int32, label: .required),
        FieldSchema(number: 2, name: "child", kind: .message(MessageSchemaReference { required }), label: .singular(hasPresence: true)),
    ])

    static let msg: MessageSchema = MessageSchema(fullName: "t.Msg", fields: [
        FieldSchema(number: 1, name: "i32", kind: .int32, label: .singular(hasPresence: false)),
        FieldSchema(number: 2, name: "i64", kind: .int64, label: .singular(hasPresence: true)),
        FieldSchema(number: 3, name: "u32", kind: .uint32, label: .singular(hasPresence: false)),
        FieldSchema(number: 4, name: "u64", kind: .uint64, label: .singular(hasPresence: false)),
        FieldSchema(number: 5, name: "s32", kind: .sint32, label: .singular(hasPresence: false)),
        FieldSchema(number: 6, name: "s64", kind: .sint64, label: .singular(hasPresence: false)),
        FieldSchema(number: 7, name: "fx32", kind: .fixed32, label: .singular(hasPresence: false)),
        FieldSchema(number: 8, name: "fx64", kind: .fixed64, label: .singular(hasPresence: false)),
        FieldSchema(number: 9, name: "sfx32", kind: .sfixed32, label: .singular(hasPresence: false)),
        FieldSchema(number: 10, name: "sfx64", kind: .sfixed64, label: .singular(hasPresence: false)),
        FieldSchema(number: 11, name: "flt", kind: .float, label: .singular(hasPresence: false)),
        FieldSchema(number: 12, name: "dbl", kind: .double, label: .singular(hasPresence: false)),
        FieldSchema(number: 13, name: "flag", kind: .bool, label: .singular(hasPresence: false)),
        FieldSchema(number: 14, name: "str", kind: .string, label: .singular(hasPresence: false)),
        FieldSchema(number: 15, name: "raw", kind: .bytes, label: .singular(hasPresence: false)),
        FieldSchema(number: 16, name: "color", kind: .enumeration(color, isClosed: false), label: .singular(hasPresence: false)),
        FieldSchema(number: 17, name: "closed_color", kind: .enumeration(color, isClosed: true), label: .singular(hasPresence: true)),
        FieldSchema(number: 18, name: "nested", kind: .message(MessageSchemaReference(nested)), label: .singular(hasPresence: true)),
        FieldSchema(number: 19, name: "optionalgroup", kind: .group(MessageSchemaReference(group)), label: .singular(hasPresence: true)),
        FieldSchema(number: 20, name: "r_int32", kind: .int32, label: .repeated, isPacked: true),
        FieldSchema(number: 21, name: "r_string", kind: .string, label: .repeated),
        FieldSchema(number: 22, name: "r_nested", kind: .message(MessageSchemaReference(nested)), label: .repeated),
        FieldSchema(number: 23, name: "m_string_int32", kind: .message(MessageSchemaReference(mapEntry)), label: .repeated),
        FieldSchema(number: 24, name: "o_int32", kind: .int32, label: .singular(hasPresence: true), oneofIndex: 0),
        FieldSchema(number: 25, name: "o_nested", kind: .message(MessageSchemaReference(nested)), label: .singular(hasPresence: true), oneofIndex: 0),
        FieldSchema(number: 26, name: "recursive", kind: .message(MessageSchemaReference { msg }), label: .singular(hasPresence: true)),
        FieldSchema(number: 27, name: "any", kind: .message(MessageSchemaReference(any)), label: .singular(hasPresence: true)),
        FieldSchema(number: 28, name: "r_closed", kind: .enumeration(color, isClosed: true), label: .repeated, isPacked: true),
        FieldSchema(number: 29, name: "m_int_nested", kind: .message(MessageSchemaReference(intMapEntry)), label: .repeated),
        FieldSchema(number: 30, name: "r_double", kind: .double, label: .repeated, isPacked: false),
    ], oneofNames: ["choice"], extensionRanges: [100...199])

    static let extInt = FieldSchema(number: 100, name: "t.ext_int", kind: .int32, label: .singular(hasPresence: true), extendee: "t.Msg")
    static let extGroup = FieldSchema(number: 101, name: "t.extgroup", kind: .group(MessageSchemaReference(group)),
                                      label: .singular(hasPresence: true), extendee: "t.Msg")
    static let extOther = FieldSchema(number: 102, name: "t.ext_other", kind: .int32, label: .singular(hasPresence: true), extendee: "t.Nested")

    static let registry = SchemaRegistry(messages: [msg, nested], extensions: [extInt, extGroup, extOther])

    /// Parses `text` as a `t.Msg`.
    static func parse(_ text: String, registry: SchemaRegistry = registry) throws(WireError) -> [UInt8] {
        try TextFormat.parse(text, schema: msg, options: TextFormatDecodingOptions(registry: registry))
    }

    /// Prints `bytes` as a `t.Msg`.
    static func print(_ bytes: [UInt8], unknown: Bool = false, singleLine: Bool = false) throws(WireError) -> String {
        try TextFormat.print(bytes, schema: msg, options: TextFormatEncodingOptions(
            registry: registry, printUnknownFields: unknown, singleLine: singleLine))
    }
}
