// FieldModel.swift: one field of a message, classified for emission (presence, packing, boxing).

import ProtoDescriptors

/// A `oneof` of a message (synthetic proto3-`optional` oneofs excluded).
final class OneofModel {
    let index: Int
    let protoName: String
    /// The property, e.g. `choice` (may hold backticks).
    let propertyName: String
    /// The enum type, e.g. `OneOf_Choice`.
    let enumName: String
    var fields: [FieldModel] = []
    let sourcePath: [Int32]

    init(index: Int, protoName: String, sourcePath: [Int32]) {
        self.index = index
        self.protoName = protoName
        let lower = Naming.lowerCamelCase(protoName)
        propertyName = Naming.sanitizeFieldName(lower, basedOn: lower)
        enumName = Naming.sanitizeTypeName("OneOf_" + Naming.upperCamelCase(protoName), disambiguator: "Oneof")
        self.sourcePath = sourcePath
    }

    /// The property without backticks, for use after `.` or `_`.
    var bareName: String { Naming.trimBackticks(propertyName) }
    /// How wire code refers to the property (see ``wireCodeReference(_:)``).
    var ref: String { wireCodeReference(propertyName) }
}

/// One field of a message with everything the emitters need.
final class FieldModel {
    enum Shape {
        /// proto3 singular without `optional`: a plain stored property, written when non-zero.
        case implicit
        /// Explicit presence (proto2 `optional`/`required`, proto3 `optional`, messages): `_x: T?`.
        case optional
        /// A `repeated` field (not a map).
        case repeated(packed: Bool)
        /// A `map<K, V>` field.
        case map(key: ValueType, value: ValueType)
        /// A member of a real `oneof`.
        case oneofMember(OneofModel)
    }

    let descriptor: Google_Protobuf_FieldDescriptorProto
    let number: Int
    let value: ValueType
    var shape: Shape
    /// Property name, sanitized (may hold backticks).
    let name: String
    /// Property name without backticks.
    let bareName: String
    let hasName: String
    let clearName: String
    /// The backing storage for explicit presence: `_name`.
    let backingName: String
    let isRequired: Bool
    /// The field's resolved features (file, messages, oneof, its own options).
    let features: ProtoFeatures
    /// Whether the singular message value is held in a `ProtoBox` (or the oneof case is
    /// `indirect`), because its type can contain this message again.
    var isBoxed = false
    let sourcePath: [Int32]

    init(_ f: Google_Protobuf_FieldDescriptorProto, in message: MessageType, index: Int, types: TypeTable,
         oneofs: [Int: OneofModel]) throws(GeneratorError) {
        descriptor = f
        number = Int(f.number)
        let scope = f.hasOneofIndex && Int(f.oneofIndex) < message.descriptor.oneofDecl.count
            ? message.features.oneof(message.descriptor.oneofDecl[Int(f.oneofIndex)]) : message.features
        features = scope.field(f)
        // A map's key and value are never delimited, whatever the file says.
        value = try ValueType(f, types: types, delimited: features.delimited && !message.isMapEntry)
        // Group-like fields are named after their type (`OptionalGroup` → `optionalGroup`), as in swift-protobuf.
        let namingBase = value.isGroupLike(f, scope: message.protoName) ? (value.messageType?.descriptor.name ?? f.name) : f.name
        let lower = Naming.lowerCamelCase(namingBase)
        let upper = Naming.upperCamelCase(namingBase)
        name = Naming.sanitizeFieldName(lower, basedOn: lower)
        bareName = Naming.trimBackticks(name)
        hasName = Naming.sanitizeFieldName("has" + upper, basedOn: lower)
        clearName = Naming.sanitizeFieldName("clear" + upper, basedOn: lower)
        backingName = Naming.sanitizeFieldName("_" + lower, basedOn: lower)
        isRequired = f.label != .repeated && features.presence == .legacyRequired
        sourcePath = message.sourcePath + [2, Int32(index)]

        if f.label == .repeated {
            if let entry = value.messageType, entry.isMapEntry {
                let kv = entry.descriptor.field
                guard kv.count == 2 else { throw GeneratorError("map entry \(entry.protoName) does not have two fields") }
                let key = try ValueType(kv[0].number == 1 ? kv[0] : kv[1], types: types)
                let val = try ValueType(kv[0].number == 1 ? kv[1] : kv[0], types: types)
                shape = .map(key: key, value: val)
            } else {
                shape = .repeated(packed: value.isPackable && features.packed)
            }
        } else if f.hasOneofIndex && !f.proto3Optional, let oneof = oneofs[Int(f.oneofIndex)] {
            shape = .oneofMember(oneof)
        } else if features.presence != .implicit || value.isMessage {
            shape = .optional
        } else {
            shape = .implicit
        }
    }

    /// Whether a `string` that is not UTF-8 is kept among the unknown fields instead of failing
    /// the decode (`utf8_validation = NONE`, every proto2 string).
    var keepsInvalidUTF8: Bool { !features.validatesUTF8 }

    /// The raw tag of one unpacked value.
    var tag: UInt32 { UInt32(number) << 3 | value.wireType }
    /// The raw tag of a length-delimited (packed run, map entry) occurrence.
    var lengthDelimitedTag: UInt32 { UInt32(number) << 3 | 2 }
    /// The varint size of a tag of this field (all wire types give the same size).
    var tagSize: Int { varintSize(UInt64(tag)) }

    /// The Swift type of the property.
    var propertyType: String {
        switch shape {
        case .repeated: return "[\(value.swiftType)]"
        case .map(let k, let v): return "[\(k.swiftType): \(v.swiftType)]"
        default: return value.swiftType
        }
    }

    /// How wire code refers to the property: `self.name` when a local of generated code has
    /// the same name, else the (possibly backticked) name.
    var ref: String { wireCodeReference(name) }

    /// The oneof this field belongs to, if any.
    var oneof: OneofModel? { if case .oneofMember(let o) = shape { return o } else { return nil } }
}

/// Names of the locals and parameters of generated wire code.
private let wireCodeLocals: Set<String> = ["n", "w", "r", "v", "t", "i", "seen", "tag", "cache", "old", "newValue"]

/// `self.x` for properties that a local of generated wire code would shadow, else `x`.
func wireCodeReference(_ name: String) -> String {
    wireCodeLocals.contains(name) ? "self." + name : name
}

/// The number of bytes of the varint encoding of `v`.
func varintSize(_ v: UInt64) -> Int {
    var n = 1
    var x = v >> 7
    while x != 0 { n += 1; x >>= 7 }
    return n
}

/// The fields and oneofs of one message, in declaration order.
struct MessageModel {
    let type: MessageType
    let fields: [FieldModel]
    let oneofs: [OneofModel]
    /// Whether the message needs a generated `isInitialized` (it or a submessage has required fields).
    let needsInitCheck: Bool

    /// Fields in field-number order, which is the order they are written in.
    var fieldsByNumber: [FieldModel] { fields.sorted { $0.number < $1.number } }

    init(_ type: MessageType, types: TypeTable, analysis: TypeAnalysis) throws(GeneratorError) {
        self.type = type
        var oneofs: [Int: OneofModel] = [:]
        var ordered: [OneofModel] = []
        let d = type.descriptor
        for (i, o) in d.oneofDecl.enumerated() {
            // A oneof is synthetic (proto3 `optional`) when its fields are proto3-optional.
            let members = d.field.filter { $0.hasOneofIndex && Int($0.oneofIndex) == i }
            if members.allSatisfy(\.proto3Optional) && !members.isEmpty { continue }
            let model = OneofModel(index: i, protoName: o.name, sourcePath: type.sourcePath + [8, Int32(i)])
            oneofs[i] = model
            ordered.append(model)
        }
        var fields: [FieldModel] = []
        for (i, f) in d.field.enumerated() {
            let field = try FieldModel(f, in: type, index: i, types: types, oneofs: oneofs)
            if let m = field.value.messageType, !field.isRepeatedOrMap {
                field.isBoxed = analysis.reaches(m.protoName, type.protoName)
            }
            field.oneof?.fields.append(field)
            fields.append(field)
        }
        self.fields = fields
        self.oneofs = ordered
        try MessageModel.checkNameClashes(type, fields: fields, oneofs: ordered)
        needsInitCheck = analysis.needsInitCheck(type.protoName)
    }
}

extension MessageModel {
    /// Throws when two fields (or a field and a oneof) map to the same Swift member, as
    /// `self` and `Self` both do (`self_p`); Swift would reject the generated code.
    static func checkNameClashes(_ type: MessageType, fields: [FieldModel], oneofs: [OneofModel]) throws(GeneratorError) {
        var owners: [String: String] = [:]
        func claim(_ member: String, by proto: String) throws(GeneratorError) {
            let key = Naming.trimBackticks(member)
            if let other = owners[key], other != proto {
                throw GeneratorError("\(type.protoName): '\(other)' and '\(proto)' both become the Swift member '\(key)'; rename one of them")
            }
            owners[key] = proto
        }
        for f in fields {
            try claim(f.name, by: f.descriptor.name)
            if case .optional = f.shape {
                try claim(f.hasName, by: f.descriptor.name)
                try claim(f.clearName, by: f.descriptor.name)
                try claim(f.backingName, by: f.descriptor.name)
            }
        }
        for o in oneofs { try claim(o.propertyName, by: o.protoName) }
    }
}

extension FieldModel {
    var isRepeatedOrMap: Bool {
        switch shape {
        case .repeated, .map: return true
        default: return false
        }
    }
}

extension FieldModel {
    /// The declared `json_name` (protoc always fills it in), else protoc's own rule.
    var jsonName: String {
        if descriptor.hasJsonName && !descriptor.jsonName.isEmpty { return descriptor.jsonName }
        return FieldModel.defaultJSONName(descriptor.name)
    }

    /// protoc's default JSON name: underscores dropped, the letter after each one upper-cased.
    static func defaultJSONName(_ name: String) -> String {
        var out = ""
        var upper = false
        for c in name {
            if c == "_" { upper = true; continue }
            out += upper ? c.uppercased() : String(c)
            upper = false
        }
        return out
    }
}
