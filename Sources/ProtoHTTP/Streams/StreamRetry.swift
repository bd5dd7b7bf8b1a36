// StreamRetry.swift: what a streaming call keeps so it can start again before its first response message: the policy, the deadline and the request messages sent so far.
import Dispatch
import HTTPTypes
import ProtoHTTPCore

/// A streaming call's retry state under a ``RetryPolicy`` of more than one attempt.
///
/// A stream may be sent again only while nothing of it reached the caller: until its first
/// response message, the call keeps every request message it sent (framed) and replays them
/// into the next attempt. The call is *committed*, and no longer retried, at its first response
/// message or once the kept messages pass ``RetryPolicy/streamReplayLimit``. Which failures are
/// retried, how long to wait and when the deadline forbids it are ``RetryDecision``'s, as for a
/// unary call.
struct StreamRetry: Sendable {
    let policy: RetryPolicy
    /// Whether the method may be repeated (idempotent), whatever reached the server.
    let isSafe: Bool
    /// The call's deadline across all its attempts, on the manager's clock.
    let deadline: CallDeadline?
    /// The manager's clock and queue, for the wait between attempts.
    let clock: any CallClock
    let queue: DispatchQueue
    /// The request messages sent so far, framed, for the next attempt.
    private(set) var replay: [[UInt8]] = []
    private var replayBytes = 0
    /// No attempt follows once set.
    private(set) var committed = false

    init(policy: RetryPolicy, isSafe: Bool, deadline: CallDeadline?, clock: any CallClock, queue: DispatchQueue) {
        self.policy = policy
        self.isSafe = isSafe
        self.deadline = deadline
        self.clock = clock
        self.queue = queue
    }

    /// Keeps `frame` for a replay, or commits the call when it would pass the limit.
    mutating func record(_ frame: [UInt8]) {
        guard !committed else { return }
        guard replayBytes + frame.count <= policy.streamReplayLimit else {
            commit()
            return
        }
        replay.append(frame)
        replayBytes += frame.count
    }

    /// The call is past retrying: its first response message came, or it sent too much to keep.
    mutating func commit() {
        committed = true
        replay = []
        replayBytes = 0
    }

    /// Whether attempt `number` may still be followed by another, whatever its error.
    func mayFollow(_ number: Int) -> Bool { !committed && number < policy.maxAttempts }

    /// The wait before the attempt after `number`, which failed with `error`; `nil` to deliver it.
    func wait(after number: Int, error: ProtoHTTPError, headers: HTTPFields?) -> Duration? {
        guard !committed else { return nil }
        let attempt = RetryDecision.Attempt(number: number, error: error,
                                            retryAfter: headers.flatMap { RetryDecision.retryAfter($0) },
                                            isSafe: isSafe, remaining: deadline?.remaining())
        switch RetryDecision.decide(attempt, policy: policy, random: Double.random(in: 0..<1)) {
        case .deliver: return nil
        case .retry(let wait): return wait
        }
    }
}
