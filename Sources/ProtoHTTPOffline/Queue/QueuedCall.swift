// QueuedCall.swift: one entry of the offline queue, as stored: the call, its grouping, its attempts and its key.
public import Foundation
public import HTTPTypes
public import ProtoHTTPCore

/// A call stored in an ``OfflineQueue``: everything needed to send it again, in this process
/// or after a restart, minus its secrets (see ``OfflineQueueConfiguration/strippedHeaders``).
public struct QueuedCall: Sendable, Hashable {
    /// The entry's id: a random UUID (lowercase), made when the call was stored, so ids never
    /// collide across processes, restarts or copies of the database. It is the failure's
    /// `ProtoHTTPError.queueEntryID`.
    public var id: String
    /// The wire protocol the call was made with. A replay sends it with the protocol of this
    /// kind in ``OfflineQueueConfiguration/protocols``, else the manager's when it is of this
    /// kind (so its settings, a Twirp prefix say, still apply), else the protocol's defaults.
    public var rpcProtocol: RPCProtocol
    /// The method path or URL, the call's own query folded in.
    public var path: String
    /// The HTTP method.
    public var httpMethod: HTTPMethod
    /// The serialized body, uncompressed.
    public var body: [UInt8]
    /// The body's `Content-Type`.
    public var contentType: String?
    /// The call's own headers that are not secrets, its `Idempotency-Key` among them.
    public var headers: HTTPFields
    /// The call's category: replays go category by category, ahead of new calls of theirs.
    public var category: String?
    /// The call's tag.
    public var tag: Int?
    /// The JSON-representable part of the call's context (see ``QueueContextValue``).
    public var context: [String: QueueContextValue]
    /// How many times the queue has started sending it (counted before each send).
    public var attempts: Int
    /// When the call was stored.
    public var createdAt: Date
    /// The `Idempotency-Key` every attempt sends, the first one included.
    public var idempotencyKey: String
    /// Why its last attempt failed (the first failure, until a replay fails).
    public var lastError: String?
    /// The earliest time the queue sends it again, after a transient answer (its
    /// `Retry-After`, or the queue's backoff; see ``TransientAnswers``); `nil`: any time.
    public var notBefore: Date?
    /// The boot it was stored in and the boot clock then, which age it without wall-clock jumps.
    var bootStamp: BootStamp?
    /// Whether it is a call stored before it was sent (write-ahead) and still being sent by a
    /// live queue (this one or another process's): a replay leaves it alone until it is
    /// answered (it leaves the queue) or fails for the network (it stays, no longer in flight).
    /// A write-ahead entry whose process was killed is not in flight: it is replayed.
    public internal(set) var isInFlight = false

    /// The bytes it takes against ``OfflineQueueConfiguration/maxBytes``: body, path and headers.
    public var storedSize: Int {
        body.count + path.utf8.count + headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count }
    }

    /// An entry; the queue makes these from failed calls and reads them back from disk.
    public init(id: String, rpcProtocol: RPCProtocol, path: String, httpMethod: HTTPMethod, body: [UInt8], contentType: String?,
                headers: HTTPFields, category: String?, tag: Int?, context: [String: QueueContextValue], attempts: Int,
                createdAt: Date, idempotencyKey: String, lastError: String?, notBefore: Date? = nil) {
        self.id = id
        self.rpcProtocol = rpcProtocol
        self.path = path
        self.httpMethod = httpMethod
        self.body = body
        self.contentType = contentType
        self.headers = headers
        self.category = category
        self.tag = tag
        self.context = context
        self.attempts = attempts
        self.createdAt = createdAt
        self.idempotencyKey = idempotencyKey
        self.lastError = lastError
        self.notBefore = notBefore
    }
}
