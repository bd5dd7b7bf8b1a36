// ServerEmitter.swift: with `Servers=true`, a handler protocol per service, bound to ProtoHTTPServer.

import ProtoDescriptors

/// Emits into `<base>.server.pb.swift` (see ``LayerFileEmitter``) the protocol
/// `<Prefix><Service>Handler` and an extension that builds its `ServiceDefinition`, so a user
/// writes only the methods:
///
/// ```swift
/// struct Greeter: Pkg_GreeterHandler {
///     func sayHello(_ request: Pkg_HelloRequest, context: ServerContext) async throws -> Pkg_HelloReply { ... }
/// }
/// let server = ProtoHTTPServer(configuration: configuration, services: [Greeter()])
/// ```
///
/// One requirement per unary RPC; the extension binds each to its metadata type (an `RPCMethod`)
/// with `MethodDefinition.unary(_:handler:)`. Streaming methods are skipped with a comment.
struct ServerEmitter {
    /// The module the generated handlers use.
    static let serverModule = "ProtoHTTPServer"

    /// Method names that would clash with the protocol's members or cannot be declared: get `_p`.
    static let reservedMethodNames: Set<String> = ["init", "deinit", "self", "subscript", "serviceDefinition"]

    let context: FileContext

    /// The Swift name of a method: lowerCamelCase, `_p` when reserved, backticks for keywords.
    static func methodName(_ protoName: String) -> String {
        let name = Naming.lowerCamelCase(protoName)
        if reservedMethodNames.contains(name) { return name + "_p" }
        if SwiftKeywords.allKeywords.contains(name) { return "`\(name)`" }
        return name
    }

    func emit(_ service: Google_Protobuf_ServiceDescriptorProto, index: Int, _ p: inout CodePrinter) throws(GeneratorError) {
        let file = context.file
        let access = context.access
        let fullName = file.package.isEmpty ? service.name : file.package + "." + service.name
        let prefix = Naming.typePrefix(package: file.package,
                                       swiftPrefix: file.options.hasSwiftPrefix ? file.options.swiftPrefix : nil)
        let metadata = Naming.sanitizeTypeName(prefix + service.name + "Metadata", disambiguator: "Service")
        let protocolName = Naming.sanitizeTypeName(prefix + service.name + "Handler", disambiguator: "Service")
        let methods = try service.method.enumerated().map { i, method throws(GeneratorError) in
            try Method(method, path: [6, Int32(index), 2, Int32(i)], fullName: fullName, metadata: metadata, context: context)
        }

        var docs = context.comments.lines([6, Int32(index)])
        if !docs.isEmpty { docs.append("") }
        docs.append("The handler of the `\(fullName)` service: implement its methods and pass the value to `ProtoHTTPServer`.")
        p.doc(docs)
        p.block("\(access)protocol \(protocolName): ProtoHTTPService {") { p in
            for (i, m) in methods.enumerated() {
                if i > 0 { p.line() }
                guard m.isUnary else { p.line(m.streamingComment); continue }
                p.doc(m.docs)
                p.line("func \(m.name)(_ request: \(m.input), context: ServerContext) async throws -> \(m.output)")
            }
        }
        p.line()
        p.block("extension \(protocolName) {") { p in
            p.doc(["The `\(fullName)` service's unary methods, each bound to this handler's method."])
            p.block("\(access)var serviceDefinition: ServiceDefinition {") { p in
                let unary = methods.filter(\.isUnary)
                guard !unary.isEmpty else {
                    p.line("ServiceDefinition(name: \"\(fullName)\", methods: [])")
                    return
                }
                p.block("ServiceDefinition(name: \"\(fullName)\", methods: [", closer: "])") { p in
                    for m in unary {
                        p.line(".unary(\(m.metadata).self) { try await self.\(m.name)($0, context: $1) },")
                    }
                }
            }
        }
    }

    /// What the emitter needs of one method.
    private struct Method {
        let name: String
        let input: String
        let output: String
        /// The method's metadata type, `<Prefix><Service>Metadata.<Method>`.
        let metadata: String
        let isUnary: Bool
        let streamingComment: String
        let docs: [String]

        init(_ method: Google_Protobuf_MethodDescriptorProto, path sourcePath: [Int32], fullName: String,
             metadata: String, context: FileContext) throws(GeneratorError) {
            name = ServerEmitter.methodName(method.name)
            input = try context.types.message(method.inputType).swiftName
            output = try context.types.message(method.outputType).swiftName
            self.metadata = "\(metadata).\(Naming.sanitizeTypeName(method.name, disambiguator: "Method"))"
            isUnary = !method.clientStreaming && !method.serverStreaming
            streamingComment = "// \(method.name) is streaming: not generated (unary only)"
            var docs = context.comments.lines(sourcePath)
            if !docs.isEmpty { docs.append("") }
            docs.append("Answers the unary call `/\(fullName)/\(method.name)`.")
            self.docs = docs
        }
    }
}
