// DynamicMessage.swift: a message of any schema, its field values held by number.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A message described by a ``MessageSchema`` instead of a generated struct: what the CLI and
/// tools use for `.proto` files they were never compiled with. It reads and writes the same
/// binary format as generated messages, byte for byte, and keeps unknown fields byte-exact.
///
/// ```swift
/// let registry = try SchemaRegistry(fileDescriptorSet: set)
/// guard let schema = registry.message(named: "pkg.Point") else { return }
/// var point = DynamicMessage(schema: schema)
/// point[field: "x"] = .int32(3)
/// let bytes = point.serializedBytes()
/// let back = try DynamicMessage(schema: schema, serializedBytes: bytes)
/// ```
///
/// Fields are addressed by their `.proto` names. Values follow the generated semantics:
/// proto3 fields without presence are absent at their default, setting a oneof member clears
/// the others, and messages merge when read twice.
public struct DynamicMessage: Sendable {
    /// The message type.
    public let schema: MessageSchema
    /// Field values by number; extension fields included.
    var values: [Int32: DynamicValue] = [:]
    /// The schemas of extension fields present, by number.
    var extensionSchemas: [Int32: FieldSchema] = [:]
    /// Fields the schema does not know, kept byte-exact and written back on encode.
    public var unknownFields = UnknownFields()

    /// Creates a message of `schema` with every field absent.
    public init(schema: MessageSchema) {
        self.schema = schema
    }

    /// The schema of field `name` (a `.proto` field name, or an extension's full name).
    func fieldSchema(named name: String) -> FieldSchema? {
        schema.field(named: name) ?? extensionSchemas.values.first { $0.name == name }
    }

    /// The schema of field `number`, declared or extension.
    func fieldSchema(number: Int32) -> FieldSchema? {
        schema.field(number: number) ?? extensionSchemas[number]
    }

    /// The value of field `name`: its default (zero, empty, or an empty message) when absent,
    /// `nil` when the schema has no such field. Setting `nil` clears the field; setting a
    /// oneof member clears the oneof's other members.
    public subscript(field name: String) -> DynamicValue? {
        get {
            guard let field = fieldSchema(named: name) else { return nil }
            return values[field.number] ?? field.defaultValue
        }
        set {
            guard let field = fieldSchema(named: name) else { return }
            set(field, newValue)
        }
    }

    /// Whether field `name` is present: set to a non-default value for proto3 fields without
    /// presence, set at all for fields with presence, non-empty for repeated fields and maps.
    public func has(field name: String) -> Bool {
        guard let field = fieldSchema(named: name) else { return false }
        return values[field.number] != nil
    }

    /// Makes field `name` absent.
    public mutating func clear(field name: String) {
        guard let field = fieldSchema(named: name) else { return }
        values[field.number] = nil
    }

    /// The number of the oneof member that is set in oneof `index`, or `nil`.
    public func oneofCase(_ index: Int) -> FieldSchema? {
        schema.fields.first { $0.oneofIndex == index && values[$0.number] != nil }
    }

    /// Stores `value` in `field` with the generated semantics (see the subscript).
    mutating func set(_ field: FieldSchema, _ value: DynamicValue?) {
        guard var value else {
            values[field.number] = nil
            return
        }
        if let oneof = field.oneofIndex {
            for other in schema.fields where other.oneofIndex == oneof && other.number != field.number {
                values[other.number] = nil
            }
        }
        switch value {
        case .list(let l) where l.isEmpty: values[field.number] = nil; return
        case .map(let m) where m.isEmpty: values[field.number] = nil; return
        default: break
        }
        if field.label == .singular(hasPresence: false) && value.isImplicitDefault {
            values[field.number] = nil
            return
        }
        if case .message(let m) = value, m.schema !== field.messageSchema, let expected = field.messageSchema {
            value = .message(m.reinterpreted(as: expected))
        }
        values[field.number] = value
    }

    /// This message read as `schema` (through its bytes), for a value built on another schema
    /// object; bytes this message wrote always decode, so the empty fallback is never reached.
    private func reinterpreted(as schema: MessageSchema) -> DynamicMessage {
        let partial = DecodingOptions(allowPartial: true)
        return (try? DynamicMessage(schema: schema, serializedBytes: serializedBytes(), options: partial)) ?? DynamicMessage(schema: schema)
    }
}

extension DynamicMessage: Hashable {
    /// Messages are equal when they have the same type, the same field values and the same
    /// unknown bytes.
    public static func == (lhs: DynamicMessage, rhs: DynamicMessage) -> Bool {
        lhs.schema.fullName == rhs.schema.fullName && lhs.values == rhs.values && lhs.unknownFields == rhs.unknownFields
    }

    /// Hashes the type name, the field values and the unknown bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(schema.fullName)
        hasher.combine(values)
        hasher.combine(unknownFields)
    }
}

extension DynamicValue {
    /// Whether a proto3 field without presence holding this value is absent: zero (but not
    /// `-0.0`, which the binary format keeps), `false`, empty.
    var isImplicitDefault: Bool {
        switch self {
        case .int32(let v): v == 0
        case .int64(let v): v == 0
        case .uint32(let v): v == 0
        case .uint64(let v): v == 0
        case .float(let v): v.bitPattern == 0
        case .double(let v): v.bitPattern == 0
        case .bool(let v): !v
        case .string(let v): v.isEmpty
        case .bytes(let v): v.isEmpty
        case .enumeration(let v): v == 0
        case .message, .list, .map: false
        }
    }
}

extension FieldSchema {
    /// What an absent field reads as: zero, `false`, empty, the first enum... number 0, an
    /// empty message, an empty list or map. (Declared proto2 defaults are not in schemas.)
    public var defaultValue: DynamicValue {
        if isMap { return .map([:]) }
        if isRepeated { return .list([]) }
        return kind.zeroValue
    }
}

extension FieldSchema.Kind {
    /// The zero value of one element of this kind.
    var zeroValue: DynamicValue {
        switch self {
        case .int32, .sint32, .sfixed32: .int32(0)
        case .int64, .sint64, .sfixed64: .int64(0)
        case .uint32, .fixed32: .uint32(0)
        case .uint64, .fixed64: .uint64(0)
        case .float: .float(0)
        case .double: .double(0)
        case .bool: .bool(false)
        case .string: .string("")
        case .bytes: .bytes(Data())
        case .enumeration: .enumeration(0)
        case .message(let r), .group(let r): .message(DynamicMessage(schema: r.schema))
        }
    }
}
