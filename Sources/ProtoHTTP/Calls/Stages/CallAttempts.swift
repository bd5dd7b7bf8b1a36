// CallAttempts.swift: between intercept and settle: one attempt, or several under a retry policy, each through the whole chain.
import Dispatch
import ProtoHTTPCore

/// Sends a prepared call through the interceptor chain and, under a ``RetryPolicy``, sends it
/// again while ``RetryDecision`` says so. Each attempt runs the whole chain (so an
/// authentication interceptor signs every attempt); the result reaches `settle` on the work
/// queue with the number of attempts made.
///
/// Waits run on the manager's ``CallClock`` (Dispatch timers on the work queue); a call that ended meanwhile (cancelled, or
/// past its deadline, which the handle enforces) starts no further attempt, so cancelling
/// during a backoff gives exactly the one `canceled` failure; it still settles, as cancelled,
/// for the stages around it.
struct CallAttempts: Sendable {
    let handle: CallHandle
    let prepared: PreparedCall
    /// The request every attempt starts from: the prepared one, as the call's stages passed it on.
    let request: TransportRequest
    let exchange: InterceptorNext
    let workQueue: DispatchQueue
    /// The manager's clock, for the waits between attempts.
    let clock: any CallClock
    let policy: RetryPolicy
    let settle: @Sendable (Result<TransportResponse, ProtoHTTPError>, Int) -> Void


    /// Sends attempt `number` (1-based).
    func send(attempt number: Int) {
        exchange(request) { result in
            // The sender reports on the work queue or the manager's own callback queue (both
            // marked with the key); an interceptor may complete anywhere.
            if DispatchQueue.getSpecific(key: ProtoHTTPManager.workQueueKey) != nil {
                finish(number, result)
            } else {
                workQueue.async { finish(number, result) }
            }
        }
    }

    private func finish(_ number: Int, _ result: Result<TransportResponse, ProtoHTTPError>) {
        guard policy.maxAttempts > number else {
            settle(result, number)
            return
        }
        let response = try? result.get()
        let attempt = RetryDecision.Attempt(
            number: number,
            error: RetryDecision.failure(of: result, wireProtocol: prepared.wireProtocol),
            retryAfter: response.flatMap { RetryDecision.retryAfter($0.headers) },
            isSafe: prepared.target.isSafeToRepeat,
            remaining: prepared.deadline?.remaining()
        )
        switch RetryDecision.decide(attempt, policy: policy, random: Double.random(in: 0..<1)) {
        case .deliver:
            settle(result, number)
        case .retry(let wait):
            // A call that ended meanwhile still settles (as cancelled), so the stages around the
            // attempts see its end (an offline queue's write-ahead entry is removed); the handle
            // has delivered its own outcome already and ignores this one.
            guard !handle.isFinished else {
                settle(.failure(.cancelled()), number)
                return
            }
            clock.run(after: wait, on: workQueue) {
                guard !handle.isFinished else {
                    settle(.failure(.cancelled()), number)
                    return
                }
                send(attempt: number + 1)
            }
        }
    }
}
