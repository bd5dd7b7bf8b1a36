// ProtoSourcePrinter.swift: descriptors written back as .proto source: services, methods, messages (nested types, oneofs, maps, groups), enums.
import ProtoDescriptors

/// Writes a descriptor as the `.proto` text that declares it, for `protohttp describe`: type
/// names fully qualified (no leading dot), two spaces per level, options that change meaning
/// (proto2 defaults, `packed`, `deprecated`, a custom `json_name`, `allow_alias`,
/// `idempotency_level`) in their usual places. Comments are not carried by descriptors from
/// reflection, so none are printed.
struct ProtoSourcePrinter {
    /// The file's syntax: `proto2`, `proto3` or `editions`; it decides how labels are written.
    let syntax: String

    init(file: Google_Protobuf_FileDescriptorProto) {
        syntax = file.syntax.isEmpty ? "proto2" : file.syntax
    }

    func service(_ service: Google_Protobuf_ServiceDescriptorProto) -> [String] {
        ["service \(service.name) {"] + service.method.flatMap { method($0).map { "  " + $0 } } + ["}"]
    }

    func method(_ method: Google_Protobuf_MethodDescriptorProto) -> [String] {
        let input = (method.clientStreaming ? "stream " : "") + Self.bare(method.inputType)
        let output = (method.serverStreaming ? "stream " : "") + Self.bare(method.outputType)
        let head = "rpc \(method.name)(\(input)) returns (\(output))"
        var options: [String] = []
        switch method.options.idempotencyLevel {
        case .noSideEffects: options.append("option idempotency_level = NO_SIDE_EFFECTS;")
        case .idempotent: options.append("option idempotency_level = IDEMPOTENT;")
        default: break
        }
        if method.options.deprecated { options.append("option deprecated = true;") }
        guard !options.isEmpty else { return [head + ";"] }
        return [head + " {"] + options.map { "  " + $0 } + ["}"]
    }

    func message(_ message: Google_Protobuf_DescriptorProto) -> [String] {
        ["message \(message.name) {"] + body(of: message).map { "  " + $0 } + ["}"]
    }

    /// A message's declarations: fields in declaration order (a oneof's where its first field
    /// is), then its nested messages and enums; map entries and group types appear inline.
    private func body(of message: Google_Protobuf_DescriptorProto) -> [String] {
        var lines: [String] = []
        if message.options.deprecated { lines.append("option deprecated = true;") }
        var printedOneofs = Set<Int32>()
        for field in message.field {
            if field.hasOneofIndex, !field.proto3Optional, Int(field.oneofIndex) < message.oneofDecl.count {
                let index = field.oneofIndex
                guard printedOneofs.insert(index).inserted else { continue }
                let members = message.field.filter { $0.hasOneofIndex && $0.oneofIndex == index }
                lines.append("oneof \(message.oneofDecl[Int(index)].name) {")
                lines += members.flatMap { self.field($0, in: message, label: false).map { "  " + $0 } }
                lines.append("}")
            } else {
                lines += self.field(field, in: message, label: true)
            }
        }
        let inline = Set(message.field.compactMap { field -> String? in
            field.type == .group || mapEntry(of: field, in: message) != nil ? Self.lastComponent(field.typeName) : nil
        })
        for nested in message.nestedType where !inline.contains(nested.name) { lines += self.message(nested) }
        for nested in message.enumType { lines += self.enumeration(nested) }
        return lines
    }

    /// One field's declaration (a group's with its body).
    func field(_ field: Google_Protobuf_FieldDescriptorProto, in message: Google_Protobuf_DescriptorProto, label: Bool = true) -> [String] {
        let options = fieldOptions(field)
        if let entry = mapEntry(of: field, in: message), entry.field.count == 2 {
            return ["map<\(typeName(entry.field[0])), \(typeName(entry.field[1]))> \(field.name) = \(field.number)\(options);"]
        }
        let prefix = label ? labelPrefix(field) : ""
        if field.type == .group, let group = message.nestedType.first(where: { $0.name == Self.lastComponent(field.typeName) }) {
            return ["\(prefix)group \(group.name) = \(field.number)\(options) {"] + body(of: group).map { "  " + $0 } + ["}"]
        }
        return ["\(prefix)\(typeName(field)) \(field.name) = \(field.number)\(options);"]
    }

    func enumeration(_ enumeration: Google_Protobuf_EnumDescriptorProto) -> [String] {
        var lines = ["enum \(enumeration.name) {"]
        if enumeration.options.allowAlias { lines.append("  option allow_alias = true;") }
        if enumeration.options.deprecated { lines.append("  option deprecated = true;") }
        lines += enumeration.value.map { "  " + value($0) }
        return lines + ["}"]
    }

    func value(_ value: Google_Protobuf_EnumValueDescriptorProto) -> String {
        "\(value.name) = \(value.number)\(value.options.deprecated ? " [deprecated = true]" : "");"
    }

    /// `repeated `, `optional `, `required ` or nothing, as the file's syntax writes it.
    private func labelPrefix(_ field: Google_Protobuf_FieldDescriptorProto) -> String {
        switch field.label {
        case .repeated: return "repeated "
        case .required: return "required "
        case .optional:
            if field.proto3Optional { return "optional " }
            return syntax == "proto2" ? "optional " : ""
        }
    }

    private func typeName(_ field: Google_Protobuf_FieldDescriptorProto) -> String {
        switch field.type {
        case .message, .enum, .group: return Self.bare(field.typeName)
        case .double: return "double"
        case .float: return "float"
        case .int64: return "int64"
        case .uint64: return "uint64"
        case .int32: return "int32"
        case .fixed64: return "fixed64"
        case .fixed32: return "fixed32"
        case .bool: return "bool"
        case .string: return "string"
        case .bytes: return "bytes"
        case .uint32: return "uint32"
        case .sfixed32: return "sfixed32"
        case .sfixed64: return "sfixed64"
        case .sint32: return "sint32"
        case .sint64: return "sint64"
        }
    }

    /// ` [default = …, packed = …]`, or nothing.
    private func fieldOptions(_ field: Google_Protobuf_FieldDescriptorProto) -> String {
        var options: [String] = []
        if field.hasDefaultValue {
            let quoted = field.type == .string || field.type == .bytes
            options.append("default = \(quoted ? "\"\(field.defaultValue)\"" : field.defaultValue)")
        }
        if field.hasJsonName, field.jsonName != Self.defaultJSONName(field.name) { options.append("json_name = \"\(field.jsonName)\"") }
        if field.options.hasPacked { options.append("packed = \(field.options.packed)") }
        if field.options.deprecated { options.append("deprecated = true") }
        return options.isEmpty ? "" : " [\(options.joined(separator: ", "))]"
    }

    /// The map-entry message a repeated field of `message` stands for, if it is a map.
    private func mapEntry(of field: Google_Protobuf_FieldDescriptorProto, in message: Google_Protobuf_DescriptorProto) -> Google_Protobuf_DescriptorProto? {
        guard field.label == .repeated, field.type == .message else { return nil }
        let name = Self.lastComponent(field.typeName)
        return message.nestedType.first { $0.name == name && $0.options.mapEntry }
    }

    /// protoc's JSON name of a field: underscores dropped, the letter after each capitalised.
    static func defaultJSONName(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else {
                result += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        return result
    }

    static func bare(_ name: String) -> String { name.hasPrefix(".") ? String(name.dropFirst()) : name }

    static func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}
