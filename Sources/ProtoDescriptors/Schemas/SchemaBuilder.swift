// SchemaBuilder.swift: descriptors to message schemas: kinds, labels, packing, oneofs, map entries, extensions.

import ProtoWire

/// Turns the declarations of a ``DescriptorIndex`` into ``ProtoWire/MessageSchema``s and
/// extension ``ProtoWire/FieldSchema``s with the rules protoc and the generator apply:
///
/// - every rule comes from the field's resolved ``ProtoFeatures`` (proto2 and proto3 files
///   resolve to their syntax's rules): presence (`field_presence`; oneof members and messages
///   always have it), packing (`repeated_field_encoding`), enum openness (the enum's own
///   `enum_type`), groups (`message_encoding = DELIMITED`, never for map entries) and UTF-8
///   checks (`utf8_validation`);
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
            let scope = f.hasOneofIndex && Int(f.oneofIndex) < d.oneofDecl.count
                ? message.features.oneof(d.oneofDecl[Int(f.oneofIndex)]) : message.features
            var features = scope.field(f)
            if d.options.mapEntry { features.delimited = false }  // a map's key and value never are
            let kind = try self.kind(f, owner: fullName, scope: fullName, features: features)
            fields.append(FieldSchema(
                number: f.number, name: f.name, jsonName: jsonName(f), kind: kind,
                label: label(f, kind: kind, inOneof: oneofIndex != nil, features: features),
                isPacked: isPacked(f, kind: kind, features: features),
                oneofIndex: oneofIndex, validatesUTF8: validatesUTF8(kind, features)))
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
        let features = e.features.field(f)
        let kind = try self.kind(f, owner: e.fullName, scope: e.scope, features: features)
        return FieldSchema(number: f.number, name: e.fullName, jsonName: "[\(e.fullName)]", kind: kind,
                           label: f.label == .repeated ? .repeated : .singular(hasPresence: true),
                           isPacked: isPacked(f, kind: kind, features: features), extendee: extendee,
                           validatesUTF8: validatesUTF8(kind, features))
    }

    /// `false` only for a `string` whose `utf8_validation` is `NONE`.
    private func validatesUTF8(_ kind: FieldSchema.Kind, _ features: ProtoFeatures) -> Bool {
        if case .string = kind { return features.validatesUTF8 }
        return true
    }

    private func jsonName(_ f: Google_Protobuf_FieldDescriptorProto) -> String {
        f.hasJsonName && !f.jsonName.isEmpty ? f.jsonName : FieldSchema.defaultJSONName(f.name)
    }

    private func kind(_ f: Google_Protobuf_FieldDescriptorProto, owner: String, scope: String,
                      features: ProtoFeatures) throws(DescriptorError) -> FieldSchema.Kind {
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
        if features.delimited && !isMapEntry {
            return .group(table.reference(name))
        }
        return .message(table.reference(name))
    }

    private func label(_ f: Google_Protobuf_FieldDescriptorProto, kind: FieldSchema.Kind, inOneof: Bool,
                       features: ProtoFeatures) -> FieldSchema.Label {
        if f.label == .repeated { return .repeated }
        if features.presence == .legacyRequired { return .required }
        let isMessage: Bool
        switch kind {
        case .message, .group: isMessage = true
        default: isMessage = false
        }
        return .singular(hasPresence: features.hasPresence(inOneof: inOneof, isMessage: isMessage))
    }

    private func isPacked(_ f: Google_Protobuf_FieldDescriptorProto, kind: FieldSchema.Kind, features: ProtoFeatures) -> Bool {
        f.label == .repeated && FieldSchemaKinds.isPackable(kind) && features.packed
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
