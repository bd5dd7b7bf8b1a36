// MethodDescriptor.swift: one RPC method's path, message type names and idempotency, as a value.

/// What both sides know about a method without its Swift types: the path, the full protobuf
/// names of its messages, its idempotency level and streaming shape. ``RPCMethod/descriptor``
/// makes one from generated metadata; the server keeps one per registered method.
public struct MethodDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The RPC path, `/<package>.<Service>/<Method>`.
    public var path: String
    /// The request message's full protobuf name, e.g. `"notes.GetNoteRequest"`.
    public var inputTypeName: String
    /// The response message's full protobuf name.
    public var outputTypeName: String
    /// The method's `option idempotency_level`.
    public var idempotencyLevel: IdempotencyLevel
    /// Whether the client sends a stream of requests.
    public var isClientStreaming: Bool
    /// Whether the server sends a stream of responses.
    public var isServerStreaming: Bool

    /// A descriptor; a unary method with unknown idempotency unless told otherwise.
    public init(
        path: String, inputTypeName: String, outputTypeName: String, idempotencyLevel: IdempotencyLevel = .unknown,
        isClientStreaming: Bool = false, isServerStreaming: Bool = false
    ) {
        self.path = path
        self.inputTypeName = inputTypeName
        self.outputTypeName = outputTypeName
        self.idempotencyLevel = idempotencyLevel
        self.isClientStreaming = isClientStreaming
        self.isServerStreaming = isServerStreaming
    }

    /// The fully qualified service name, `<package>.<Service>` (the path's first segment).
    public var serviceName: String { pathSegments.service }
    /// The method name, the path's last segment.
    public var methodName: String { pathSegments.method }

    private var pathSegments: (service: String, method: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2 else { return ("", parts.last.map(String.init) ?? "") }
        return (String(parts[parts.count - 2]), String(parts[parts.count - 1]))
    }

    /// `rpc <path>(<input>) returns (<output>)`.
    public var description: String {
        "rpc \(path)(\(isClientStreaming ? "stream " : "")\(inputTypeName)) returns (\(isServerStreaming ? "stream " : "")\(outputTypeName))"
    }
}
