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
/// One requirement per RPC; the extension binds each to its metadata type (an `RPCMethod`) with
/// `MethodDefinition.unary(_:handler:)`, `.serverStreaming`, `.clientStreaming` or
/// `.bidirectionalStreaming`:
///
/// ```
/// rpc Get(In) returns (Out)                 func get(_ request: In, context: Context) async throws -> Out
/// rpc Watch(In) returns (stream Out)        func watch(_ request: In, response: Writer<Out>, context: Context) async throws
/// rpc Upload(stream In) returns (Out)       func upload(_ requests: Requests<In>, context: Context) async throws -> Out
/// rpc Chat(stream In) returns (stream Out)  func chat(_ requests: Requests<In>, response: Writer<Out>, context: Context) async throws
/// ```
///
/// Runtime types are spelled `ProtoHTTPServer.Service`, `.Context`, `.Definition`, `.Requests` and
/// `.Writer`: the class
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
                p.doc(m.docs)
                p.line(m.requirement)
            }
        }
        p.line()
        p.block("extension \(service.handlerName) {") { p in
            p.doc(["The `\(fullName)` service's methods, each bound to this handler's method."])
            p.block("\(access)var serviceDefinition: ProtoHTTPServer.Definition {") { p in
                guard !methods.isEmpty else {
                    p.line("ProtoHTTPServer.Definition(name: \"\(fullName)\", methods: [], fileDescriptors: \(service.metadataName).fileDescriptors)")
                    return
                }
                p.block("ProtoHTTPServer.Definition(name: \"\(fullName)\", methods: [", closer: "], fileDescriptors: \(service.metadataName).fileDescriptors)") { p in
                    for m in methods { p.line(m.binding) }
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
        let kind: Kind
        let docs: [String]

        /// Which sides of the call stream.
        enum Kind {
            case unary, serverStreaming, clientStreaming, bidirectionalStreaming
        }

        init(_ method: ServiceModel.Method, context: FileContext) {
            name = method.handlerName
            input = method.input.swiftName
            output = method.output.swiftName
            metadata = method.metadataType
            switch (method.descriptor.clientStreaming, method.descriptor.serverStreaming) {
            case (false, false): kind = .unary
            case (false, true): kind = .serverStreaming
            case (true, false): kind = .clientStreaming
            case (true, true): kind = .bidirectionalStreaming
            }
            var docs = context.comments.lines(method.sourcePath)
            if !docs.isEmpty { docs.append("") }
            switch kind {
            case .unary:
                docs.append("Answers the unary call `\(method.rpcPath)`.")
            case .serverStreaming:
                docs.append("Answers the server-streaming call `\(method.rpcPath)`: send each response with `response.send(_:)`; returning ends the stream.")
            case .clientStreaming:
                docs.append("Answers the client-streaming call `\(method.rpcPath)`: read the client's messages from `requests`, then return the response.")
            case .bidirectionalStreaming:
                docs.append("Answers the bidirectional call `\(method.rpcPath)`: read from `requests` and send with `response.send(_:)`; returning ends the stream.")
            }
            self.docs = docs
        }

        /// The handler protocol's requirement.
        var requirement: String {
            let requests = "ProtoHTTPServer.Requests<\(input)>"
            let writer = "ProtoHTTPServer.Writer<\(output)>"
            let context = "context: ProtoHTTPServer.Context"
            switch kind {
            case .unary: return "func \(name)(_ request: \(input), \(context)) async throws -> \(output)"
            case .serverStreaming: return "func \(name)(_ request: \(input), response: \(writer), \(context)) async throws"
            case .clientStreaming: return "func \(name)(_ requests: \(requests), \(context)) async throws -> \(output)"
            case .bidirectionalStreaming: return "func \(name)(_ requests: \(requests), response: \(writer), \(context)) async throws"
            }
        }

        /// The line binding the requirement in `serviceDefinition`.
        var binding: String {
            switch kind {
            case .unary: ".unary(\(metadata).self) { try await self.\(name)($0, context: $1) },"
            case .serverStreaming: ".serverStreaming(\(metadata).self) { try await self.\(name)($0, response: $1, context: $2) },"
            case .clientStreaming: ".clientStreaming(\(metadata).self) { try await self.\(name)($0, context: $1) },"
            case .bidirectionalStreaming: ".bidirectionalStreaming(\(metadata).self) { try await self.\(name)($0, response: $1, context: $2) },"
            }
        }
    }
}
