// ServiceEmitter.swift: per-service method metadata (path, input/output types, idempotency).

import ProtoDescriptors

/// Emits `<Prefix><Service>Metadata`, a caseless enum with one caseless enum per method, each
/// conforming to `ProtoHTTPCore.RPCMethod`:
///
/// ```swift
/// Pkg_GreeterMetadata.serviceName        // "pkg.Greeter"
/// Pkg_GreeterMetadata.SayHello.path      // "/pkg.Greeter/SayHello"
/// Pkg_GreeterMetadata.SayHello.Input     // Pkg_HelloRequest
/// Pkg_GreeterMetadata.SayHello.idempotencyLevel  // .noSideEffects, from option idempotency_level
/// Pkg_GreeterMetadata.SayHello.isIdempotent      // from RPCMethod's extension
/// ```
///
/// The typed clients of ``ClientEmitter`` (`Clients=true`) and the handlers of ``ServerEmitter``
/// (`Servers=true`) build on these.
struct ServiceEmitter {
    let context: FileContext

    func emit(_ service: ServiceModel, _ p: inout CodePrinter) {
        let access = context.access
        var docs = context.comments.lines(service.sourcePath)
        if !docs.isEmpty { docs.append("") }
        docs.append("Method metadata of the `\(service.fullName)` service.")
        p.doc(docs)
        p.block("\(access)enum \(service.metadataName) {") { p in
            p.doc(["The service's full protobuf name."])
            p.line("\(access)static let serviceName = \"\(service.fullName)\"")
            for method in service.methods {
                p.line()
                let d = method.descriptor
                var mdocs = context.comments.lines(method.sourcePath)
                if !mdocs.isEmpty { mdocs.append("") }
                mdocs.append("`rpc \(d.name)(\(d.clientStreaming ? "stream " : "")\(method.input.protoName)) returns (\(d.serverStreaming ? "stream " : "")\(method.output.protoName))`.")
                p.doc(mdocs)
                p.block("\(access)enum \(method.metadataTypeName): \(Imports.methodsModule).RPCMethod {") { p in
                    p.doc(["The request message type."])
                    p.line("\(access)typealias Input = \(method.input.swiftName)")
                    p.doc(["The response message type."])
                    p.line("\(access)typealias Output = \(method.output.swiftName)")
                    p.doc(["The method name as declared."])
                    p.line("\(access)static let name = \"\(d.name)\"")
                    p.doc(["The RPC path, `/<package>.<Service>/<Method>`."])
                    p.line("\(access)static let path = \"\(method.rpcPath)\"")
                    p.doc(["The method's `option idempotency_level`."])
                    p.line("\(access)static let idempotencyLevel: \(Imports.methodsModule).IdempotencyLevel = \(ServiceEmitter.swiftCase(d.options.idempotencyLevel))")
                    p.doc(["Whether the client sends a stream of requests."])
                    p.line("\(access)static let isClientStreaming = \(d.clientStreaming)")
                    p.doc(["Whether the server sends a stream of responses."])
                    p.line("\(access)static let isServerStreaming = \(d.serverStreaming)")
                }
            }
        }
    }

    /// The `IdempotencyLevel` case for a descriptor value.
    static func swiftCase(_ level: Google_Protobuf_MethodOptions.IdempotencyLevel) -> String {
        switch level {
        case .noSideEffects: ".noSideEffects"
        case .idempotent: ".idempotent"
        default: ".unknown"
        }
    }
}
