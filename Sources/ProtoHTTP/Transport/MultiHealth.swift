// MultiHealth.swift: what the engine loop does after curl_multi_perform or curl_multi_poll fails (pure, no I/O).

/// Tracks consecutive failures of `curl_multi_perform` and `curl_multi_poll` and says what
/// the engine loop should do, so that a broken multi handle neither spins the engine thread
/// at full speed nor leaves calls waiting forever.
///
/// ```
/// result        consecutive failures   action
/// CURLM_OK      (reset to 0)           proceed
/// failure       1 … limit-1            pause 1 ms, 2 ms, 4 ms … (at most 100 ms), then retry
/// failure       limit                  fail every active transfer with the error, reset, go on
/// ```
struct MultiHealth: Sendable {
    /// What the loop does next.
    enum Action: Equatable, Sendable {
        /// Nothing is wrong.
        case proceed
        /// Sleep this long before the next turn of the loop.
        case pause(Duration)
        /// Fail every active transfer with this text (libcurl's description of the error),
        /// after which the loop goes on with new calls.
        case failActive(String)
    }

    /// Consecutive failures after which active transfers are failed.
    let limit: Int
    private(set) var consecutiveFailures = 0

    init(limit: Int = 8) { self.limit = max(1, limit) }

    /// Records the result of one `curl_multi_perform` or `curl_multi_poll`; `description` is
    /// libcurl's text for a failing code.
    mutating func record(ok: Bool, description: @autoclosure () -> String) -> Action {
        guard !ok else {
            consecutiveFailures = 0
            return .proceed
        }
        consecutiveFailures += 1
        if consecutiveFailures >= limit {
            consecutiveFailures = 0
            return .failActive(description())
        }
        let milliseconds = min(100, 1 << min(consecutiveFailures - 1, 7))
        return .pause(.milliseconds(milliseconds))
    }
}
