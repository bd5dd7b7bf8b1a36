// ProtoHTTPBenchServer.swift: ProtoHTTPServer as the benchmark server, in a child process (rpc-bench re-run).
#if canImport(Glibc)
import Glibc
#endif

/// Our own server, ``BenchService`` on ProtoHTTPServer, run as a child process: this program
/// again (`/proc/self/exe`) with ``ServeCommand/flag``, so the clients' CPU time stays free of
/// the server's, as with nginx.
///
/// The child's standard input is a pipe this process holds: closing it stops the server
/// gracefully, and if this process dies in any way the kernel closes it too. Its standard
/// output (`PORT <n>`, then the server's log) and standard error go to files in the temp folder.
final class ProtoHTTPBenchServer: BenchServer {
    /// `"protohttp"`: RESULT lines end in ` server=protohttp`.
    let resultTag: String? = "protohttp"
    /// `"protohttp"`.
    let name = "protohttp"

    private let folder: TempFolder
    private let threads: Int
    private var process: ChildProcess?

    /// The child's pid while it runs.
    var pid: pid_t? { process?.pid }

    /// Prepares a server with `threads` event-loop threads, its logs in `folder`.
    init(folder: TempFolder, threads: Int) {
        self.folder = folder
        self.threads = threads
    }

    /// Starts the child and waits for its `PORT` line and for the port to accept.
    func start() throws -> String {
        let executable = try Self.currentExecutable()
        try folder.write("protohttp/.keep", [])
        let child = try ChildProcess.spawn(
            executable, [ServeCommand.flag, "--threads", String(threads)],
            stdoutPath: folder.file("protohttp/stdout.log"), stderrPath: folder.file("protohttp/stderr.log"),
            inputPipe: true)
        EmergencyStop.guardProcess(child.pid)
        do {
            let port = try waitForPort(child)
            process = child
            return "http://127.0.0.1:\(port)"
        } catch {
            child.closeInput()
            child.terminate()
            EmergencyStop.release(child.pid)
            throw error
        }
    }

    /// Closes the child's input (it shuts the server down and exits), waits up to 3 s, then
    /// SIGTERM and SIGKILL as for nginx; reports an unclean exit on standard error.
    func stop() {
        guard let child = process else { return }
        process = nil
        child.closeInput()
        if let exit = child.wait(upTo: 3) {
            if exit.status != 0 {
                report("protohttp server exited with status \(exit.status): \(folder.read("protohttp/stderr.log"))")
            }
        } else {
            child.terminate()
        }
        EmergencyStop.release(child.pid)
    }

    /// The absolute path of this program, read from `/proc/self/exe`.
    private static func currentExecutable() throws -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { bytes in
            bytes.baseAddress.map { readlink("/proc/self/exe", $0.assumingMemoryBound(to: CChar.self), bytes.count - 1) } ?? -1
        }
        guard count > 0 else {
            throw BenchError("cannot read /proc/self/exe to start the protohttp server: \(String(cString: strerror(errno)))")
        }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Polls the child's standard output for `PORT <n>` (5 s at most), then checks the port accepts.
    private func waitForPort(_ child: ChildProcess) throws -> UInt16 {
        let deadline = MonotonicClock.nanoseconds() + 5_000_000_000
        while MonotonicClock.nanoseconds() < deadline {
            if let exit = child.exitIfEnded() {
                throw BenchError("the protohttp server exited with status \(exit.status): "
                    + folder.read("protohttp/stdout.log") + folder.read("protohttp/stderr.log"))
            }
            // Whole lines only: the line may be read while it is being written.
            let output = folder.read("protohttp/stdout.log")
            let complete = output.lastIndex(of: "\n").map { output[..<$0] } ?? ""
            if let line = complete.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }),
               let port = UInt16(line.dropFirst("PORT ".count)), LoopbackPort.accepts(port) {
                return port
            }
            usleep(10_000)
        }
        throw BenchError("the protohttp server printed no PORT line within 5 s: \(folder.read("protohttp/stderr.log"))")
    }
}
