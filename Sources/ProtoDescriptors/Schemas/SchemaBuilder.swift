// SchemaBuilder.swift: descriptors to message schemas: kinds, labels, packing, oneofs, map entries, extensions.

import ProtoWire

/// Turns the declarations of a ``DescriptorIndex`` into ``ProtoWire/MessageSchema``s and
/// extension ``ProtoWire/FieldSchema``s with the rules protoc and the generator apply:
///
/// - presence: proto2 `optional`, proto3 `optional`, oneof members and message fields have
///   it; proto3 plain fields do not; editions follow `field_presence`;
/// - packing: proto3 repeated scalars unless `[packed = false]`, proto2 only with
///   `[packed = true]`, editions per `repeated_field_encoding`;
/// - enums: closed in proto2 files, open in proto3, per `enum_type` in editions;
/// - oneofs: real ones only, indexed without the synthetic proto3-`optional` oneofs.
struct SchemaBuilder {
    let index: DescriptorIndex
    let table: SchemaTable

    /// The schema of the message named `fullName`.
    func message(_ fullName: String) throws(DescriptorError) -> MessageSchema? {
        guard let message = index.messages[fullName] else { return nil }
        let d = message.descriptor
        var realOneofs: [Int: Int] = [:]
        var oneofNames: [String] = []
        for (i, oneof) in d.oneofDecl.enumerated() {
            let members = d.field.filter { $0.hasOneofIndex && Int($0.oneofIndex) == i }
            if !members.isEmpty && members.allSatisfy(\.proto3Optional) { continue }
            realOneofs[i] = oneofNames.count
            oneofNames.append(oneof.name)
        }
        var fields: [FieldSchema] = []
        for f in d.field {
            let oneofIndex = f.hasOneofIndex && !f.proto3Optional ? realOneofs[Int(f.oneofIndex)] : nil
            let features = fieldFeatures(f, message.syntax, message.features)
            let kind = try self.kind(f, owner: fullName, scope: fullName, features: features, syntax: message.syntax)
            fields.append(FieldSchema(
                number: f.number, name: f.name, jsonName: jsonName(f), kind: kind,
                label: label(f, kind: kind, inOneof: oneofIndex != nil, syntax: message.syntax, features: features),
                isPacked: isPacked(f, kind: kind, syntax: message.syntax, features: features),
                oneofIndex: oneofIndex))
        }
        if d.options.mapEntry {
            guard fields.count == 2, fields[0].number == 1, fields[1].number == 2 else {
                throw DescriptorError(.malformed, "map entry '\(fullName)' must have exactly a key (1) and a value (2)")
            }
        }
        return MessageSchema(fullName: fullName, fields: fields, oneofNames: oneofNames, isMapEntry: d.options.mapEntry,
                             extensionRanges: d.extensionRange.map { $0.start...($0.end - 1) })
    }

    /// The schema field of an extension (full name, `"[full.name]"` as JSON key, extendee set).
    func extensionField(_ e: DescriptorIndex.Extension) throws(DescriptorError) -> FieldSchema {
        let f = e.descriptor
        guard let extendee = index.resolve(f.extendee, from: e.scope), index.messages[extendee] != nil else {
            throw DescriptorError(.unresolvedType, "extension '\(e.fullName)' extends '\(f.extendee)', which no file of the "
                                  + "descriptor set declares as a message; pass protoc --include_imports")
        }
        let features = fieldFeatures(f, e.syntax, e.features)
        let kind = try self.kind(f, owner: e.fullName, scope: e.scope, features: features, syntax: e.syntax)
        return FieldSchema(number: f.number, name: e.fullName, jsonName: "[\(e.fullName)]", kind: kind,
                           label: f.label == .repeated ? .repeated : .singular(hasPresence: true),
                           isPacked: isPacked(f, kind: kind, syntax: e.syntax, features: features), extendee: extendee)
    }

    private func fieldFeatures(_ f: Google_Protobuf_FieldDescriptorProto, _ syntax: FileSyntax,
                               _ features: EditionFeatures) -> EditionFeatures {
        syntax == .editions ? features.merging(f.options.unknownFields, featuresField: 21) : features
    }

    private func jsonName(_ f: Google_Protobuf_FieldDescriptorProto) -> String {
        f.hasJsonName && !f.jsonName.isEmpty ? f.jsonName : FieldSchema.defaultJSONName(f.name)
    }

    private func kind(_ f: Google_Protobuf_FieldDescriptorProto, owner: String, scope: String,
                      features: EditionFeatures, syntax: FileSyntax) throws(DescriptorError) -> FieldSchema.Kind {
        if f.hasType, let scalar = FieldSchemaKinds.scalar(f.type) { return scalar }
        guard let name = index.resolve(f.typeName, from: scope) else {
            throw DescriptorError(.unresolvedType, "field '\(owner).\(f.name)' (number \(f.number)) has type "
                                  + "'\(f.typeName)', which no file of the descriptor set declares; "
                                  + "pass protoc --include_imports so imported files are in the set")
        }
        if let e = index.enums[name] {
            return .enumeration(e.names, isClosed: e.isClosed)
        }
        guard let target = index.messages[name] else {
            throw DescriptorError(.unresolvedType, "field '\(owner).\(f.name)' has type '\(f.typeName)', which is neither a message nor an enum")
        }
        let isMapEntry = target.descriptor.options.mapEntry
        if f.type == .group || (syntax == .editions && features.delimited && !isMapEntry && f.type == .message) {
            return .group(table.reference(name))
        }
        return .message(table.reference(name))
    }

    private func label(_ f: Google_Protobuf_FieldDescriptorProto, kind: FieldSchema.Kind, inOneof: Bool,
                       syntax: FileSyntax, features: EditionFeatures) -> FieldSchema.Label {
        if f.label == .repeated { return .repeated }
        if f.label == .required { return .required }
        let isMessage: Bool
        switch kind {
        case .message, .group: isMessage = true
        default: isMessage = false
        }
        switch syntax {
        case .proto2: return .singular(hasPresence: true)
        case .proto3: return .singular(hasPresence: f.proto3Optional || inOneof || isMessage)
        case .editions:
            if features.presence == .legacyRequired { return .required }
            return .singular(hasPresence: features.presence == .explicit || inOneof || isMessage)
        }
    }

    private func isPacked(_ f: Google_Protobuf_FieldDescriptorProto, kind: FieldSchema.Kind, syntax: FileSyntax,
                          features: EditionFeatures) -> Bool {
        guard f.label == .repeated, FieldSchemaKinds.isPackable(kind) else { return false }
        switch syntax {
        case .proto2: return f.options.hasPacked && f.options.packed
        case .proto3: return !(f.options.hasPacked && !f.options.packed)
        case .editions: return f.options.hasPacked ? f.options.packed : features.packed
        }
    }
}

/// Descriptor types to schema kinds.
enum FieldSchemaKinds {
    /// The kind of a scalar type, `nil` for enums, messages and groups.
    static func scalar(_ type: Google_Protobuf_FieldDescriptorProto.TypeEnum) -> FieldSchema.Kind? {
        switch type {
        case .double: .double
        case .float: .float
        case .int64: .int64
        case .uint64: .uint64
        case .int32: .int32
        case .fixed64: .fixed64
        case .fixed32: .fixed32
        case .bool: .bool
        case .string: .string
        case .bytes: .bytes
        case .uint32: .uint32
        case .sfixed32: .sfixed32
        case .sfixed64: .sfixed64
        case .sint32: .sint32
        case .sint64: .sint64
        case .enum, .message, .group: nil
        }
    }

    /// Whether repeated values of `kind` may be packed (varint, fixed32 and fixed64 kinds).
    static func isPackable(_ kind: FieldSchema.Kind) -> Bool {
        switch kind {
        case .string, .bytes, .message, .group: false
        default: true
        }
    }
}
