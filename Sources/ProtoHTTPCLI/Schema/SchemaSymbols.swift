// SchemaSymbols.swift: every declaration of a FileDescriptorSet by full name (services, methods, messages, fields, enums, enum values).
import ProtoDescriptors

/// One declaration of a schema, as `protohttp describe` shows it.
enum SchemaSymbol {
    case service(Google_Protobuf_ServiceDescriptorProto)
    case method(Google_Protobuf_MethodDescriptorProto)
    case message(Google_Protobuf_DescriptorProto)
    case field(Google_Protobuf_FieldDescriptorProto, of: Google_Protobuf_DescriptorProto)
    case enumeration(Google_Protobuf_EnumDescriptorProto)
    case value(Google_Protobuf_EnumValueDescriptorProto)

    /// "a service", "a message", …: what the symbol is, for `<name> is <kind>:`.
    var kind: String {
        switch self {
        case .service: "a service"
        case .method: "a method"
        case .message: "a message"
        case .field: "a field"
        case .enumeration: "an enum"
        case .value: "an enum value"
        }
    }

    /// The symbol's declaration as `.proto` source.
    func source(_ printer: ProtoSourcePrinter) -> [String] {
        switch self {
        case .service(let service): printer.service(service)
        case .method(let method): printer.method(method)
        case .message(let message): printer.message(message)
        case .field(let field, let message): printer.field(field, in: message)
        case .enumeration(let enumeration): printer.enumeration(enumeration)
        case .value(let value): [printer.value(value)]
        }
    }
}

/// The declarations of a `FileDescriptorSet` by full name, the way protoc scopes them: a
/// method is `pkg.Service.Method`, a field `pkg.Message.field`, an enum value a sibling of its
/// enum (`pkg.VALUE`, `pkg.Message.VALUE`).
struct SchemaSymbols {
    private var symbols: [String: (symbol: SchemaSymbol, file: Google_Protobuf_FileDescriptorProto)] = [:]
    /// The full names of the services, in file and declaration order.
    private(set) var services: [String] = []

    init(_ set: Google_Protobuf_FileDescriptorSet) {
        for file in set.file {
            let prefix = file.package.isEmpty ? "" : file.package + "."
            for service in file.service {
                add(prefix + service.name, .service(service), file)
                services.append(prefix + service.name)
                for method in service.method { add(prefix + service.name + "." + method.name, .method(method), file) }
            }
            for message in file.messageType { addMessage(message, prefix: prefix, file: file) }
            for enumeration in file.enumType { addEnum(enumeration, prefix: prefix, file: file) }
        }
    }

    private mutating func add(_ name: String, _ symbol: SchemaSymbol, _ file: Google_Protobuf_FileDescriptorProto) {
        if symbols[name] == nil { symbols[name] = (symbol, file) }
    }

    private mutating func addMessage(_ message: Google_Protobuf_DescriptorProto, prefix: String, file: Google_Protobuf_FileDescriptorProto) {
        let name = prefix + message.name
        add(name, .message(message), file)
        for field in message.field { add(name + "." + field.name, .field(field, of: message), file) }
        for nested in message.nestedType { addMessage(nested, prefix: name + ".", file: file) }
        for enumeration in message.enumType { addEnum(enumeration, prefix: name + ".", file: file) }
    }

    private mutating func addEnum(_ enumeration: Google_Protobuf_EnumDescriptorProto, prefix: String, file: Google_Protobuf_FileDescriptorProto) {
        add(prefix + enumeration.name, .enumeration(enumeration), file)
        for value in enumeration.value { add(prefix + value.name, .value(value), file) }
    }

    /// The declaration named `name` (a leading dot is allowed) and its file; unknown names
    /// are a usage error that offers the names ending like it.
    func lookup(_ name: String) throws(CLIError) -> (symbol: SchemaSymbol, file: Google_Protobuf_FileDescriptorProto) {
        let bare = ProtoSourcePrinter.bare(name)
        if let found = symbols[bare] { return found }
        let last = ProtoSourcePrinter.lastComponent(bare)
        let similar = symbols.keys.filter { $0 == last || $0.hasSuffix("." + last) }.sorted()
        let hint = similar.isEmpty ? "give a full name such as \(services.first ?? "pkg.Service")" : "did you mean \(similar.prefix(5).joined(separator: ", "))?"
        throw CLIError(.usage, "the schema declares no \(bare); \(hint)")
    }
}
