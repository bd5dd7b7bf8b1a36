// ProtoHTTPManager+UseQueue.swift: installing an offline call queue of your own on a manager, the queue's slot, and the per-call switch.
public import ProtoHTTP


extension CallStageSlot {
    /// The offline queue's slot (order 200): inside the response cache, so a write that was
    /// queued is never answered from the cache.
    public static let offlineQueue = CallStageSlot(order: 200, name: "offlineQueue")
}

extension ProtoHTTPManager {
    /// Hands calls made with `CallOptions.queuesWhenOffline` that fail for lack of network to
    /// `queue`, a queue of your own, for the calls started after it: installs an
    /// ``OfflineQueueingStage`` in `CallStageSlot.offlineQueue`, replacing any queue used
    /// before. ``OfflineQueue`` installs itself; this is for other ``OfflineCallQueue``s.
    public func use(queue: any OfflineCallQueue) {
        install(OfflineQueueingStage(queue: queue), in: .offlineQueue)
    }
}

/// The key of `CallOptions.queuesWhenOffline`.
enum QueuesWhenOfflineKey: CallOptionKey {
    static let defaultValue = false
}

extension CallOptions {
    /// Whether the call is stored in the manager's offline queue (an ``OfflineQueue``, or
    /// `ProtoHTTPManager.use(queue:)`) when it fails for lack of network, to be sent again
    /// later. Such a call sends an `Idempotency-Key` header (the call's own, if it sets one) on
    /// every attempt, replays included, so a server can drop repeats. Default `false`.
    public var queuesWhenOffline: Bool {
        get { self[QueuesWhenOfflineKey.self] }
        set { self[QueuesWhenOfflineKey.self] = newValue }
    }
}
