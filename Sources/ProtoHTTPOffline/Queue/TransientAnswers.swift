// TransientAnswers.swift: which answers to a replayed call mean "not now" rather than "done", and how long the queue waits before asking again.
public import ProtoHTTPCore


/// The answers that do not settle a replayed entry: the server (or a load balancer in front of
/// it) is overloaded or restarting, and the write has not been applied. Such an entry stays in
/// the queue, its attempt counted, and its category waits: the queue sends it again after the
/// response's `Retry-After` or, without one, after a backoff, by itself.
///
/// The default: HTTP 408, 429, 502, 503 and 504, and the RPC codes `unavailable` and
/// `resource_exhausted` (Connect and Twirp send them as 503 and 429).
///
/// ```swift
/// var configuration = OfflineQueueConfiguration(app: "notes")
/// configuration.transient.httpStatuses.insert(500)      // this backend answers 500 while deploying
/// configuration.transient.maxDelay = .seconds(60)
/// ```
public struct TransientAnswers: Sendable, Hashable {
    /// The HTTP statuses that leave an entry queued. Default 408, 429, 502, 503, 504.
    public var httpStatuses: Set<Int> = [408, 429, 502, 503, 504]
    /// The RPC codes that leave an entry queued, whatever the status. Default `unavailable`,
    /// `resource_exhausted`.
    public var codes: Set<ProtoHTTPError.Code> = [.unavailable, .resourceExhausted]
    /// The wait after an entry's first attempt when the answer has no `Retry-After`; it doubles
    /// with every further attempt, up to ``maxDelay``. Default 1 s.
    public var firstDelay: Duration = .seconds(1)
    /// The longest wait, `Retry-After` included: a server asking for more is asked again after
    /// this. Default 10 minutes.
    public var maxDelay: Duration = .seconds(600)

    /// The default set.
    public init() {}

    /// Whether `error`, a replayed call's failure, leaves its entry queued.
    public func contains(_ error: ProtoHTTPError) -> Bool {
        if let status = error.httpStatus, httpStatuses.contains(status) { return true }
        return error.httpStatus != nil && codes.contains(error.code)
    }

    /// The wait before an entry is sent again after its `attempts`-th attempt got a transient
    /// answer: `retryAfter` when the server gave one, else the backoff; at most ``maxDelay``.
    public func delay(afterAttempt attempts: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(max(retryAfter, .zero), maxDelay) }
        var wait = max(firstDelay, .zero)
        for _ in 1..<max(attempts, 1) {
            guard wait < maxDelay else { break }
            wait *= 2
        }
        return min(wait, maxDelay)
    }
}
