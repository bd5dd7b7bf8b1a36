// WrkClient.swift: the `wrk` ceiling: wrk with a Lua POST script, one thread, CPU read from its rusage.
import Dispatch
import ProtoHTTPTestSupport

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
    private let executable: String
    private let url: String
    private let folder: TempFolder

    /// Writes the Lua script into `folder`; `baseURL` is the server's.
    init(baseURL: String, folder: TempFolder, executable: String = "/usr/bin/wrk") throws {
        self.executable = executable
        self.url = baseURL + Workload.path
        self.folder = folder
        let body = Workload.requestBytes.map { "\\\($0)" }.joined()
        try folder.write("wrk/post.lua", text: """
            -- post.lua: written by rpc-bench; the benchmark's POST with its binary protobuf body.
            wrk.method = "POST"
            wrk.body = "\(body)"
            wrk.headers["Content-Type"] = "\(Workload.contentType)"

            """)
    }

    /// Runs wrk twice (warm-up, then measured) and reads its report and CPU time, and the
    /// server's CPU time over the measured run (which includes wrk's start and exit).
    func measure(concurrency: Int, timing: CaseTiming) async throws -> Measurement {
        _ = try await run(concurrency: concurrency, seconds: max(1, Int(timing.warmupSeconds.rounded(.up))))
        let serverBefore = timing.serverPID.flatMap { CPUTime.process($0) }
        let (report, cpu) = try await run(concurrency: concurrency, seconds: max(1, Int(timing.windowSeconds.rounded())))
        let serverAfter = timing.serverPID.flatMap { CPUTime.process($0) }
        var serverCPU: Double?
        if let serverBefore, let serverAfter { serverCPU = serverAfter.microseconds - serverBefore.microseconds }
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

    /// One wrk run; waits for it off the cooperative pool.
    private func run(concurrency: Int, seconds: Int) async throws -> (WrkReport, CPUTime) {
        let arguments = ["-t1", "-c\(concurrency)", "-d\(seconds)s", "--latency",
                         "-s", folder.file("wrk/post.lua"), url]
        let child = try ChildProcess(executable, arguments,
                                     output: .file(folder.file("wrk/out.txt")), error: .file(folder.file("wrk/err.txt")))
        let exit = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: child.wait()) }
        }
        let output = folder.read("wrk/out.txt")
        guard exit.status == 0 else {
            throw BenchError("wrk exited with status \(exit.status): \(output) \(folder.read("wrk/err.txt"))")
        }
        return (try WrkReport(parsing: output), CPUTime(microseconds: exit.cpuMicroseconds))
    }

    /// Nothing to release: each run is its own process.
    func shutdown() async {}
}
