// BenchClient.swift: the client protocols: any measurable client, and in-process closed-loop clients.
#if canImport(Glibc)
import Glibc
#endif

/// How long one case runs, and which server process's CPU time to read over its window.
struct CaseTiming: Sendable {
    /// Seconds of calls before the window opens (connections are made here).
    var warmupSeconds: Double
    /// Seconds in the measured window.
    var windowSeconds: Double
    /// The server's process, whose CPU time over the window is reported next to the
    /// client's (``Measurement/serverCPUMicroseconds``); `nil` to skip that.
    var serverPID: pid_t? = nil
}

/// A client under test. It sends the workload's POST to `baseURL` at a given concurrency and
/// reports a ``Measurement``. One instance serves one case, then is shut down.
protocol BenchClient: Sendable {
    /// The name in RESULT lines (`client=<name>`).
    var name: String { get }
    /// Runs the warm-up and the window with `concurrency` calls in flight at all times.
    func measure(concurrency: Int, timing: CaseTiming) async throws -> Measurement
    /// Releases connections, threads and event loops.
    func shutdown() async
}

/// A client that runs inside this process: `concurrency` closed loops, each making one call,
/// waiting for its typed response, reporting it to the recorder and making the next.
///
/// ```
///  loop 1:  call ─► response ─► recorder.callSucceeded ─► call ─► …
///  …
///  loop n:  call ─► response ─► recorder.callSucceeded ─► call ─► …   (until it says stop)
/// ```
///
/// CPU time is this process's, so it includes the loops and the recorder (the same for
/// every in-process client).
protocol LoopClient: BenchClient {
    /// Runs `concurrency` loops until `recorder` tells them to stop (or a call fails);
    /// returns when every loop has ended and no call is in flight.
    func runLoops(concurrency: Int, recorder: CallRecorder) async
}

extension LoopClient {
    /// Warm-up, window and drain, measured through a ``CallRecorder``.
    func measure(concurrency: Int, timing: CaseTiming) async throws -> Measurement {
        let expected = Int(timing.windowSeconds * 100_000) + 1024
        let recorder = CallRecorder(expectedCalls: expected, serverPID: timing.serverPID)
        async let loops: Void = runLoops(concurrency: concurrency, recorder: recorder)
        try await Task.sleep(for: .seconds(timing.warmupSeconds))
        recorder.beginWindow()
        try await Task.sleep(for: .seconds(timing.windowSeconds))
        let window = recorder.endWindow()
        await loops
        if window.errors > 0 {
            throw BenchError("\(name): \(window.errors) call(s) failed; first: \(window.firstError ?? "unknown")")
        }
        let percentiles = Percentiles(window.latencies)
        return Measurement(
            calls: percentiles.count,
            seconds: Double(window.nanoseconds) / 1e9,
            p50Microseconds: percentiles.microseconds(at: 50),
            p99Microseconds: percentiles.microseconds(at: 99),
            cpuMicroseconds: window.cpuMicroseconds,
            serverCPUMicroseconds: window.serverCPUMicroseconds
        )
    }
}
