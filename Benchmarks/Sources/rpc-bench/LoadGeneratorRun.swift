// LoadGeneratorRun.swift: a C load generator (wrk, h2load) run as a child process: a warm-up, then the measured run with the server's CPU read around it.
import BenchProcesses
import Dispatch
import ProtoHTTPTestSupport

/// What wrk and h2load share: each run is a child process whose output goes to
/// `<tool>/out.txt` and `<tool>/err.txt` in the temp folder, waited for off the cooperative
/// pool; a case is a warm-up run, then a measured run with the server child's CPU time read
/// before and after it (so it includes the tool's start and exit).
enum LoadGeneratorRun {
    /// A warm-up run, then the measured one; `run` takes the run's whole seconds. Returns the
    /// measured run's result and the server's CPU microseconds over it, when read.
    static func warmedUp<Result>(timing: CaseTiming, _ run: (Int) async throws -> Result) async throws -> (Result, serverCPU: Double?) {
        _ = try await run(max(1, Int(timing.warmupSeconds.rounded(.up))))
        let serverBefore = timing.serverPID.flatMap { CPUTime.process($0) }
        let result = try await run(max(1, Int(timing.windowSeconds.rounded())))
        let serverAfter = timing.serverPID.flatMap { CPUTime.process($0) }
        guard let serverBefore, let serverAfter else { return (result, nil) }
        return (result, serverAfter.microseconds - serverBefore.microseconds)
    }

    /// Runs `executable` to its end; what it printed and its CPU time. Throws, with its
    /// output, when it exits with a status other than 0.
    static func run(_ executable: String, _ arguments: [String], tool: String, folder: TempFolder) async throws -> (output: String, cpu: CPUTime) {
        let child = try ChildProcess(executable, arguments,
                                     output: .file(folder.file("\(tool)/out.txt")), error: .file(folder.file("\(tool)/err.txt")))
        let exit = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: child.wait()) }
        }
        let output = folder.read("\(tool)/out.txt")
        guard exit.status == 0 else {
            throw BenchError("\(tool) exited with status \(exit.status): \(output) \(folder.read("\(tool)/err.txt"))")
        }
        return (output, CPUTime(microseconds: exit.cpuMicroseconds))
    }
}
