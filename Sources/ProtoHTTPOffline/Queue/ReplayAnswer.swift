// ReplayAnswer.swift: the response headers of one replayed call, kept by the replay gate so a transient answer's Retry-After reaches the queue.
import Foundation
import Synchronization
import HTTPTypes
import ProtoHTTP

/// Rides in a replayed call's context: the queue's ``ReplayGate`` records the headers of the
/// response the call got, since a failed call's `ProtoHTTPError` does not carry them, and the
/// queue reads `Retry-After` from them after a transient answer.
final class ReplayAnswer: Sendable {
    /// The context key it rides under.
    static let contextKey = "ProtoHTTPOffline.replayAnswer"

    private let headers = Mutex<HTTPFields>([:])

    /// Keeps the headers of `response` (the last one, when a retry sent the call again).
    func record(_ response: TransportResponse) { headers.withLock { $0 = response.headers } }

    /// The response's `Retry-After` as a wait from `now`, or `nil` when it had none.
    func retryAfter(now: Date) -> Duration? {
        RetryDecision.retryAfter(headers.withLock { $0 }, now: now)
    }
}
