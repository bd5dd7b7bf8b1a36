// ReplayResults.swift: what a replay reports: a replayed call's answer, a dropped entry and its reason, a replay's summary.
public import ProtoHTTP
public import ProtoHTTPCore


/// The answer a replayed call got: the response body and its metadata, or the error (an
/// RPC error or HTTP status from the server, which removes the entry too).
public struct ReplayedCall: Sendable {
    /// The entry as it was sent (its ``QueuedCall/attempts`` include this attempt).
    public var entry: QueuedCall
    /// The response body and metadata, or the server's error.
    public var result: Result<ReplayResponse, ProtoHTTPError>

    /// A replayed call's answer (the queue makes these; public for your tests).
    public init(entry: QueuedCall, result: Result<ReplayResponse, ProtoHTTPError>) {
        self.entry = entry
        self.result = result
    }
}

/// A successful replay's response, undecoded: typed handlers
/// (``OfflineQueue/onReplay(_:handler:)``) decode it with the method's output type.
public struct ReplayResponse: Sendable {
    /// The response body.
    public var body: [UInt8]
    /// The status and headers.
    public var metadata: ResponseMetadata

    /// A response (the queue makes these; public for your tests).
    public init(body: [UInt8], metadata: ResponseMetadata) {
        self.body = body
        self.metadata = metadata
    }
}

/// An entry that left the queue without an answer from the server, or never got in.
public struct DroppedCall: Sendable {
    /// Why the queue gave up on an entry.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// It was sent ``OfflineQueueConfiguration/maxAttempts`` times without an answer.
        case tooManyAttempts
        /// It was older than ``OfflineQueueConfiguration/maxAge``.
        case expired
        /// The ``ReplayBatchHook`` left it out of its batch.
        case coalesced
        /// ``OfflineQueue/remove(id:)`` removed it.
        case removed
        /// It was never stored: the queue was at ``OfflineQueueConfiguration/maxEntries`` or
        /// ``OfflineQueueConfiguration/maxBytes`` (the call failed with `resource_exhausted`).
        case overflow

        /// A short description.
        public var description: String {
            switch self {
            case .tooManyAttempts: "too many attempts"
            case .expired: "expired"
            case .coalesced: "coalesced"
            case .removed: "removed"
            case .overflow: "overflow"
            }
        }
    }

    /// The entry, as it was last stored.
    public var entry: QueuedCall
    /// Why it was dropped.
    public var reason: Reason

    /// A dropped entry (the queue makes these; public for your tests).
    public init(entry: QueuedCall, reason: Reason) {
        self.entry = entry
        self.reason = reason
    }
}

/// What one replay did.
public struct ReplaySummary: Sendable, Hashable {
    /// Entries the server answered (success or a final error), removed from the queue.
    public var answered = 0
    /// Entries dropped (see ``DroppedCall/Reason``).
    public var dropped = 0
    /// Entries still queued afterwards in the replayed categories (the network failed again, or
    /// a transient answer made the category wait).
    public var remaining = 0

    /// An empty summary.
    public init() {}
}
