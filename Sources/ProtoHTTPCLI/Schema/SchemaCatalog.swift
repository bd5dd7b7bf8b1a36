// SchemaCatalog.swift: the services, methods and message names of a FileDescriptorSet, found by full name.
import ProtoDescriptors
import ProtoHTTPCore

/// What a command needs to know of a `FileDescriptorSet` by name: every service and its
/// methods, in the order of the files and their declarations, and every message type.
struct SchemaCatalog {
    /// One RPC method.
    struct Method {
        /// The service's full name, `pkg.Service`.
        var service: String
        /// The method's name.
        var name: String
        /// The input message's full name (no leading dot).
        var inputType: String
        /// The output message's full name.
        var outputType: String
        var clientStreaming: Bool
        var serverStreaming: Bool
        var idempotencyLevel: IdempotencyLevel

        /// Which sides stream.
        var kind: RPCKind { RPCKind(clientStreaming: clientStreaming, serverStreaming: serverStreaming) }

        /// `pkg.Service/Method(pkg.Input) returns (pkg.Output)`, with `stream ` before a
        /// streamed side: the line `protohttp list` prints.
        var listLine: String {
            "\(service)/\(name)(\(clientStreaming ? "stream " : "")\(inputType)) returns (\(serverStreaming ? "stream " : "")\(outputType))"
        }

        /// The method's description for a call whose route is `prefix` + `/pkg.Service/Method`.
        func descriptor(prefix: String = "") -> MethodDescriptor {
            MethodDescriptor(path: "\(prefix)/\(service)/\(name)", inputTypeName: inputType, outputTypeName: outputType,
                             idempotencyLevel: idempotencyLevel, isClientStreaming: clientStreaming, isServerStreaming: serverStreaming)
        }
    }

    /// The set this catalogue describes.
    let set: Google_Protobuf_FileDescriptorSet
    /// Every method of every service, in file and declaration order.
    private(set) var methods: [Method] = []
    /// The full names of every message type (nested ones included).
    private(set) var messageNames: Set<String> = []
    /// Every extension declared (at file level or inside a message): the extended message's
    /// full name and the field number.
    private(set) var extensions: [(extendee: String, number: Int32)] = []

    init(_ set: Google_Protobuf_FileDescriptorSet) {
        self.set = set
        for file in set.file {
            let prefix = file.package.isEmpty ? "" : file.package + "."
            for service in file.service {
                for method in service.method {
                    let level = IdempotencyLevel(rawValue: method.options.idempotencyLevel.rawValue) ?? .unknown
                    methods.append(Method(
                        service: prefix + service.name, name: method.name,
                        inputType: Self.bare(method.inputType), outputType: Self.bare(method.outputType),
                        clientStreaming: method.clientStreaming, serverStreaming: method.serverStreaming,
                        idempotencyLevel: level))
                }
            }
            for message in file.messageType { collect(message, prefix: prefix) }
            extensions += file.extension.map { (Self.bare($0.extendee), $0.number) }
        }
    }

    private mutating func collect(_ message: Google_Protobuf_DescriptorProto, prefix: String) {
        let name = prefix + message.name
        messageNames.insert(name)
        extensions += message.extension.map { (Self.bare($0.extendee), $0.number) }
        for nested in message.nestedType { collect(nested, prefix: name + ".") }
    }

    /// A type name without protoc's leading dot.
    static func bare(_ name: String) -> String { name.hasPrefix(".") ? String(name.dropFirst()) : name }

    /// The full names of the services, in order, each once.
    var serviceNames: [String] {
        var seen = Set<String>()
        return methods.map(\.service).filter { seen.insert($0).inserted }
    }

    /// The method `name` of `service`, or a usage error naming what the schema has.
    func method(service: String, name: String) throws(CLIError) -> Method {
        let ofService = methods.filter { $0.service == service }
        guard !ofService.isEmpty else {
            let available = serviceNames
            throw CLIError(.usage, "the schema has no service \(service); "
                + (available.isEmpty ? "it declares no services at all." : "its services are: \(available.joined(separator: ", ")) (see protohttp list)."))
        }
        guard let method = ofService.first(where: { $0.name == name }) else {
            throw CLIError(.usage, "the service \(service) has no method \(name); its methods are: \(ofService.map(\.name).joined(separator: ", ")).")
        }
        return method
    }

    /// `name` (a leading dot allowed) if the schema declares that message, else a usage error
    /// suggesting names that end like it.
    func messageName(_ name: String) throws(CLIError) -> String {
        let bare = Self.bare(name)
        if messageNames.contains(bare) { return bare }
        let last = bare.split(separator: ".").last.map(String.init) ?? bare
        let similar = messageNames.filter { $0 == last || $0.hasSuffix("." + last) }.sorted()
        throw CLIError(.usage, "the schema has no message type \(bare)"
            + (similar.isEmpty ? "; give its full name, package included (pkg.Message)." : "; did you mean \(similar.joined(separator: " or "))?"))
    }
}
