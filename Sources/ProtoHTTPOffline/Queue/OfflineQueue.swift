// OfflineQueue.swift: the persisted offline queue: installed on a manager, it stores calls that failed for lack of network.
import Dispatch
import Foundation
import Synchronization
public import ProtoHTTP
public import ProtoHTTPCore

/// A persisted queue of calls that failed for lack of network, sent again when the network
/// is back: ProtoHTTP's `OfflineCallQueue`, in SQLite (`offline-queue.sqlite`, WAL,
/// `synchronous=FULL`, one transaction per state change).
///
/// ```
///  call (queuesWhenOffline) ─► one committed row before it is sent, in flight (secrets stripped)
///     ─► answered / cancelled / refused: row removed
///     ─► refused connection / DNS / unreachable / timeout / 502-504: row kept ─► failure(error.queueEntryID = id)
///     ─► process killed meanwhile: row kept, replayed by the next run
///  resumeQueued(category:) / network back
///     ─► per category, oldest first: attempts + 1 committed ─► send through the manager
///        (same Idempotency-Key, general headers and interceptors applied again)
///     ─► server answered (success or a final error): row removed ─► onReplay handlers
///     ─► transient answer (503, 429, unavailable…): row kept, category waits for Retry-After
///        or the backoff, then replays by itself
///     ─► no answer: row kept (dropped after maxAttempts / maxAge ─► onDropped)
/// ```
///
/// ```swift
/// let queue = try OfflineQueue(manager: manager, configuration: OfflineQueueConfiguration(app: "notes"))
/// queue.onReplay(Notes_NotesMetadata.CreateNote.self) { entry, result in print(entry.id, result) }
/// queue.onDropped { dropped in print("gave up on", dropped.entry.id, dropped.reason) }
/// var options = CallOptions(category: "notes")
/// options.queuesWhenOffline = true
/// client.createNote(request, options: options, success: { _, _ in }, failure: { error in
///     if let id = error.queueEntryID { print("queued as", id) }
/// })
/// let summary = await queue.resumeAllQueued()
/// ```
///
/// At launch, register the handlers first, then call ``resumeAllQueued()``: entries left by
/// an earlier run are not sent before that (or before reachability next reports the network
/// back). One process should replay a given file at a time; several may store into it.
public final class OfflineQueue: OfflineCallQueue {
    /// The settings it was opened with.
    public let configuration: OfflineQueueConfiguration
    /// The database file's path.
    public var path: String { store.path }

    let store: QueueStore
    /// This queue as the sender of the calls it stores before sending (write-ahead).
    let owner: InFlightOwner
    let gate = ReplayGate()
    let handlers = ReplayHandlers()
    /// The manager replays go through; weak, since the manager's configuration holds the queue.
    weak let manager: ProtoHTTPManager?
    /// Where handlers of dropped entries run when no manager call reports them.
    let callbackQueue: DispatchQueue
    private let observation = Mutex<ReachabilityObservation?>(nil)
    /// The categories with a comeback scheduled after a transient answer.
    let comebacks = Mutex<Set<CategoryKey>>([])
    /// Where comebacks start their replays.
    let comebackQueue = DispatchQueue(label: "ProtoHTTPOffline.queue.comeback")

    /// Opens (creating if needed) the queue in `configuration`'s folder and installs it on
    /// `manager`, as the stage in `CallStageSlot.offlineQueue` (`manager.stage(in: .offlineQueue)`):
    /// it stores the calls made with `queuesWhenOffline` that fail for lack of network, and
    /// holds a category's new calls while its queued ones replay. With
    /// ``OfflineQueueConfiguration/reachability`` set, it replays every category when the
    /// network comes back. A manager has one queue: installing another replaces it. Changing
    /// the manager's interceptors later leaves it in place.
    ///
    /// - Throws: `OfflineError` `.storage` when the folder or the database cannot be created,
    ///   opened or migrated (the message names the path).
    public init(manager: ProtoHTTPManager, configuration: OfflineQueueConfiguration = OfflineQueueConfiguration()) throws(OfflineError) {
        let location: OfflineStorageLocation
        if let chosen = configuration.location {
            location = chosen
        } else {
            location = try OfflineStorageLocation.userCache(app: configuration.app)
        }
        try location.create()
        self.store = try QueueStore(path: location.path(of: OfflineQueueConfiguration.fileName), bootID: configuration.clock.bootID())
        self.owner = InFlightOwner(bootID: configuration.clock.bootID())
        owner.open()
        self.configuration = configuration
        self.manager = manager
        self.callbackQueue = manager.callbackQueue
        // A queue installed earlier is replaced whole: its gate goes with it.
        manager.install(OfflineQueueStage(gate: gate, queueing: OfflineQueueingStage(queue: self)), in: .offlineQueue)
        if let source = configuration.reachability, configuration.replaysWhenReachable {
            let token = source.observeReachability { [weak self] reachable in
                if reachable { self?.resumeAllQueued(completion: nil) }
            }
            observation.withLock { $0 = token }
        }
    }

    deinit {
        observation.withLock { $0 }?.cancel()
        owner.close()  // its write-ahead entries, if any are left, become ordinary stored calls
    }

    // MARK: OfflineCallQueue

    /// Whether `error` is a failure for the network: a curl code among
    /// ``OfflineQueueConfiguration/queueableCurlCodes`` or a status among
    /// ``OfflineQueueConfiguration/queueableStatuses``.
    public func shouldQueue(_ error: ProtoHTTPError) -> Bool { configuration.isNetworkFailure(error) }

    /// Stores `call` (secret headers and non-storable context left out) in one committed
    /// transaction and returns its new entry's id, a random UUID.
    ///
    /// - Throws: `resource_exhausted` when the queue is at ``OfflineQueueConfiguration/maxEntries``
    ///   or ``OfflineQueueConfiguration/maxBytes`` (the call is then reported to
    ///   ``onDropped(_:)`` with ``DroppedCall/Reason/overflow``, and nothing stored is evicted);
    ///   `internal` when the file cannot be written.
    public func enqueue(_ call: QueueableCall) throws(ProtoHTTPError) -> String {
        let entry = makeEntry(call)
        let refused: QueueStore.Occupancy?
        do {
            refused = try store.insert(entry, maxEntries: configuration.maxEntries, maxBytes: configuration.maxBytes)
        } catch {
            throw error.asCallError
        }
        if let refused {
            reportDropped([DroppedCall(entry: entry, reason: .overflow)])
            throw OfflineError(.full, Self.overflowMessage(entry, held: refused, configuration: configuration)).asCallError
        }
        return entry.id
    }

    /// Stores `call` before it is sent (write-ahead), in flight on this queue: a replay leaves
    /// it alone while this queue is open, and replays it once its process is gone (killed, say).
    /// `nil` when the queue is full (the call goes out unstored; if it then fails for the
    /// network, ``enqueue(_:)`` reports the overflow) or the file cannot be written.
    public func storeBeforeSending(_ call: QueueableCall) -> String? {
        let entry = makeEntry(call)
        do {
            let refused = try store.insert(entry, maxEntries: configuration.maxEntries, maxBytes: configuration.maxBytes, inFlight: owner)
            return refused == nil ? entry.id : nil
        } catch {
            manager?.configuration.logger.error("offline queue: the call \(call.path) goes out without being stored first: \(error)")
            return nil
        }
    }

    /// Ends the write-ahead of `id`: kept, waiting for a replay, with `error` as its last
    /// failure (`keep`), or removed.
    ///
    /// - Throws: `internal` when the file cannot be written.
    public func endWriteAhead(id: String, keep: Bool, error: ProtoHTTPError?) throws(ProtoHTTPError) {
        do {
            try store.endInFlight(id: id, keep: keep, message: error?.description)
        } catch {
            throw error.asCallError
        }
    }

    /// The entry `call` becomes, stamped now, its secret headers left out.
    private func makeEntry(_ call: QueueableCall) -> QueuedCall {
        let stripped = configuration.strippedNames
        let clock = configuration.clock
        var entry = QueuedCall(
            id: UUID().uuidString.lowercased(), rpcProtocol: call.rpcProtocol, path: call.path, httpMethod: call.httpMethod,
            body: call.body, contentType: call.contentType,
            headers: call.headers.filter { !stripped.contains($0.name) },
            category: call.category, tag: call.tag, context: QueueContextValue.storable(call.context), attempts: 0,
            createdAt: clock.wallTime(), idempotencyKey: call.idempotencyKey, lastError: call.error.description
        )
        entry.bootStamp = clock.bootStamp()
        return entry
    }

    /// Why `entry` was refused, with the limits and how to make room.
    private static func overflowMessage(_ entry: QueuedCall, held: QueueStore.Occupancy,
                                        configuration: OfflineQueueConfiguration) -> String {
        let limits = [configuration.maxEntries.map { "maxEntries \($0)" }, configuration.maxBytes.map { "maxBytes \($0)" }]
            .compactMap { $0 }.joined(separator: ", ")
        return "the offline queue is full (\(held.entries) entries, \(held.bytes) bytes; \(limits)), so the \(entry.storedSize)-byte call \(entry.httpMethod.rawValue) \(entry.path) was not stored and will not be sent again. Replay the queue when the network is back, remove entries you no longer need (OfflineQueue.remove(id:)), or raise OfflineQueueConfiguration.maxEntries / maxBytes."
    }

    // MARK: Inspecting and removing entries

    /// The entries of `category` (`nil`: those without a category), oldest first.
    ///
    /// - Throws: `OfflineError` `.storage` when the file cannot be read.
    public func entries(category: String?) throws(OfflineError) -> [QueuedCall] { try store.entries(category: category) }

    /// Every entry, oldest first.
    ///
    /// - Throws: `OfflineError` `.storage` when the file cannot be read.
    public func allEntries() throws(OfflineError) -> [QueuedCall] { try store.allEntries() }

    /// The number of entries.
    ///
    /// - Throws: `OfflineError` `.storage` when the file cannot be read.
    public func count() throws(OfflineError) -> Int { try store.count() }

    /// Removes the entry `id` without sending it and reports it to ``onDropped(_:)`` with
    /// ``DroppedCall/Reason/removed``; returns whether it was there.
    ///
    /// - Throws: `OfflineError` `.storage` when the file cannot be written.
    @discardableResult
    public func remove(id: String) throws(OfflineError) -> Bool {
        guard let entry = try store.entry(id: id) else { return false }
        guard try store.remove(ids: [id]) == 1 else { return false }
        reportDropped([DroppedCall(entry: entry, reason: .removed)])
        return true
    }

    /// Runs the dropped handlers for `dropped` on the callback queue.
    func reportDropped(_ dropped: [DroppedCall]) {
        guard !dropped.isEmpty else { return }
        let handlers = self.handlers
        callbackQueue.async { for call in dropped { handlers.deliver(call) } }
    }
}
