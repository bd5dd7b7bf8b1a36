// ResponseCacheStage.swift: the response cache as a call stage: answers before the network, revalidates, stores, falls back.
public import ProtoHTTP
import ProtoHTTPCore


/// A ``ResponseCacheStore`` at work in calls made with `CallOptions.cache`: the stage in
/// `CallStageSlot.responseCache`.
///
/// ```
///  call ─► read entry ─► policy: answer from it? ─► final answer (cacheElseNetwork, fresh)
///                          │    └─► interim answer, then on (cacheThenNetwork)
///                          └─► next (GET made conditional) ─► 304: the entry, refreshed
///                                                           ─► success: stored
///                                                           ─► no network: the entry (networkElseCache)
/// ```
///
/// It reads and writes the store on the manager's work queue, never on the caller's thread.
/// A write that went to the offline queue is never answered from the cache.
public struct ResponseCacheStage: CallStage {
    /// Where responses are kept.
    public let store: any ResponseCacheStore

    /// The stage for `store`.
    public init(store: any ResponseCacheStore) { self.store = store }

    /// Calls with `CallOptions.cache`.
    public func applies(to info: CallInfo, options: CallOptions) -> Bool { options.cache != nil }

    /// A stream is never cached: its messages come and go while it runs.
    public func streamRefusal(_ info: CallInfo, options: CallOptions) -> String? {
        "\(info.path) is a streaming method, and a stream is never cached (its messages are read as they arrive, not kept as one answer); call it without CallOptions.cache."
    }

    /// Answers, revalidates, stores or falls back as the call's ``CacheOptions`` say. A gRPC
    /// or gRPC-Web call fails at once with `failed_precondition`: its answer (framed messages
    /// and a status in trailers) is not an HTTP response a cache may keep.
    public func run(_ call: StagedCall, next: @escaping CallStageNext, completion: @escaping @Sendable (CallOutcome) -> Void) {
        if call.info.rpcProtocol.usesTrailers {
            completion(.failure(ProtoHTTPError(
                code: .failedPrecondition,
                message: "a \(call.info.rpcProtocol) call cannot be cached (its status comes in trailers, which caches do not keep); leave out CallOptions.cache, or call the method over Connect (a GET for NO_SIDE_EFFECTS methods) or plain HTTP."
            )))
            return
        }
        guard let caching = CallCaching(options: call.options, store: store, request: call.request,
                                        rpcProtocol: call.info.rpcProtocol, appVersion: call.appVersion) else {
            next(call.request, completion)
            return
        }
        switch caching.answerBeforeNetwork(call) {
        case .final(let outcome):
            completion(outcome)
            return
        case .interim(let outcome):
            call.deliverInterim(outcome)
        case nil:
            break
        }
        next(caching.conditional(call.request)) { outcome in
            if let response = outcome.response, let refreshed = caching.revalidated(response) {
                completion(call.settle(refreshed, attempts: outcome.attempts, fromCache: false))
                return
            }
            if outcome.succeeded, let response = outcome.response {
                caching.store(response)
            } else if let error = outcome.error, error.queueEntryID == nil,
                      let fallback = caching.answerAfterNetworkFailure(error, call: call, attempts: outcome.attempts) {
                completion(fallback)
                return
            }
            completion(outcome)
        }
    }
}
