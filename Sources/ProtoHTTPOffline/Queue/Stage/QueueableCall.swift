// QueueableCall.swift: what the manager hands an offline queue about a call that could not reach the network.
public import HTTPTypes
public import ProtoHTTPCore


/// A call made with `CallOptions.queuesWhenOffline` that failed for lack of network, as the
/// manager hands it to its offline queue (`ProtoHTTPManager.use(queue:)`): everything needed to send it
/// again later, in another process if need be.
public struct QueueableCall: Sendable {
    /// The HTTP method the call was made with (a Connect GET is kept as its POST).
    public var httpMethod: HTTPMethod
    /// The path or URL the call was made with, its own query parameters folded in (a GET's
    /// input and `CallOptions.parameters`); the manager's base URL and general parameters
    /// are applied again when it is sent.
    public var path: String
    /// The RPC method's idempotency, for calls made through one.
    public var idempotencyLevel: IdempotencyLevel?
    /// The call's wire protocol.
    public var rpcProtocol: RPCProtocol
    /// The serialized body, before any request compression (empty for GET and HEAD).
    public var body: [UInt8]
    /// The body's `Content-Type`.
    public var contentType: String?
    /// The call's own headers (`CallOptions.headers`) and its `Idempotency-Key`; the
    /// manager's general headers are applied again when it is sent. A queue must not store
    /// secrets among them.
    public var headers: HTTPFields
    /// The key every attempt of the call sends as `Idempotency-Key`.
    public var idempotencyKey: String
    /// The call's category (`CallOptions.category`).
    public var category: String?
    /// The call's tag.
    public var tag: Int?
    /// The call's context (`CallOptions.context`).
    public var context: [String: any Sendable]
    /// Why the call failed.
    public var error: ProtoHTTPError

    /// A call to queue; the manager makes these.
    public init(httpMethod: HTTPMethod, path: String, idempotencyLevel: IdempotencyLevel?, rpcProtocol: RPCProtocol,
                body: [UInt8], contentType: String?, headers: HTTPFields, idempotencyKey: String,
                category: String?, tag: Int?, context: [String: any Sendable], error: ProtoHTTPError) {
        self.httpMethod = httpMethod
        self.path = path
        self.idempotencyLevel = idempotencyLevel
        self.rpcProtocol = rpcProtocol
        self.body = body
        self.contentType = contentType
        self.headers = headers
        self.idempotencyKey = idempotencyKey
        self.category = category
        self.tag = tag
        self.context = context
        self.error = error
    }
}
