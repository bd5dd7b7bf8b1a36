// RetryPolicy.swift: when and how often a failed call is sent again: attempts, exponential backoff with jitter, retryable codes, Retry-After.

/// How a manager sends a failed call again, as a value on ``ManagerConfiguration/retryPolicy``
/// or per call on ``CallOptions/retryPolicy``.
///
/// ```swift
/// config.retryPolicy = RetryPolicy(maxAttempts: 4, initialBackoff: .milliseconds(200))
/// options.retryPolicy = .never        // this call: one attempt
/// ```
///
/// By default only safe calls are retried: a method marked `IDEMPOTENT` or `NO_SIDE_EFFECTS`
/// (generated metadata), an idempotent HTTP method (GET, HEAD, PUT, DELETE) for a path, and any
/// call whose attempt certainly never reached the server (connection refused, name not
/// resolved). ``always(attempts:initialBackoff:maxBackoff:retryableCodes:)`` retries any call
/// (XMNetworking's `retryCount`); each of its attempts then carries the same `Idempotency-Key`,
/// so a server can tell a repeat from a new call. A retry never runs past the call's deadline;
/// `completion` fires once, on the first hand-off; the response's ``ResponseMetadata/attempts``
/// says how many attempts were made.
///
/// ```swift
/// options.retryPolicy = .always(attempts: 3)   // this POST too; one Idempotency-Key for all three
/// ```
///
/// A streaming call is retried only before its first response message, with the request
/// messages it had sent replayed (up to ``streamReplayLimit``); after that message its failure
/// is the call's.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included; 1 means no retry.
    public var maxAttempts: Int
    /// The wait before the second attempt.
    public var initialBackoff: Duration
    /// The longest wait between attempts.
    public var maxBackoff: Duration
    /// How much each wait grows over the last.
    public var multiplier: Double
    /// The share of each wait that is random, 0...1: with 0.2 a 1 s wait lasts 0.8 to 1 s, so
    /// clients that failed together do not come back together.
    public var jitter: Double
    /// The codes worth another attempt. Default `unavailable`.
    public var retryableCodes: Set<ProtoHTTPError.Code>
    /// Whether `resource_exhausted` is retried when the server says when (`Retry-After`).
    public var retriesResourceExhaustedWithRetryAfter: Bool
    /// Whether calls that are not safe to repeat (a POST, a method without an idempotency
    /// level) are retried too, once an attempt may have reached the server. Such a call sends
    /// one `Idempotency-Key` on every attempt (its own, if it set one). Default `false`.
    public var retriesUnsafeCalls: Bool
    /// The request bytes a streaming call keeps to send again (its messages as framed, sent
    /// before the first response message). A stream is retried only before its first response
    /// message, and only while what it sent fits here: past it, the call is committed to its
    /// attempt. Default 256 KiB.
    public var streamReplayLimit: Int = 256 << 10

    /// Creates a policy; the defaults are 3 attempts, 100 ms doubling to at most 5 s, 20% jitter.
    public init(maxAttempts: Int = 3, initialBackoff: Duration = .milliseconds(100), maxBackoff: Duration = .seconds(5),
                multiplier: Double = 2, jitter: Double = 0.2, retryableCodes: Set<ProtoHTTPError.Code> = [.unavailable],
                retriesResourceExhaustedWithRetryAfter: Bool = true, retriesUnsafeCalls: Bool = false) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.multiplier = multiplier
        self.jitter = min(1, max(0, jitter))
        self.retryableCodes = retryableCodes
        self.retriesResourceExhaustedWithRetryAfter = retriesResourceExhaustedWithRetryAfter
        self.retriesUnsafeCalls = retriesUnsafeCalls
    }

    /// One attempt, no retry.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Up to `attempts` attempts for any call, whatever its method (XMNetworking's
    /// `retryCount`): ``retriesUnsafeCalls`` on, the other settings as in ``init(maxAttempts:initialBackoff:maxBackoff:multiplier:jitter:retryableCodes:retriesResourceExhaustedWithRetryAfter:retriesUnsafeCalls:)``.
    /// Every attempt of a call that is not safe to repeat carries one `Idempotency-Key`.
    public static func always(attempts: Int, initialBackoff: Duration = .milliseconds(100), maxBackoff: Duration = .seconds(5),
                              retryableCodes: Set<ProtoHTTPError.Code> = [.unavailable]) -> RetryPolicy {
        RetryPolicy(maxAttempts: attempts, initialBackoff: initialBackoff, maxBackoff: maxBackoff, retryableCodes: retryableCodes,
                    retriesUnsafeCalls: true)
    }

    /// Whether a call needs an `Idempotency-Key` under this policy: it may be sent
    /// more than once although repeating it is not known to be safe.
    func needsIdempotencyKey(safe: Bool) -> Bool {
        retriesUnsafeCalls && maxAttempts > 1 && !safe
    }

    /// The wait after failed attempt `attempt` (1-based) without a `Retry-After`: the
    /// exponential backoff, capped, less a random share of `jitter` (`random` in 0..<1).
    func backoff(after attempt: Int, random: Double) -> Duration {
        let grown = initialBackoff.fractionalSeconds * pow(multiplier, Double(max(0, attempt - 1)))
        let capped = min(grown, maxBackoff.fractionalSeconds)
        return .seconds(capped * (1 - jitter * random))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import ProtoHTTPCore
