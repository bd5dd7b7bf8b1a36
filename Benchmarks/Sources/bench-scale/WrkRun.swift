// WrkRun.swift: wrk with a Lua POST script as the load of the server curve: one thread, -c connections, a warm-up run then a measured one.
import BenchProcesses
import Dispatch
import ProtoHTTPTestSupport

/// wrk, the C load generator, posting ``Workload/requestBytes`` as rpc-bench's WrkClient does
/// (a Lua script in the temp folder), `-t1 -c<connections> --latency`: one thread, so on two
/// cores the server child gets the other.
struct WrkRun: Sendable {
    private let wrk: WrkCommand
    private var folder: TempFolder { wrk.folder }

    /// Writes the Lua script into `folder`; `baseURL` is the server's.
    init(baseURL: String, folder: TempFolder, executable: String = "/usr/bin/wrk") throws {
        wrk = try WrkCommand(baseURL: baseURL, folder: folder, executable: executable, writtenBy: "bench-scale")
    }

    /// A warm-up run of `warmup` seconds, then the measured run of `seconds`; the measured
    /// run's report.
    func measure(connections: Int, warmup: Int, seconds: Int) async throws -> WrkReport {
        _ = try await run(connections: connections, seconds: warmup)
        return try await run(connections: connections, seconds: seconds)
    }

    /// One wrk run; throws with its output when it exits with a status other than 0.
    private func run(connections: Int, seconds: Int) async throws -> WrkReport {
        let arguments = wrk.arguments(connections: connections, seconds: seconds, extra: ["--timeout", "10s"])
        let child = try ChildProcess(wrk.executable, arguments,
                                     output: .file(folder.file("wrk/out.txt")), error: .file(folder.file("wrk/err.txt")))
        EmergencyStop.guardProcess(child.pid)
        let exit = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: child.wait()) }
        }
        EmergencyStop.release(child.pid)
        let output = folder.read("wrk/out.txt")
        guard exit.succeeded else {
            throw ScaleError("wrk ended with \(exit): \(output) \(folder.read("wrk/err.txt"))")
        }
        return try WrkReport(parsing: output)
    }
}
