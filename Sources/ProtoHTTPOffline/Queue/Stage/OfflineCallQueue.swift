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
    /// Stores `call` durably *before* its first attempt is sent (write-ahead), so a process
    /// killed while the call is in flight leaves it stored; returns its entry's id, or `nil` when
    /// the queue did not store it (then a failure for the network goes through ``enqueue(_:)``
    /// as usual). `call.error` says what a replay should report if the process ends before an
    /// answer. Default: `nil`, no write-ahead.
    func storeBeforeSending(_ call: QueueableCall) -> String?
    /// The call stored by ``storeBeforeSending(_:)`` as `id` has ended: `keep` (it failed for
    /// the network, ``shouldQueue(_:)``) leaves it stored, waiting for a replay, with `error`
    /// as its last failure; otherwise (answered, cancelled, or failed otherwise) it is removed.
    /// Default: nothing.
    func endWriteAhead(id: String, keep: Bool, error: ProtoHTTPError?) throws(ProtoHTTPError)
}

extension OfflineCallQueue {
    /// No write-ahead: calls are stored only when they fail.
    public func storeBeforeSending(_ call: QueueableCall) -> String? { nil }

    /// Nothing to do without write-ahead.
    public func endWriteAhead(id: String, keep: Bool, error: ProtoHTTPError?) throws(ProtoHTTPError) {}
}
