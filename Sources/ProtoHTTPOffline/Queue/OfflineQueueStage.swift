// OfflineQueueStage.swift: the offline queue's call stage: the replay gate, the replayed calls' answers, and the queueing of failed writes.
import ProtoHTTP


/// What an ``OfflineQueue`` installs in its manager's `CallStageSlot.offlineQueue` slot:
///
/// ```
///  replayed call ─► next ─► its response's headers kept (ReplayAnswer) ─► outcome
///  new call, its category replaying ─► held until the replay ends ─┐
///  new call ────────────────────────────────────────────────────────┴─► queueing (queuesWhenOffline) ─► next
/// ```
///
/// A stage, not an interceptor: assigning `ManagerConfiguration.interceptors` cannot remove it.
struct OfflineQueueStage: CallStage {
    let gate: ReplayGate
    let queueing: OfflineQueueingStage

    /// Calls made with `queuesWhenOffline`, replayed calls, and calls of a category replaying now.
    func applies(to info: CallInfo, options: CallOptions) -> Bool {
        options.queuesWhenOffline || info.context[ReplayGate.replayMarker] != nil || gate.isReplaying(info.category)
    }

    /// A stream is never queued offline: its request messages are written while it runs.
    func streamRefusal(_ info: CallInfo, options: CallOptions) -> String? {
        guard options.queuesWhenOffline else { return nil }  // a stream made during a replay goes
        return "\(info.path) is a streaming method, and a stream is never queued offline (its request messages are written while it runs, so there is no one request to keep and send later); call it without CallOptions.queuesWhenOffline."
    }

    func run(_ call: StagedCall, next: @escaping CallStageNext, completion: @escaping @Sendable (CallOutcome) -> Void) {
        if let answer = call.info.context[ReplayAnswer.contextKey] as? ReplayAnswer {
            next(call.request) { outcome in
                if let response = outcome.response { answer.record(response) }
                completion(outcome)
            }
            return
        }
        let queueing = self.queueing
        gate.admit(call.info) {
            if queueing.applies(to: call.info, options: call.options) {
                queueing.run(call, next: next, completion: completion)
            } else {
                next(call.request, completion)
            }
        }
    }
}
