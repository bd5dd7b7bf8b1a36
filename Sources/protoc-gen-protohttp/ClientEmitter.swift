// ClientEmitter.swift: with `Clients=true`, a typed client per service (protocol plus final class).

/// Emits into `<base>.client.pb.swift` (see ``LayerFileEmitter``) `<Prefix><Service>ClientProtocol`
/// and the final class `<Prefix><Service>Client` that implements it over a `ProtoHTTPManager`:
///
/// ```swift
/// let client = Pkg_GreeterClient(manager: manager)
/// client.sayHello(request, success: { reply, _ in ... }, failure: { error in ... })   // callback form
/// let reply = try await client.sayHello(request)                                      // async form
/// ```
///
/// One method per unary RPC in both forms, each one line delegating to the manager's `unary`
/// with the method's metadata type (path, message types, idempotency). The client's protocol
/// applies under the call's own. Streaming methods are on the class only (the protocol, which
/// mocks implement, has a comment in their place), one line each delegating to the manager's
/// `serverStream`, `clientStream` or `bidirectionalStream`. An extension of the protocol adds
/// short forms (no options, no `completion`) for code that holds the protocol.
struct ClientEmitter {
    /// The module the generated clients use.
    static let clientModule = "ProtoHTTP"

    let context: FileContext

    func emit(_ service: ServiceModel, _ p: inout CodePrinter) {
        let access = context.access
        let className = service.clientClassName
        let methods = service.methods.map { Method($0, context: context) }

        p.doc(["The unary calls of the `\(service.fullName)` service, callback and async forms; ``\(className)`` implements it."])
        p.block("\(access)protocol \(service.clientProtocolName): Sendable {") { p in
            for (i, m) in methods.enumerated() {
                if i > 0 { p.line() }
                guard m.isUnary else { p.line(m.streamingComment); continue }
                p.doc(m.docs)
                p.line("@discardableResult")
                p.line("func \(m.name)(\(m.callbackParameters(defaults: false))) -> ProtoHTTP.CallHandle")
                p.doc(m.asyncDocs)
                p.line("func \(m.name)(\(m.asyncParameters(defaults: false))) async throws(ProtoHTTPCore.ProtoHTTPError) -> \(m.output)")
            }
        }
        emitShortForms(service, methods, &p)
        p.line()
        var docs = context.comments.lines(service.sourcePath)
        if !docs.isEmpty { docs.append("") }
        docs.append("The typed client of the `\(service.fullName)` service, calling through a `ProtoHTTPManager`.")
        p.doc(docs)
        p.block("\(access)final class \(className): \(service.clientProtocolName), Sendable {") { p in
            p.doc(["The manager that sends the calls (base URL, headers, interceptors, callback queue)."])
            p.line("\(access)let manager: ProtoHTTP.ProtoHTTPManager")
            p.doc(["The protocol of this client's calls unless a call names one; `nil`: the manager's, else Connect."])
            p.line("\(access)let wireProtocol: (any ProtoHTTP.WireProtocol)?")
            p.line()
            p.doc(["A client calling through `manager`, with `wireProtocol` (`.connect`, `.twirp`, `.plain`) or the manager's."])
            p.block("\(access)init(manager: ProtoHTTP.ProtoHTTPManager, wireProtocol: (any ProtoHTTP.WireProtocol)? = nil) {") { p in
                p.line("self.manager = manager")
                p.line("self.wireProtocol = wireProtocol")
            }
            for m in methods {
                p.line()
                guard m.isUnary else {
                    p.doc(m.streamDocs)
                    p.block("\(access)func \(m.name)(\(m.streamParameters)) -> \(m.streamType) {") { p in
                        p.line(m.streamCall)
                    }
                    continue
                }
                p.doc(m.docs)
                p.line("@discardableResult")
                p.block("\(access)func \(m.name)(\(m.callbackParameters(defaults: true))) -> ProtoHTTP.CallHandle {") { p in
                    p.line("manager.unary(\(m.method).self, request, options: options.defaulting(wireProtocol: wireProtocol), completion: completion, success: success, failure: failure)")
                }
                p.line()
                p.doc(m.asyncDocs)
                p.block("\(access)func \(m.name)(\(m.asyncParameters(defaults: true))) async throws(ProtoHTTPCore.ProtoHTTPError) -> \(m.output) {") { p in
                    p.line("try await manager.unary(\(m.method).self, request, options: options.defaulting(wireProtocol: wireProtocol))")
                }
            }
        }
    }

    /// The protocol's short forms (none for a service without unary methods), for code that
    /// holds the protocol (a client or its mock) rather than the class: the callback form
    /// without `completion` (options defaulted), and the async form without options. They have other signatures than the requirements, so
    /// they are never taken as their implementations, and the class's own methods (with their
    /// defaults) stay the ones called on the class.
    private func emitShortForms(_ service: ServiceModel, _ methods: [Method], _ p: inout CodePrinter) {
        let access = context.access
        let unary = methods.filter(\.isUnary)
        guard !unary.isEmpty else { return }
        p.line()
        p.doc(["Short forms of the ``\(service.clientProtocolName)`` calls: default options, no `completion`."])
        p.block("extension \(service.clientProtocolName) {") { p in
            for (i, m) in unary.enumerated() {
                if i > 0 { p.line() }
                let plain = Naming.trimBackticks(m.name)
                p.doc(["``\(plain)(_:options:completion:success:failure:)`` without a `completion` callback."])
                p.line("@discardableResult")
                p.block("\(access)func \(m.name)(_ request: \(m.input), options: ProtoHTTP.CallOptions = ProtoHTTP.CallOptions(), \(m.resultCallbacks)) -> ProtoHTTP.CallHandle {") { p in
                    p.line("\(m.name)(request, options: options, completion: nil, success: success, failure: failure)")
                }
                p.line()
                p.doc(["``\(plain)(_:options:)`` with the default options."])
                p.block("\(access)func \(m.name)(_ request: \(m.input)) async throws(ProtoHTTPCore.ProtoHTTPError) -> \(m.output) {") { p in
                    p.line("try await \(m.name)(request, options: ProtoHTTP.CallOptions())")
                }
            }
        }
    }

    /// What the emitter prints of one method (its signatures are the mock's too: ``MockEmitter``).
    struct Method {
        let name: String
        let input: String
        let output: String
        let method: String
        let isUnary: Bool
        let streamingComment: String
        let docs: [String]
        let asyncDocs: [String]
        let isClientStreaming: Bool
        let isServerStreaming: Bool
        let streamDocs: [String]

        init(_ method: ServiceModel.Method, context: FileContext) {
            name = method.clientName
            input = method.input.swiftName
            output = method.output.swiftName
            self.method = method.metadataType
            isUnary = method.isUnary
            isClientStreaming = method.descriptor.clientStreaming
            isServerStreaming = method.descriptor.serverStreaming
            streamingComment = "// \(method.protoName) is streaming: on the client class (this protocol and its mocks are unary)"
            var docs = context.comments.lines(method.sourcePath)
            if !docs.isEmpty { docs.append("") }
            var streamDocs = docs
            switch (isClientStreaming, isServerStreaming) {
            case (false, _): streamDocs.append("Starts the server-streaming call `\(method.protoName)`: iterate the stream for the responses.")
            case (true, false): streamDocs.append("Starts the client-streaming call `\(method.protoName)`: `send` the requests, then `finish()` for the response.")
            case (true, true): streamDocs.append("Starts the bidirectional call `\(method.protoName)`: `send` requests and iterate `responses` as they come.")
            }
            self.streamDocs = streamDocs
            docs.append("Calls `\(method.protoName)`; exactly one of `success` and `failure` runs, on the manager's callback queue.")
            self.docs = docs
            let plain = Naming.trimBackticks(name)
            asyncDocs = ["The async form of ``\(plain)(_:options:completion:success:failure:)``; cancelling the task cancels the call."]
        }

        /// The streaming method's parameters: the request for a server stream, and the options.
        var streamParameters: String {
            let options = "options: ProtoHTTP.CallOptions = ProtoHTTP.CallOptions()"
            return isClientStreaming ? options : "_ request: \(input), \(options)"
        }

        /// The call handle a streaming method returns.
        var streamType: String {
            switch (isClientStreaming, isServerStreaming) {
            case (false, _): "ProtoHTTP.ServerStream<\(output)>"
            case (true, false): "ProtoHTTP.ClientStream<\(input), \(output)>"
            case (true, true): "ProtoHTTP.BidirectionalStream<\(input), \(output)>"
            }
        }

        /// The one line of a streaming method's body.
        var streamCall: String {
            let options = "options: options.defaulting(wireProtocol: wireProtocol)"
            return switch (isClientStreaming, isServerStreaming) {
            case (false, _): "manager.serverStream(\(method).self, request, \(options))"
            case (true, false): "manager.clientStream(\(method).self, \(options))"
            case (true, true): "manager.bidirectionalStream(\(method).self, \(options))"
            }
        }

        func callbackParameters(defaults: Bool) -> String {
            "_ request: \(input), options: ProtoHTTP.CallOptions\(defaults ? " = ProtoHTTP.CallOptions()" : ""), "
                + "completion: (@Sendable () -> Void)?\(defaults ? " = nil" : ""), "
                + resultCallbacks
        }

        /// The `success` and `failure` parameters.
        var resultCallbacks: String {
            "success: @escaping @Sendable (\(output), ProtoHTTP.ResponseMetadata) -> Void, failure: @escaping @Sendable (ProtoHTTPCore.ProtoHTTPError) -> Void"
        }

        func asyncParameters(defaults: Bool) -> String {
            "_ request: \(input), options: ProtoHTTP.CallOptions\(defaults ? " = ProtoHTTP.CallOptions()" : "")"
        }
    }
}
