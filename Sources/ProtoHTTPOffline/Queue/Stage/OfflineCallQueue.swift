// OfflineCallQueue.swift: the hook an offline queue plugs into the manager through.
public import ProtoHTTPCore


/// Where a manager stores calls that failed for lack of network
/// (`ProtoHTTPManager.use(queue:)`). ``OfflineQueue`` is one: it
/// persists them in SQLite and replays them when the network is back.
///
/// For a call made with `CallOptions.queuesWhenOffline`, its stage (``OfflineQueueingStage``) sends an
/// `Idempotency-Key` header on every attempt; when the call fails and ``shouldQueue(_:)``
/// says the error means "no network", the manager calls ``enqueue(_:)`` on its work queue
/// *before* the call's failure callback runs, and the failure's
/// `ProtoHTTPError.queueEntryID` names the entry.
public protocol OfflineCallQueue: Sendable {
    /// Whether `error` means the server could not be reached (refused, unresolvable,
    /// unreachable, connect timeout), so the call should be stored.
    func shouldQueue(_ error: ProtoHTTPError) -> Bool
    /// Stores `call` durably and returns its entry's id. A thrown error leaves the call
    /// failed and not queued; the manager says so in the failure's message.
    func enqueue(_ call: QueueableCall) throws(ProtoHTTPError) -> String
}
