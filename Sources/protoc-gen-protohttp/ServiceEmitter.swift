// ServiceEmitter.swift: per-service method metadata (path, input/output types, idempotency).

import ProtoDescriptors
import ProtoWire

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
            p.doc(["The `.proto` files that define the service (its own, then those it imports), for server reflection."])
            p.line("\(access)static let fileDescriptors = \(Self.fileDescriptorsName)")
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

    /// The file's private constant that its services' metadata share.
    static let fileDescriptorsName = "protoFileDescriptors"

    /// The `.proto` file's descriptors (its own, then those it imports), once per generated file.
    func emitFileDescriptors(_ p: inout CodePrinter) {
        p.doc(["`\(context.file.name)` and the files it imports, as protoc described them (without comments)."])
        let files = Self.serializedFiles(context.types.fileWithImports(context.file.name))
        p.block("private let \(Self.fileDescriptorsName) = \(Imports.methodsModule).ProtoFileDescriptors(base64: [", closer: "])") { p in
            for (name, base64) in files { p.line("\"\(base64)\",  // \(name)") }
        }
    }

    /// Each file's name and its descriptor in standard base64, without source code info
    /// (comments and spans: reflection clients need the types, and the bytes go into every binary).
    static func serializedFiles(_ files: [Google_Protobuf_FileDescriptorProto]) -> [(name: String, base64: String)] {
        files.map { file in
            var stripped = file
            stripped.clearSourceCodeInfo()
            return (file.name, Base64.standardString(stripped.serializedBytes()))
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
