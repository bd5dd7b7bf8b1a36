// RetryDecision.swift: the pure decision after one attempt: deliver its result, or wait and send again.
package import Foundation
package import HTTPTypes
public import ProtoHTTPCore

/// What to do after an attempt. Pure: the caller supplies the clock's reading and the random draw.
package enum RetryDecision: Sendable, Equatable {
    /// Deliver this attempt's result.
    case deliver
    /// Send again after this wait.
    case retry(after: Duration)

    /// The facts about an attempt that the decision reads.
    struct Attempt: Sendable {
        /// 1 for the first attempt.
        var number: Int
        /// The attempt's failure, as the protocol reads it; `nil` for a success.
        var error: ProtoHTTPError?
        /// The response's `Retry-After`, already parsed.
        var retryAfter: Duration?
        /// Whether the call may be repeated (idempotent), whatever reached the server.
        var isSafe: Bool
        /// Time left before the call's deadline; `nil` for none.
        var remaining: Duration?
    }

    /// Decides after `attempt` under `policy`; `random` is a draw in 0..<1 for the jitter.
    static func decide(_ attempt: Attempt, policy: RetryPolicy, random: Double) -> RetryDecision {
        guard let error = attempt.error, attempt.number < policy.maxAttempts else { return .deliver }
        guard attempt.isSafe || policy.retriesUnsafeCalls || error.neverReachedServer else { return .deliver }
        let retryable = policy.retryableCodes.contains(error.code)
            || (error.code == .resourceExhausted && policy.retriesResourceExhaustedWithRetryAfter && attempt.retryAfter != nil)
        guard retryable || error.neverReachedServer else { return .deliver }
        let wait = attempt.retryAfter ?? policy.backoff(after: attempt.number, random: random)
        if let remaining = attempt.remaining, wait >= remaining { return .deliver }
        return .retry(after: wait)
    }

    /// The error an attempt's result stands for, as a retry sees it: a transport failure, the
    /// protocol's error body, or a status outside 2xx by the status table.
    static func failure(of result: Result<TransportResponse, ProtoHTTPError>, wireProtocol: any WireProtocol) -> ProtoHTTPError? {
        switch result {
        case .failure(let error): return error
        case .success(let response):
            if let error = wireProtocol.error(from: response) { return error }
            guard !(200..<300).contains(response.status) else { return nil }
            return ProtoHTTPError(code: ProtoHTTPError.Code(httpStatus: response.status), message: "HTTP \(response.status)", httpStatus: response.status)
        }
    }

    /// `Retry-After` as a wait: delay-seconds, or an HTTP-date relative to `now`.
    package static func retryAfter(_ headers: HTTPFields, now: Date = Date()) -> Duration? {
        guard let value = headers.firstValue(.retryAfter).map(HTTPText.trimmed) else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }
}

extension ProtoHTTPError {
    /// Whether the request certainly never reached the server: the connection was refused or
    /// the host or proxy name did not resolve. Such a call is safe to send again whatever it does.
    public var neverReachedServer: Bool {
        guard let curlCode = transportError?.curlCode else { return false }
        // CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT.
        return curlCode == 5 || curlCode == 6 || curlCode == 7
    }
}
