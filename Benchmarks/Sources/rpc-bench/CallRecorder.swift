// CallRecorder.swift: the shared, locked tally of an in-process client's calls: phase, latencies, errors.
import BenchProcesses
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Collects the calls of one in-process case. Client loops report every finished call; the
/// recorder answers whether to go on.
///
/// ```
///  warm-up ──beginWindow()──► measuring ──endWindow()──► stopped
///  (calls not kept)            (latencies kept)           (loops told to stop)
/// ```
///
/// `beginWindow` and `endWindow` also read the clock, this process's CPU time and, when given,
/// the server process's, so the window's length and CPU deltas belong to exactly the calls
/// counted in it.
final class CallRecorder: Sendable {
    private enum Phase: Sendable {
        case warmingUp
        case measuring
        case stopped
    }

    private struct State: Sendable {
        var phase = Phase.warmingUp
        var latencies: [UInt64] = []
        var firstError: String?
        var errors = 0
        var succeeded = 0
    }

    /// One window's raw figures.
    struct Window: Sendable {
        var latencies: [UInt64]
        var nanoseconds: UInt64
        var cpuMicroseconds: Double
        var serverCPUMicroseconds: Double?
        var errors: Int
        var firstError: String?
    }

    private let state = Mutex(State())
    private let start = Mutex<(nanos: UInt64, cpu: CPUTime, serverCPU: CPUTime?)?>(nil)
    private let serverPID: pid_t?
    private let callLimit: Int?

    /// Creates a recorder in the warm-up phase, with room for `expectedCalls` samples; reads
    /// the CPU time of `serverPID` too, when given. With `stopAfter`, the loops are told to stop
    /// once that many calls have succeeded (the instruction counts' fixed number of calls).
    init(expectedCalls: Int, serverPID: pid_t? = nil, stopAfter callLimit: Int? = nil) {
        self.serverPID = serverPID
        self.callLimit = callLimit
        state.withLock { $0.latencies.reserveCapacity(expectedCalls) }
    }

    /// Reports a call that started at `startedAt` (``MonotonicClock``) and just succeeded.
    /// Returns whether the loop should make another call.
    func callSucceeded(startedAt: UInt64) -> Bool {
        let now = MonotonicClock.nanoseconds()
        return state.withLock { state in
            state.succeeded += 1
            if let callLimit, state.succeeded >= callLimit { state.phase = .stopped }
            switch state.phase {
            case .warmingUp: return true
            case .measuring:
                state.latencies.append(now &- startedAt)
                return true
            case .stopped: return false
            }
        }
    }

    /// Reports a failed call; the loop that made it stops, and the case is reported as failed.
    func callFailed(_ description: String) {
        state.withLock { state in
            state.errors += 1
            if state.firstError == nil { state.firstError = description }
        }
    }

    /// How many calls have succeeded, in any phase.
    var succeededCalls: Int { state.withLock { $0.succeeded } }

    /// Whether any call has failed so far.
    var hasFailed: Bool { state.withLock { $0.errors > 0 } }

    /// Ends the warm-up: from now on latencies are kept.
    func beginWindow() {
        let serverCPU = serverPID.flatMap { CPUTime.process($0) }
        let cpu = CPUTime.currentProcess()
        let nanos = MonotonicClock.nanoseconds()
        state.withLock { $0.phase = .measuring }
        start.withLock { $0 = (nanos, cpu, serverCPU) }
    }

    /// Ends the window, tells the loops to stop, and returns what the window recorded.
    func endWindow() -> Window {
        let taken = state.withLock { state in
            state.phase = .stopped
            return (state.latencies, state.errors, state.firstError)
        }
        let nanos = MonotonicClock.nanoseconds()
        let cpu = CPUTime.currentProcess()
        let serverCPU = serverPID.flatMap { CPUTime.process($0) }
        let begin = start.withLock { $0 } ?? (nanos: nanos, cpu: cpu, serverCPU: serverCPU)
        var serverMicroseconds: Double?
        if let serverCPU, let before = begin.serverCPU { serverMicroseconds = serverCPU.microseconds - before.microseconds }
        return Window(latencies: taken.0, nanoseconds: nanos &- begin.nanos,
                      cpuMicroseconds: cpu.microseconds - begin.cpu.microseconds,
                      serverCPUMicroseconds: serverMicroseconds,
                      errors: taken.1, firstError: taken.2)
    }
}
