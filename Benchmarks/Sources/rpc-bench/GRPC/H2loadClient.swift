// H2loadClient.swift: h2load (nghttp2's C load generator) as the gRPC load generator that judges servers, one connection, CPU read from its rusage.
import BenchProcesses

/// h2load posting the Echo request, framed for gRPC, over one h2c connection with
/// `concurrency` streams in flight (`-c1 -m<n> -t1`), as our client and grpc-swift's do. It
/// spends a fraction of either client's CPU per call, so on two shared cores the server it
/// loads, not the client, sets the rate: the fair judge of "our server against grpc-swift's
/// under the same load generator" (issue 30). It reads no trailers; the interop check before
/// the runs is what shows each server answers Echo correctly.
///
/// A warm-up run precedes the measured run (`-D` seconds each, whole seconds); calls and rps
/// are h2load's own; CPU time is the measured h2load child's user+system time from `wait4`,
/// divided by its calls.
struct H2loadClient: BenchClient {
    /// `"h2load"`.
    let name = "h2load"
    private let executable: String
    private let url: String
    private let folder: TempFolder

    /// Writes the framed request into `folder`; `baseURL` is the server's (`http://…`).
    init(baseURL: String, folder: TempFolder, executable: String = "/usr/bin/h2load") throws {
        self.executable = executable
        self.url = baseURL + Workload.path
        self.folder = folder
        let message = Workload.requestBytes
        let count = UInt32(message.count)
        let framed = [0, UInt8(count >> 24), UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)] + message
        try folder.write("h2load/echo.grpc", framed)
    }

    /// Runs h2load twice (warm-up, then measured) and reads its report and CPU time, and the
    /// server's CPU time over the measured run.
    func measure(concurrency: Int, timing: CaseTiming) async throws -> Measurement {
        let ((report, cpu), serverCPU) = try await LoadGeneratorRun.warmedUp(timing: timing) { seconds in
            try await run(concurrency: concurrency, seconds: seconds)
        }
        return Measurement(calls: report.succeeded, seconds: report.seconds, p50Microseconds: 0, p99Microseconds: 0,
                           cpuMicroseconds: cpu.microseconds, serverCPUMicroseconds: serverCPU)
    }

    /// One h2load run of `seconds`; throws when a call failed.
    private func run(concurrency: Int, seconds: Int) async throws -> (H2loadReport, CPUTime) {
        let arguments = ["-c1", "-t1", "-m\(concurrency)", "-D", "\(seconds)", "-d", folder.file("h2load/echo.grpc"),
                         "-H", "content-type: application/grpc", "-H", "te: trailers", url]
        let (output, cpu) = try await LoadGeneratorRun.run(executable, arguments, tool: "h2load", folder: folder)
        let report = try H2loadReport(parsing: output)
        guard report.failed == 0, report.errored == 0, report.succeeded > 0 else {
            throw BenchError("h2load: \(report.failed) failed and \(report.errored) errored of \(report.done) calls; see \(folder.file("h2load/out.txt"))")
        }
        return (report, cpu)
    }

    /// Nothing to release: each run is its own process.
    func shutdown() async {}
}

/// What h2load printed: the window's length and its request counts.
struct H2loadReport: Equatable {
    var seconds: Double
    var done: Int
    var succeeded: Int
    var failed: Int
    var errored: Int

    /// Reads `finished in 3.00s, …` and `requests: N total, N started, N done, N succeeded, N failed, N errored, …`.
    init(parsing output: String) throws {
        var seconds: Double?
        var counts: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            if line.hasPrefix("finished in "), let value = line.dropFirst("finished in ".count).split(separator: ",").first {
                seconds = Double(value.hasSuffix("ms") ? String(value.dropLast(2)) : String(value.dropLast())).map { value.hasSuffix("ms") ? $0 / 1000 : $0 }
            }
            if line.hasPrefix("requests: ") {
                for field in line.dropFirst("requests: ".count).split(separator: ",") {
                    let words = field.split(separator: " ")
                    if words.count == 2, let count = Int(words[0]) { counts[String(words[1])] = count }
                }
            }
        }
        guard let seconds, let done = counts["done"], let succeeded = counts["succeeded"] else {
            throw BenchError("h2load's report has no 'finished in' or 'requests:' line: \(output)")
        }
        self.seconds = seconds
        self.done = done
        self.succeeded = succeeded
        self.failed = counts["failed"] ?? 0
        self.errored = counts["errored"] ?? 0
    }
}
