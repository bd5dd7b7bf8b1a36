// OfflineQueueingStage.swift: the call stage that gives calls made with queuesWhenOffline their Idempotency-Key and hands their network failures to an offline queue.
import HTTPTypes
public import ProtoHTTP


/// An ``OfflineCallQueue`` at work in calls made with `CallOptions.queuesWhenOffline`: every
/// attempt carries one `Idempotency-Key` (the call's own, if it set one). A queue that writes
/// ahead (``OfflineCallQueue/storeBeforeSending(_:)``, as ``OfflineQueue`` does) stores the
/// call before it is sent and, when it ends, keeps it if it failed for the network and removes
/// it otherwise; with any other queue the call is stored when it fails and the queue says the
/// error means "no network". Either way the entry is stored before the failure is delivered,
/// and the failure's `ProtoHTTPError.queueEntryID` names it.
/// Multipart and file-body calls are never queued (what they send lives in files that may
/// change or vanish before a replay).
///
/// `ProtoHTTPManager.use(queue:)` installs it in `CallStageSlot.offlineQueue`; an
/// ``OfflineQueue`` installs a stage of its own there that runs this one.
public struct OfflineQueueingStage: CallStage {
    /// Where failed calls are stored.
    public let queue: any OfflineCallQueue

    /// The stage for `queue`.
    public init(queue: any OfflineCallQueue) { self.queue = queue }

    /// Calls with `CallOptions.queuesWhenOffline`.
    public func applies(to info: CallInfo, options: CallOptions) -> Bool { options.queuesWhenOffline }

    /// A stream is never queued offline: its request messages are written while it runs.
    public func streamRefusal(_ info: CallInfo, options: CallOptions) -> String? {
        "\(info.path) is a streaming method, and a stream is never queued offline (its request messages are written while it runs, so there is no one request to keep and send later); call it without CallOptions.queuesWhenOffline."
    }

    /// Sends the call with its `Idempotency-Key`, and stores it if it fails for lack of network.
    public func run(_ call: StagedCall, next: @escaping CallStageNext, completion: @escaping @Sendable (CallOutcome) -> Void) {
        guard call.serializedBody?.form == nil, call.serializedBody?.filePath == nil else {
            next(call.request, completion)
            return
        }
        let record = QueueingRecord(call)
        var request = call.request
        if !request.headers.contains(QueueingRecord.headerName) {
            request.headers.append(HTTPField(name: QueueingRecord.headerName, value: record.idempotencyKey))
        }
        let queue = self.queue
        if let id = record.storeBeforeSending(call, in: queue) {
            next(request) { outcome in completion(record.endWriteAhead(id, outcome: outcome, in: queue)) }
            return
        }
        next(request) { outcome in
            guard let error = outcome.error else {
                completion(outcome)
                return
            }
            completion(outcome.failing(with: record.offer(call, error: error, to: queue)))
        }
    }
}
