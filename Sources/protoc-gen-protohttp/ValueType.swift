// ValueType.swift: the Swift type, codec and wire type of one protobuf value type.

import ProtoDescriptors

/// How one value of a field (an element, for repeated fields and maps) is held and encoded.
struct ValueType {
    enum Kind {
        case scalar
        case openEnum(EnumType)
        case closedEnum(EnumType)
        case message(MessageType)
        case group(MessageType)
    }

    let kind: Kind
    /// The Swift type: `Int32`, `Data`, `Pkg_Color`, `Pkg_Msg`.
    let swiftType: String
    /// The ProtoWire codec type, e.g. `WireSInt64` or `WireMessage<Pkg_Msg>` (groups have none).
    let codec: String
    /// Wire type of one unpacked value: 0 varint, 1 fixed64, 2 length-delimited, 3 group, 5 fixed32.
    let wireType: UInt32
    /// The zero value as a Swift expression.
    let zero: String
    /// The proto type name for messages (`int32`, `string`, ...).
    let protoType: Google_Protobuf_FieldDescriptorProto.TypeEnum

    /// Whether repeated fields of this type may be packed.
    var isPackable: Bool { wireType == 0 || wireType == 1 || wireType == 5 }

    /// The message type, for message and group values.
    var messageType: MessageType? {
        switch kind {
        case .message(let m), .group(let m): return m
        default: return nil
        }
    }

    var isGroup: Bool { if case .group = kind { return true } else { return false } }
    var isMessage: Bool { messageType != nil }
    var closedEnum: EnumType? { if case .closedEnum(let e) = kind { return e } else { return nil } }
    var usesData: Bool { protoType == .bytes }

    /// The value type of `field`, resolving enum and message names through `types`. A message
    /// field whose resolved features say `DELIMITED` (`delimited`, the editions spelling of a
    /// group) is a group; map entries never are.
    init(_ field: Google_Protobuf_FieldDescriptorProto, types: TypeTable, delimited: Bool = false) throws(GeneratorError) {
        protoType = field.type
        switch field.type {
        case .double: (kind, swiftType, codec, wireType, zero) = (.scalar, "Double", "ProtoWire.WireDouble", 1, "0")
        case .float: (kind, swiftType, codec, wireType, zero) = (.scalar, "Float", "ProtoWire.WireFloat", 5, "0")
        case .int64: (kind, swiftType, codec, wireType, zero) = (.scalar, "Int64", "ProtoWire.WireInt64", 0, "0")
        case .uint64: (kind, swiftType, codec, wireType, zero) = (.scalar, "UInt64", "ProtoWire.WireUInt64", 0, "0")
        case .int32: (kind, swiftType, codec, wireType, zero) = (.scalar, "Int32", "ProtoWire.WireInt32", 0, "0")
        case .fixed64: (kind, swiftType, codec, wireType, zero) = (.scalar, "UInt64", "ProtoWire.WireFixed64", 1, "0")
        case .fixed32: (kind, swiftType, codec, wireType, zero) = (.scalar, "UInt32", "ProtoWire.WireFixed32", 5, "0")
        case .bool: (kind, swiftType, codec, wireType, zero) = (.scalar, "Bool", "ProtoWire.WireBool", 0, "false")
        case .string: (kind, swiftType, codec, wireType, zero) = (.scalar, "String", "ProtoWire.WireString", 2, "\"\"")
        case .bytes: (kind, swiftType, codec, wireType, zero) = (.scalar, "Data", "ProtoWire.WireBytes", 2, "Data()")
        case .uint32: (kind, swiftType, codec, wireType, zero) = (.scalar, "UInt32", "ProtoWire.WireUInt32", 0, "0")
        case .sfixed32: (kind, swiftType, codec, wireType, zero) = (.scalar, "Int32", "ProtoWire.WireSFixed32", 5, "0")
        case .sfixed64: (kind, swiftType, codec, wireType, zero) = (.scalar, "Int64", "ProtoWire.WireSFixed64", 1, "0")
        case .sint32: (kind, swiftType, codec, wireType, zero) = (.scalar, "Int32", "ProtoWire.WireSInt32", 0, "0")
        case .sint64: (kind, swiftType, codec, wireType, zero) = (.scalar, "Int64", "ProtoWire.WireSInt64", 0, "0")
        case .enum:
            let e = try types.enumType(field.typeName)
            kind = e.isClosed ? .closedEnum(e) : .openEnum(e)
            swiftType = e.swiftName
            codec = "ProtoWire.WireEnum<\(e.swiftName)>"
            wireType = 0
            zero = e.dotted(e.defaultValue)
        case .message:
            let m = try types.message(field.typeName)
            if delimited && !m.isMapEntry {
                (kind, swiftType, codec, wireType, zero) = (.group(m), m.swiftName, "", 3, "\(m.swiftName)()")
            } else {
                (kind, swiftType, codec, wireType, zero) = (.message(m), m.swiftName, "ProtoWire.WireMessage<\(m.swiftName)>", 2, "\(m.swiftName)()")
            }
        case .group:
            let m = try types.message(field.typeName)
            (kind, swiftType, codec, wireType, zero) = (.group(m), m.swiftName, "", 3, "\(m.swiftName)()")
        }
    }

    /// Whether a field of this type is group-like, as protobuf defines it: a proto2 `group`, or
    /// a delimited field whose type is declared in `scope` (the field's message, or the
    /// extension's scope, `.pkg` at file level) and whose name is that type's in lower case.
    /// Such fields are named after their type (`OptionalGroup` → `optionalGroup`) and print
    /// under the type's name in the text format.
    func isGroupLike(_ field: Google_Protobuf_FieldDescriptorProto, scope: String) -> Bool {
        guard case .group(let m) = kind else { return false }
        if field.type == .group { return true }
        let name = m.descriptor.name
        return field.name == name.lowercased() && m.protoName == (scope.isEmpty ? name : scope + "." + name)
    }

    /// An expression that is true when `value` (an implicit-presence proto3 field) must be written.
    func isNonDefault(_ value: String) -> String {
        switch protoType {
        case .bool: return value
        case .string, .bytes: return "!\(value).isEmpty"
        case .float, .double: return "\(value).bitPattern != 0"
        case .enum: return "\(value).rawValue != 0"
        default: return "\(value) != 0"
        }
    }
}
