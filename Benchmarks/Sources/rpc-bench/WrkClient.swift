// WrkClient.swift: the `wrk` ceiling: wrk with a Lua POST script, one thread, CPU read from its rusage.
import BenchProcesses

/// wrk, the C load generator, as the ceiling for a client on one core: the same POST body
/// and Content-Type (from a Lua script in the temp folder), `-t1 -c<concurrency>`.
///
/// A warm-up run precedes the measured run; wrk takes whole seconds, so both are rounded
/// (to at least 1 s). Calls and rps are
/// wrk's own; p50/p99 come from its `--latency` distribution; CPU time is the wrk child's
/// user+system time from `wait4` (its `RUSAGE_CHILDREN` share), divided by its requests.
struct WrkClient: BenchClient {
    /// `"wrk"`.
    let name = "wrk"
    private let wrk: WrkCommand
    private var folder: TempFolder { wrk.folder }

    /// Writes the Lua script into `folder`; `baseURL` is the server's.
    init(baseURL: String, folder: TempFolder, executable: String = "/usr/bin/wrk") throws {
        wrk = try WrkCommand(baseURL: baseURL, folder: folder, executable: executable, writtenBy: "rpc-bench")
    }

    /// Runs wrk twice (warm-up, then measured) and reads its report and CPU time, and the
    /// server's CPU time over the measured run (which includes wrk's start and exit).
    func measure(concurrency: Int, timing: CaseTiming) async throws -> Measurement {
        let ((report, cpu), serverCPU) = try await LoadGeneratorRun.warmedUp(timing: timing) { seconds in
            try await run(concurrency: concurrency, seconds: seconds)
        }
        guard report.errors == 0 else {
            throw BenchError("wrk: \(report.errors) error(s) or non-2xx responses; see \(folder.file("wrk/out.txt"))")
        }
        return Measurement(
            calls: report.requests,
            seconds: report.requestsPerSecond > 0 ? Double(report.requests) / report.requestsPerSecond : 0,
            p50Microseconds: report.p50Microseconds,
            p99Microseconds: report.p99Microseconds,
            cpuMicroseconds: cpu.microseconds,
            serverCPUMicroseconds: serverCPU
        )
    }

    /// One wrk run of `seconds`.
    private func run(concurrency: Int, seconds: Int) async throws -> (WrkReport, CPUTime) {
        let arguments = wrk.arguments(connections: concurrency, seconds: seconds)
        let (output, cpu) = try await LoadGeneratorRun.run(wrk.executable, arguments, tool: "wrk", folder: folder)
        return (try WrkReport(parsing: output), cpu)
    }

    /// Nothing to release: each run is its own process.
    func shutdown() async {}
}
