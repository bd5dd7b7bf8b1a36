// ServerEmitter.swift: with `Servers=true`, a handler protocol per service, bound to ProtoHTTPServer.

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
///
/// Runtime types are spelled `ProtoHTTPServer.Service`, `.Context` and `.Definition`: the class
/// `ProtoHTTPServer` shadows its module's name, so these are member aliases of that class
/// (`ProtoHTTPServer+GeneratedCodeNames.swift`), which a user's type cannot shadow.
struct ServerEmitter {
    /// The module the generated handlers use.
    static let serverModule = "ProtoHTTPServer"

    let context: FileContext

    func emit(_ service: ServiceModel, _ p: inout CodePrinter) {
        let access = context.access
        let fullName = service.fullName
        let methods = service.methods.map { Method($0, context: context) }

        var docs = context.comments.lines(service.sourcePath)
        if !docs.isEmpty { docs.append("") }
        docs.append("The handler of the `\(fullName)` service: implement its methods and pass the value to `ProtoHTTPServer`.")
        p.doc(docs)
        p.block("\(access)protocol \(service.handlerName): ProtoHTTPServer.Service {") { p in
            for (i, m) in methods.enumerated() {
                if i > 0 { p.line() }
                guard m.isUnary else { p.line(m.streamingComment); continue }
                p.doc(m.docs)
                p.line("func \(m.name)(_ request: \(m.input), context: ProtoHTTPServer.Context) async throws -> \(m.output)")
            }
        }
        p.line()
        p.block("extension \(service.handlerName) {") { p in
            p.doc(["The `\(fullName)` service's unary methods, each bound to this handler's method."])
            p.block("\(access)var serviceDefinition: ProtoHTTPServer.Definition {") { p in
                let unary = methods.filter(\.isUnary)
                guard !unary.isEmpty else {
                    p.line("ProtoHTTPServer.Definition(name: \"\(fullName)\", methods: [])")
                    return
                }
                p.block("ProtoHTTPServer.Definition(name: \"\(fullName)\", methods: [", closer: "])") { p in
                    for m in unary {
                        p.line(".unary(\(m.metadata).self) { try await self.\(m.name)($0, context: $1) },")
                    }
                }
            }
        }
    }

    /// What the emitter prints of one method.
    private struct Method {
        let name: String
        let input: String
        let output: String
        /// The method's metadata type, `<Prefix><Service>Metadata.<Method>`.
        let metadata: String
        let isUnary: Bool
        let streamingComment: String
        let docs: [String]

        init(_ method: ServiceModel.Method, context: FileContext) {
            name = method.handlerName
            input = method.input.swiftName
            output = method.output.swiftName
            metadata = method.metadataType
            isUnary = method.isUnary
            streamingComment = "// \(method.protoName) is streaming: not generated (unary only)"
            var docs = context.comments.lines(method.sourcePath)
            if !docs.isEmpty { docs.append("") }
            docs.append("Answers the unary call `\(method.rpcPath)`.")
            self.docs = docs
        }
    }
}
