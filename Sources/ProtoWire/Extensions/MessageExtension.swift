// MessageExtension.swift: a typed proto2 extension declaration (`extend Msg { ... }`).

/// Any extension declaration, whatever its value type; what ``ExtensionRegistry`` holds.
///
/// ``MessageExtension`` is the only conformance ProtoWire decodes with; other conforming types
/// are ignored by the registry.
public protocol AnyMessageExtension: Sendable {
    /// The extension's field number in the extended message.
    var fieldNumber: Int { get }
    /// The fully qualified protobuf name, e.g. `"pkg.my_extension"` or `"pkg.Scope.ext"`.
    var fieldName: String { get }
    /// The message type this extension extends.
    var extendedMessageType: any ExtensibleMessage.Type { get }
    /// The extension as a schema field: its full name as ``FieldSchema/name``, `"[pkg.ext]"`
    /// (its JSON key) as ``FieldSchema/jsonName``, and the extended message's full name as
    /// ``FieldSchema/extendee``; what a ``SchemaRegistry`` is built from.
    var fieldSchema: FieldSchema { get }
}

/// A typed extension field: generated code declares one per field of an `extend` block.
///
/// ```proto
/// message Base { extensions 100 to 199; }
/// extend Base { optional int32 weight = 100 [default = 7]; }
/// ```
///
/// becomes (generated)
///
/// ```swift
/// let Pkg_Extensions_weight = MessageExtension<OptionalExtensionField<WireInt32>, Pkg_Base>(
///     fieldNumber: 100, fieldName: "pkg.weight", defaultValue: 7, kind: .int32)
/// ```
///
/// and is used as `base[extension: Pkg_Extensions_weight] = 3`, or decoded typed by passing it
/// to the decoder in an ``ExtensionRegistry``.
public struct MessageExtension<FieldType: ExtensionFieldType, Extended: ExtensibleMessage>: AnyMessageExtension {
    /// The extension's field number in `Extended`.
    public let fieldNumber: Int
    /// The fully qualified protobuf name.
    public let fieldName: String
    /// The value read while the extension is absent: the declared `[default = ...]`, else the
    /// field type's zero (empty for repeated fields, an empty message for messages).
    public let defaultValue: FieldType.Value
    /// The extension as a schema field (see ``AnyMessageExtension/fieldSchema``).
    public let fieldSchema: FieldSchema

    /// Declares an extension; generated code calls this. `kind` is the schema kind of one
    /// value and `isPacked` whether a repeated field is written packed; the label follows from
    /// `FieldType` (extensions always track presence) and the extendee from `Extended`;
    /// `validatesUTF8` is `false` for a `string` whose `utf8_validation` is `NONE`.
    public init(fieldNumber: Int, fieldName: String, defaultValue: FieldType.Value = FieldType.defaultValue,
                kind: FieldSchema.Kind, isPacked: Bool = false, validatesUTF8: Bool = true) {
        self.fieldNumber = fieldNumber
        self.fieldName = fieldName
        self.defaultValue = defaultValue
        self.fieldSchema = FieldSchema(
            number: Int32(truncatingIfNeeded: fieldNumber), name: fieldName, jsonName: "[\(fieldName)]", kind: kind,
            label: FieldType.isRepeated ? .repeated : .singular(hasPresence: true), isPacked: isPacked,
            extendee: Extended.protoMessageName, validatesUTF8: validatesUTF8)
    }

    /// `Extended.self`.
    public var extendedMessageType: any ExtensibleMessage.Type { Extended.self }
}

/// What the decoder needs from a registered extension, with its types erased.
@usableFromInline
protocol ExtensionDecoding: AnyMessageExtension {
    /// The `ObjectIdentifier` of the field type, to tell two declarations apart.
    var fieldTypeIdentifier: ObjectIdentifier { get }
    /// Reads one occurrence whose `tag` was just read into `set`; returns `false` without
    /// reading anything when the wire type does not fit the declared field type.
    func decode(_ reader: inout WireReader, tag: FieldTag, into set: inout ExtensionFieldSet,
                unknownFields: inout UnknownFields) throws(WireError) -> Bool
    /// Reads the JSON value of a `"[name]"` key into `set`.
    func decodeJSON(_ reader: inout JSONReader, into set: inout ExtensionFieldSet) throws(WireError)
}

extension MessageExtension: ExtensionDecoding {
    @usableFromInline var fieldTypeIdentifier: ObjectIdentifier { ObjectIdentifier(FieldType.self) }

    @usableFromInline func decode(_ reader: inout WireReader, tag: FieldTag, into set: inout ExtensionFieldSet,
                unknownFields: inout UnknownFields) throws(WireError) -> Bool {
        guard FieldType.accepts(tag.wireType) else { return false }
        var value: FieldType.Value? = set.take(FieldType.self, fieldNumber: fieldNumber)
        do {
            try FieldType.read(&reader, tag: tag, into: &value, unknownFields: &unknownFields)
        } catch {
            if let value { set.put(FieldType.self, value, fieldNumber: fieldNumber, fieldName: fieldName) }
            throw error
        }
        if let value { set.put(FieldType.self, value, fieldNumber: fieldNumber, fieldName: fieldName) }
        return true
    }

    @usableFromInline func decodeJSON(_ reader: inout JSONReader, into set: inout ExtensionFieldSet) throws(WireError) {
        var value: FieldType.Value? = set.take(FieldType.self, fieldNumber: fieldNumber)
        try FieldType.readJSON(&reader, into: &value)
        if let value { set.put(FieldType.self, value, fieldNumber: fieldNumber, fieldName: fieldName) }
    }
}
