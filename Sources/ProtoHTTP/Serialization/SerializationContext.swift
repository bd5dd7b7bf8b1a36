// SerializationContext.swift: what a serializer may know about the call: the wire protocol's content types and the call's body encoding.
public import HTTPTypes
public import ProtoHTTPCore


/// What a serializer learns about the call it serializes for: the content types the wire
/// protocol uses for binary protobuf and for JSON bodies, and the body encoding the call asks for.
public struct SerializationContext: Sendable, Hashable {
    /// The `Content-Type` of a binary protobuf body (`application/proto` for Connect,
    /// `application/protobuf` for Twirp, `application/x-protobuf` by default for plain).
    public var binaryContentType: String
    /// The `Content-Type` of a JSON body (`application/json`).
    public var jsonContentType: String
    /// The body encoding the call asks for: its ``CallOptions/encoding``, else the manager's
    /// ``ManagerConfiguration/encoding`` (``MessageRequestSerializer/callsEncoding`` follows it).
    public var encoding: BodyEncoding = .binary

    /// The content types of a protocol's binary and JSON bodies.
    public init(binaryContentType: String = MediaType.xProtobuf, jsonContentType: String = MediaType.json) {
        self.binaryContentType = binaryContentType
        self.jsonContentType = jsonContentType
    }
}

/// A serialized request body and its `Content-Type`.
public struct SerializedBody: Sendable, Hashable {
    /// The body bytes.
    public var bytes: [UInt8]
    /// The `Content-Type` header value, or `nil` to send none.
    public var contentType: String?
    /// A multipart form sent instead of `bytes` (which are then empty); the transport writes
    /// its `multipart/form-data` `Content-Type` with the boundary.
    public var form: MultipartForm?
    /// The path of a file streamed from disk as the whole body, sent instead of `bytes` (which
    /// are then empty); see ``FileRequestSerializer``.
    public var filePath: String?

    /// `bytes`, sent with `Content-Type: contentType` (none when `nil`).
    public init(bytes: [UInt8], contentType: String?) {
        self.bytes = bytes
        self.contentType = contentType
    }

    /// A multipart form body (see ``MultipartRequestSerializer``).
    public init(form: MultipartForm) {
        self.bytes = []
        self.contentType = nil
        self.form = form
    }

    /// A body streamed from the file at `path`, sent with `Content-Type: contentType` (none
    /// when `nil`); see ``FileRequestSerializer``.
    public init(filePath: String, contentType: String?) {
        self.bytes = []
        self.contentType = contentType
        self.filePath = filePath
    }
}

/// A response as the serializers and validators see it: status, headers and body.
public struct ResponseMetadata: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The response headers, in order.
    public var headers: HTTPFields
    /// How many attempts the call made, this response's included (see ``RetryPolicy``).
    public var attempts: Int
    /// Where the body went when it was written to a file (a download); `nil` otherwise.
    public var bodyFile: WrittenBodyFile?
    /// Whether the output came from the manager's response cache rather than from the network
    /// in this call (ProtoHTTPOffline's `CachePolicy`). A response the server confirmed with `304 Not Modified`
    /// counts as fresh: `false`.
    public var isFromCache = false
    /// The wire protocol the call spoke (`RPCProtocol`); `nil` for metadata made
    /// outside a manager call. ``MessageResponseSerializer`` reads a body of any other type as
    /// JSON under `.plain` and `nil`.
    public var rpcProtocol: RPCProtocol?
    /// How the transfer that brought the response went: phase times, bytes, HTTP version,
    /// whether the connection was reused (AFNetworking's task metrics). `nil` for an answer
    /// from the response cache and for metadata made outside a manager call.
    public var metrics: TransportMetrics?

    /// Creates metadata.
    public init(status: Int, headers: HTTPFields, attempts: Int = 1) {
        self.status = status
        self.headers = headers
        self.attempts = attempts
    }

    /// The `Content-Type` header, or `nil`.
    public var contentType: String? { headers.firstValue(.contentType) }

    /// The trailers that followed the body (gRPC's `grpc-status` and the server's trailing
    /// metadata), in order; empty when the response had none.
    public var trailers: HTTPFields = [:]

    /// The encoding of the message in the body, by its `Content-Type`: binary for the protobuf
    /// types, JSON for `application/json` and `*/*+json`. Under gRPC and gRPC-Web any other
    /// type (`application/grpc`, `application/grpc-web+proto`, or none) is binary, gRPC's
    /// default codec. `nil` when the type names neither.
    package var messageEncoding: BodyEncoding? {
        switch contentType.map({ MediaType($0).kind }) {
        case .protobuf: return .binary
        case .json: return .json
        case .other, nil: return rpcProtocol?.usesTrailers == true ? .binary : nil
        }
    }
}
