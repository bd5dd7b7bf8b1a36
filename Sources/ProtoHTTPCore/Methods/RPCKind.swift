// RPCKind.swift: the four shapes of an RPC: unary, server streaming, client streaming, bidirectional.

/// Which sides of a call stream, as a method's `.proto` declares it:
///
/// ```
/// rpc Get(Request) returns (Reply)                 → .unary
/// rpc Watch(Request) returns (stream Reply)        → .serverStreaming
/// rpc Upload(stream Request) returns (Reply)       → .clientStreaming
/// rpc Chat(stream Request) returns (stream Reply)  → .bidirectionalStreaming
/// ```
public enum RPCKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One request, one response.
    case unary
    /// One request, a stream of responses.
    case serverStreaming = "server streaming"
    /// A stream of requests, one response.
    case clientStreaming = "client streaming"
    /// A stream each way.
    case bidirectionalStreaming = "bidirectional streaming"

    /// The kind of a method whose client and server do or do not stream.
    public init(clientStreaming: Bool, serverStreaming: Bool) {
        switch (clientStreaming, serverStreaming) {
        case (false, false): self = .unary
        case (false, true): self = .serverStreaming
        case (true, false): self = .clientStreaming
        case (true, true): self = .bidirectionalStreaming
        }
    }

    /// Whether the client sends a stream of requests.
    public var isClientStreaming: Bool { self == .clientStreaming || self == .bidirectionalStreaming }
    /// Whether the server sends a stream of responses.
    public var isServerStreaming: Bool { self == .serverStreaming || self == .bidirectionalStreaming }

    /// The kind's name as the docs write it (`"server streaming"`).
    public var description: String { rawValue }
}

extension MethodDescriptor {
    /// The method's shape: unary, or which sides stream.
    public var kind: RPCKind { RPCKind(clientStreaming: isClientStreaming, serverStreaming: isServerStreaming) }
}

extension RPCMethod {
    /// The method's shape: unary, or which sides stream.
    public static var kind: RPCKind { RPCKind(clientStreaming: isClientStreaming, serverStreaming: isServerStreaming) }
}
