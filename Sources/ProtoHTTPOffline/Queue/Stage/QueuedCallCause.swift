// QueuedCallCause.swift: the cause an offline queue puts on the failure of a call it stored: the entry's id, over what made the call fail.
public import ProtoHTTPCore


/// The `ProtoHTTPError.cause` of a failure whose call an offline queue stored, over the cause
/// the failure had (the transport error that showed the network was down), so
/// `error.transportError` still finds that one. Read it as `ProtoHTTPError.queueEntryID`.
public struct QueuedCallCause: LayeredError, CustomStringConvertible {
    /// The queue entry's id.
    public let entryID: String
    /// What made the call fail.
    public let cause: (any Error & Sendable)?

    /// The cause for a call stored as `entryID` that failed because of `cause`.
    public init(entryID: String, cause: (any Error & Sendable)?) {
        self.entryID = entryID
        self.cause = cause
    }

    /// The failure's own cause (`curl 7: …`), else `offline queue entry <id>`: the error's
    /// message already says where the call was stored.
    public var description: String {
        cause.map { String(describing: $0) } ?? "offline queue entry \(entryID)"
    }
}

extension ProtoHTTPError {
    /// Set on a call's failure when the call was stored in an offline queue to be sent again
    /// later (`CallOptions.queuesWhenOffline`): the queue entry's id.
    public var queueEntryID: String? { cause(as: QueuedCallCause.self)?.entryID }
}
