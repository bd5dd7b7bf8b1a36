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

    func emit(_ service: Google_Protobuf_ServiceDescriptorProto, index: Int, _ p: inout CodePrinter) throws(GeneratorError) {
        let file = context.file
        let access = context.access
        let fullName = file.package.isEmpty ? service.name : file.package + "." + service.name
        let prefix = Naming.typePrefix(package: file.package,
                                       swiftPrefix: file.options.hasSwiftPrefix ? file.options.swiftPrefix : nil)
        let typeName = Naming.sanitizeTypeName(prefix + service.name + "Metadata", disambiguator: "Service")
        let path: [Int32] = [6, Int32(index)]
        var docs = context.comments.lines(path)
        if !docs.isEmpty { docs.append("") }
        docs.append("Method metadata of the `\(fullName)` service.")
        p.doc(docs)
        try p.blockThrowing("\(access)enum \(typeName) {") { p throws(GeneratorError) in
            p.doc(["The service's full protobuf name."])
            p.line("\(access)static let serviceName = \"\(fullName)\"")
            for (i, method) in service.method.enumerated() {
                p.line()
                let input = try context.types.message(method.inputType)
                let output = try context.types.message(method.outputType)
                var mdocs = context.comments.lines(path + [2, Int32(i)])
                if !mdocs.isEmpty { mdocs.append("") }
                mdocs.append("`rpc \(method.name)(\(method.clientStreaming ? "stream " : "")\(input.protoName)) returns (\(method.serverStreaming ? "stream " : "")\(output.protoName))`.")
                p.doc(mdocs)
                let level = method.options.idempotencyLevel
                let methodType = Naming.sanitizeTypeName(method.name, disambiguator: "Method")
                p.block("\(access)enum \(methodType): \(Imports.methodsModule).RPCMethod {") { p in
                    p.doc(["The request message type."])
                    p.line("\(access)typealias Input = \(input.swiftName)")
                    p.doc(["The response message type."])
                    p.line("\(access)typealias Output = \(output.swiftName)")
                    p.doc(["The method name as declared."])
                    p.line("\(access)static let name = \"\(method.name)\"")
                    p.doc(["The RPC path, `/<package>.<Service>/<Method>`."])
                    p.line("\(access)static let path = \"/\(fullName)/\(method.name)\"")
                    p.doc(["The method's `option idempotency_level`."])
                    p.line("\(access)static let idempotencyLevel: \(Imports.methodsModule).IdempotencyLevel = \(ServiceEmitter.swiftCase(level))")
                    p.doc(["Whether the client sends a stream of requests."])
                    p.line("\(access)static let isClientStreaming = \(method.clientStreaming)")
                    p.doc(["Whether the server sends a stream of responses."])
                    p.line("\(access)static let isServerStreaming = \(method.serverStreaming)")
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
