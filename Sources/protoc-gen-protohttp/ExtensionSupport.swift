// ExtensionSupport.swift: proto2 extensions: extensible messages, their ranges, and `extend` fields.

import ProtoDescriptors

extension MessageType {
    /// Whether the message declares `extensions` ranges (and so stores an `ExtensionFieldSet`).
    var isExtensible: Bool { !descriptor.extensionRange.isEmpty }
    /// Whether the message uses `option message_set_wire_format = true`.
    var isMessageSet: Bool { descriptor.options.messageSetWireFormat }
}

/// One field of an `extend` block, classified for emission.
struct ExtensionModel {
    let descriptor: Google_Protobuf_FieldDescriptorProto
    let value: ValueType
    /// The message being extended.
    let extendee: MessageType
    /// The message the `extend` block is nested in, or `nil` at file level.
    let scope: MessageType?
    let isRepeated: Bool
    /// Whether the repeated field is written packed.
    let isPacked: Bool
    /// Whether a `string` that is not UTF-8 goes to unknown fields (`utf8_validation = NONE`).
    let keepsInvalidUTF8: Bool
    /// The `ExtensionFieldType` expression, e.g. `OptionalExtensionField<WireInt32>`.
    let fieldType: String
    /// The declaration's name where it is declared: `Pkg_Extensions_foo` at file level,
    /// `foo` inside `Scope.Extensions`.
    let declarationName: String
    /// How other code refers to the declaration: `Pkg_Extensions_foo` or `Pkg_Scope.Extensions.foo`.
    let reference: String
    /// The accessor property added to the extended message, e.g. `Pkg_foo` or `Pkg_Scope_foo`.
    let propertyName: String
    let sourcePath: [Int32]

    init(_ f: Google_Protobuf_FieldDescriptorProto, scope: MessageType?, filePrefix: String, scopeFeatures: ProtoFeatures,
         package: String, types: TypeTable, sourcePath: [Int32]) throws(GeneratorError) {
        descriptor = f
        let features = scopeFeatures.field(f)
        value = try ValueType(f, types: types, delimited: features.delimited)
        extendee = try types.message(f.extendee)
        guard extendee.isExtensible else {
            throw GeneratorError("\(f.name) extends \(extendee.protoName), which declares no extension ranges")
        }
        self.scope = scope
        isRepeated = f.label == .repeated
        self.sourcePath = sourcePath
        let packed = value.isPackable && features.packed
        isPacked = isRepeated && packed
        keepsInvalidUTF8 = value.protoType == .string && !features.validatesUTF8
        switch (value.kind, isRepeated) {
        case (.scalar, false) where keepsInvalidUTF8: fieldType = "ProtoWire.OptionalUnvalidatedStringExtensionField"
        case (.scalar, true) where keepsInvalidUTF8: fieldType = "ProtoWire.RepeatedUnvalidatedStringExtensionField"
        case (.group(let m), false): fieldType = "ProtoWire.OptionalGroupExtensionField<\(m.swiftName)>"
        case (.group(let m), true): fieldType = "ProtoWire.RepeatedGroupExtensionField<\(m.swiftName)>"
        case (.message(let m), false): fieldType = "ProtoWire.OptionalMessageExtensionField<\(m.swiftName)>"
        case (.message(let m), true): fieldType = "ProtoWire.RepeatedMessageExtensionField<\(m.swiftName)>"
        case (.closedEnum(let e), false): fieldType = "ProtoWire.OptionalEnumExtensionField<\(e.swiftName)>"
        case (.closedEnum(let e), true):
            fieldType = (packed ? "ProtoWire.PackedEnumExtensionField<" : "ProtoWire.RepeatedEnumExtensionField<") + e.swiftName + ">"
        case (_, false): fieldType = "ProtoWire.OptionalExtensionField<\(value.codec)>"
        case (_, true): fieldType = (packed ? "ProtoWire.PackedExtensionField<" : "ProtoWire.RepeatedExtensionField<") + value.codec + ">"
        }
        // Group-like extensions are named after their type, as regular group fields are.
        let groupLike = value.isGroupLike(f, scope: scope?.protoName ?? package)
        let namingBase = groupLike ? (value.messageType?.descriptor.name ?? f.name) : f.name
        let escaped = SwiftKeywords.allKeywords.contains(f.name) ? "`\(f.name)`" : f.name
        if let scope {
            declarationName = escaped
            reference = scope.swiftName + ".Extensions." + f.name
            propertyName = scope.swiftName.replacingAll(".", with: "_") + "_" + Naming.lowerCamelCase(namingBase)
        } else {
            declarationName = filePrefix + "Extensions_" + f.name
            reference = declarationName
            propertyName = filePrefix + Naming.lowerCamelCase(namingBase)
        }
    }

    /// The Swift type of the value: the element type, or an array of it.
    var swiftType: String { isRepeated ? "[\(value.swiftType)]" : value.swiftType }

    /// The full proto name, e.g. `pkg.foo` or `pkg.Scope.foo`.
    func fullName(package: String) -> String {
        if let scope { return scope.protoName + "." + descriptor.name }
        return package.isEmpty ? descriptor.name : package + "." + descriptor.name
    }

    /// The extensions declared in `file`: file-level `extend` blocks first, then those nested
    /// in messages, in pre-order.
    static func all(in file: Google_Protobuf_FileDescriptorProto, types: TypeTable) throws(GeneratorError) -> [ExtensionModel] {
        let prefix = Naming.typePrefix(package: file.package,
                                       swiftPrefix: file.options.hasSwiftPrefix ? file.options.swiftPrefix : nil)
        let fileFeatures = types.fileFeatures[file.name] ?? .proto2
        var out: [ExtensionModel] = []
        for (i, f) in file.extension.enumerated() {
            out.append(try ExtensionModel(f, scope: nil, filePrefix: prefix, scopeFeatures: fileFeatures, package: file.package,
                                          types: types, sourcePath: [7, Int32(i)]))
        }
        for m in types.messagesByFile[file.name] ?? [] {
            for (i, f) in m.descriptor.extension.enumerated() {
                out.append(try ExtensionModel(f, scope: m, filePrefix: prefix, scopeFeatures: m.features, package: file.package,
                                              types: types, sourcePath: m.sourcePath + [6, Int32(i)]))
            }
        }
        return out
    }
}

/// Where a message's extension ranges go among its fields when encoding.
enum ExtensionRanges {
    /// The message's extension ranges, sorted, with adjacent ranges that no regular field
    /// separates merged: `(lower, upper)` with `upper` exclusive, and the field number before
    /// which each is written (`nil`: after every field).
    static func placed(_ type: MessageType, fieldNumbers: [Int]) -> [(lower: Int, upper: Int, before: Int?)] {
        let ranges = type.descriptor.extensionRange.map { (Int($0.start), Int($0.end)) }.sorted { $0.0 < $1.0 }
        var out: [(lower: Int, upper: Int, before: Int?)] = []
        for (lower, upper) in ranges {
            let before = fieldNumbers.first { $0 >= lower }
            if let last = out.last, last.before == before {
                out[out.count - 1] = (last.lower, max(last.upper, upper), before)
            } else {
                out.append((lower, upper, before))
            }
        }
        return out
    }
}
