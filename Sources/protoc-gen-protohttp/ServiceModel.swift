// ServiceModel.swift: a service's Swift names and its methods', computed once for every emitter.

import ProtoDescriptors

/// What ``ServiceEmitter``, ``ClientEmitter``, ``MockEmitter`` and ``ServerEmitter`` need of one service, named
/// once so the metadata, the client and the handler always agree:
///
/// ```
/// service Greeter in package pkg      model
/// ─────────────────────────────────   ──────────────────────────────────────────────────────
/// full name                           fullName            "pkg.Greeter"
/// type prefix (swift_prefix/package)  prefix              "Pkg_"
/// metadata enum                       metadataName        Pkg_GreeterMetadata
/// typed client                        clientProtocolName  Pkg_GreeterClientProtocol
///                                     clientClassName     Pkg_GreeterClient
/// client mock (Mocks=true)            clientMockName      Pkg_GreeterClientMock
/// handler protocol                    handlerName         Pkg_GreeterHandler
/// rpc SayHello                        methods[i]          see ``ServiceModel/Method``
/// ```
///
/// Type names go through ``Naming/sanitizeTypeName(_:disambiguator:)`` (`Service` for services,
/// `Method` for the per-method metadata enums), as swift-protobuf does.
struct ServiceModel {
    /// The service as protoc sent it.
    let descriptor: Google_Protobuf_ServiceDescriptorProto
    /// The service's path in the file's SourceCodeInfo, `[6, index]`.
    let sourcePath: [Int32]
    /// `<package>.<Service>`, or the bare name without a package.
    let fullName: String
    /// The file's type prefix (``Naming/typePrefix(package:swiftPrefix:)``).
    let prefix: String
    /// `<Prefix><Service>Metadata`, the caseless enum of the method metadata.
    let metadataName: String
    /// `<Prefix><Service>ClientProtocol`.
    let clientProtocolName: String
    /// `<Prefix><Service>Client`.
    let clientClassName: String
    /// `<Prefix><Service>ClientMock`.
    let clientMockName: String
    /// `<Prefix><Service>Handler`.
    let handlerName: String
    /// The methods in declaration order.
    let methods: [Method]

    /// One RPC of the service.
    struct Method {
        /// The method as protoc sent it.
        let descriptor: Google_Protobuf_MethodDescriptorProto
        /// The method's path in the file's SourceCodeInfo, `[6, service, 2, index]`.
        let sourcePath: [Int32]
        /// The request message.
        let input: MessageType
        /// The response message.
        let output: MessageType
        /// The metadata enum's name inside `<Prefix><Service>Metadata`: `SayHello`.
        let metadataTypeName: String
        /// The full metadata type, `<Prefix><Service>Metadata.<Method>`.
        let metadataType: String
        /// The RPC path, `/<package>.<Service>/<Method>`.
        let rpcPath: String
        /// The client's Swift method name (``ServiceModel/swiftMethodName(_:reserved:)``).
        let clientName: String
        /// The handler's Swift method name.
        let handlerName: String

        /// The name as declared in the `.proto` file.
        var protoName: String { descriptor.name }
        /// Neither side streams.
        var isUnary: Bool { !descriptor.clientStreaming && !descriptor.serverStreaming }
    }

    /// Client method names that would clash with the client class's members or cannot be declared.
    static let reservedClientMethodNames: Set<String> = ["init", "deinit", "self", "subscript", "manager", "wireProtocol"]

    /// Handler method names that would clash with the handler protocol's members or cannot be declared.
    static let reservedHandlerMethodNames: Set<String> = ["init", "deinit", "self", "subscript", "serviceDefinition"]

    /// Names the service at `index` of `context.file`, resolving its methods' message types.
    init(_ service: Google_Protobuf_ServiceDescriptorProto, index: Int, context: FileContext) throws(GeneratorError) {
        let file = context.file
        descriptor = service
        sourcePath = [6, Int32(index)]
        fullName = file.package.isEmpty ? service.name : file.package + "." + service.name
        prefix = Naming.typePrefix(package: file.package,
                                   swiftPrefix: file.options.hasSwiftPrefix ? file.options.swiftPrefix : nil)
        metadataName = Naming.sanitizeTypeName(prefix + service.name + "Metadata", disambiguator: "Service")
        clientProtocolName = Naming.sanitizeTypeName(prefix + service.name + "ClientProtocol", disambiguator: "Service")
        clientClassName = Naming.sanitizeTypeName(prefix + service.name + "Client", disambiguator: "Service")
        clientMockName = Naming.sanitizeTypeName(prefix + service.name + "ClientMock", disambiguator: "Service")
        handlerName = Naming.sanitizeTypeName(prefix + service.name + "Handler", disambiguator: "Service")
        var methods: [Method] = []
        for (i, method) in service.method.enumerated() {
            let metadataTypeName = Naming.sanitizeTypeName(method.name, disambiguator: "Method")
            methods.append(Method(
                descriptor: method,
                sourcePath: sourcePath + [2, Int32(i)],
                input: try context.types.message(method.inputType),
                output: try context.types.message(method.outputType),
                metadataTypeName: metadataTypeName,
                metadataType: "\(metadataName).\(metadataTypeName)",
                rpcPath: "/\(fullName)/\(method.name)",
                clientName: ServiceModel.swiftMethodName(method.name, reserved: ServiceModel.reservedClientMethodNames),
                handlerName: ServiceModel.swiftMethodName(method.name, reserved: ServiceModel.reservedHandlerMethodNames)
            ))
        }
        self.methods = methods
    }

    /// The Swift name of a method: lowerCamelCase, `_p` when `reserved`, backticks for keywords.
    static func swiftMethodName(_ protoName: String, reserved: Set<String>) -> String {
        let name = Naming.lowerCamelCase(protoName)
        if reserved.contains(name) { return name + "_p" }
        if SwiftKeywords.allKeywords.contains(name) { return "`\(name)`" }
        return name
    }
}
