// CallTally.swift: the locked count of a client point's calls: warm-up, then a measured window of latencies, then stop.
import BenchProcesses
import Synchronization

/// Collects the calls of one client-rps point; every finished call reports here and learns
/// whether to make another.
///
/// ```
///  warming up ──beginWindow()──► measuring ──endWindow()──► stopped
///  (not kept)                    (latencies kept)          (loops told to stop)
/// ```
final class CallTally: Sendable {
    private struct State: Sendable {
        var measuring = false
        var stopped = false
        var latencies: [UInt64] = []
        var failures = 0
        var firstFailure: String?
        var windowStart: UInt64 = 0
    }

    /// What one window recorded.
    struct Window: Sendable {
        /// Per-call latencies, nanoseconds.
        var latencies: [UInt64]
        /// The window's length, seconds.
        var seconds: Double
        /// Failed calls, and the first one's description.
        var failures: Int
        var firstFailure: String?
    }

    private let state = Mutex(State())

    /// Reports a call that started at `startedAt` (``MonotonicClock``) and succeeded; returns
    /// whether its loop should make another.
    func succeeded(startedAt: UInt64) -> Bool {
        let now = MonotonicClock.nanoseconds()
        return state.withLock { state in
            if state.measuring { state.latencies.append(now &- startedAt) }
            return !state.stopped
        }
    }

    /// Reports a failed call (its loop stops).
    func failed(_ description: String) {
        state.withLock { state in
            state.failures += 1
            if state.firstFailure == nil { state.firstFailure = description }
        }
    }

    /// Ends the warm-up: latencies are kept from now on.
    func beginWindow() {
        let now = MonotonicClock.nanoseconds()
        state.withLock { state in
            state.measuring = true
            state.windowStart = now
        }
    }

    /// Ends the window and tells the loops to stop.
    func endWindow() -> Window {
        let now = MonotonicClock.nanoseconds()
        return state.withLock { state in
            state.measuring = false
            state.stopped = true
            return Window(latencies: state.latencies, seconds: Double(now &- state.windowStart) / 1e9,
                          failures: state.failures, firstFailure: state.firstFailure)
        }
    }
}
