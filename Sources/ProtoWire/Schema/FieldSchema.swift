// FieldSchema.swift: one field of a message schema: number, names, kind, label, packing, oneof.

/// What a schema knows of one field: enough to read and write it in the binary format, in
/// proto3 JSON and in the text format without a generated type.
///
/// Map fields are repeated fields of kind ``Kind/message(_:)`` whose schema is a map entry
/// (``MessageSchema/isMapEntry``, key field 1, value field 2), as on the wire.
public struct FieldSchema: Sendable {
    /// The type of a field's values.
    public enum Kind: Sendable {
        case double, float, int64, uint64, int32, fixed64, fixed32, bool, string, bytes
        case uint32, sfixed32, sfixed64, sint32, sint64
        /// An enum; `isClosed` for proto2 enums, whose unknown numbers go to unknown fields.
        case enumeration(ProtoEnumNames, isClosed: Bool)
        /// A length-delimited submessage.
        case message(MessageSchemaReference)
        /// A group: a submessage between start-group and end-group tags.
        case group(MessageSchemaReference)
    }

    /// How many values a field holds and whether it tracks presence.
    public enum Label: Sendable, Hashable {
        /// One value; `hasPresence` for proto2 `optional`, proto3 `optional`, oneof members and
        /// message fields, `false` for proto3 implicit fields (absent when at the default).
        case singular(hasPresence: Bool)
        /// A proto2 `required` field.
        case required
        /// Any number of values, maps included.
        case repeated
    }

    /// The field number.
    public let number: Int32
    /// The name as written in the `.proto` file; for an extension, its full name (`pkg.ext`).
    public let name: String
    /// The proto3 JSON name (lowerCamelCase unless `json_name` says otherwise); for an
    /// extension, its JSON key `"[pkg.ext]"`.
    public let jsonName: String
    /// The type of the values.
    public let kind: Kind
    /// Singular, required or repeated.
    public let label: Label
    /// Whether a repeated scalar field is written packed.
    public let isPacked: Bool
    /// The index into ``MessageSchema/oneofNames`` of the oneof holding this field, or `nil`.
    public let oneofIndex: Int?
    /// For an extension, the full name of the message it extends; `nil` for ordinary fields.
    public let extendee: String?
    /// Whether a `string` value must be UTF-8 (`utf8_validation = VERIFY`, proto3's rule). When
    /// `false` (proto2's `NONE`), a value that is not UTF-8 is no error: it is kept byte for byte
    /// among the unknown fields, as a closed enum's unknown number is.
    public let validatesUTF8: Bool

    /// Creates a field schema.
    public init(number: Int32, name: String, jsonName: String? = nil, kind: Kind, label: Label,
                isPacked: Bool = false, oneofIndex: Int? = nil, extendee: String? = nil, validatesUTF8: Bool = true) {
        self.number = number
        self.name = name
        self.jsonName = jsonName ?? FieldSchema.defaultJSONName(name)
        self.kind = kind
        self.label = label
        self.isPacked = isPacked
        self.oneofIndex = oneofIndex
        self.extendee = extendee
        self.validatesUTF8 = validatesUTF8
    }

    /// Whether the field holds any number of values.
    public var isRepeated: Bool { label == .repeated }

    /// Whether the field is an extension (``extendee`` is set).
    public var isExtension: Bool { extendee != nil }

    /// The submessage schema of a message or group field, `nil` for scalars and enums.
    public var messageSchema: MessageSchema? {
        switch kind {
        case .message(let reference), .group(let reference): reference.schema
        default: nil
        }
    }

    /// Whether the field is a map (a repeated map-entry message).
    public var isMap: Bool { isRepeated && messageSchema?.isMapEntry == true }

    /// protoc's default JSON name: underscores dropped, the letter after each one upper-cased.
    public static func defaultJSONName(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = true
            } else if upperNext {
                result += character.uppercased()
                upperNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }
}
