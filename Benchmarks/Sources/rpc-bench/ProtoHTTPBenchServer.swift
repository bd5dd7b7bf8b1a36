// ProtoHTTPBenchServer.swift: ProtoHTTPServer (or grpc-swift's server) as the benchmark server, in a child process (rpc-bench re-run).
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPTestSupport

/// Our own server, ``BenchService`` on ProtoHTTPServer, run as a child process: this program
/// again (`/proc/self/exe`) with ``ServeCommand/flag``, so the clients' CPU time stays free of
/// the server's, as with nginx.
///
/// The child's standard input is a pipe this process holds: closing it stops the server
/// gracefully, and if this process dies in any way the kernel closes it too. Its standard
/// output (`PORT <n>`, then the server's log) and standard error go to files in the temp folder.
final class ProtoHTTPBenchServer: BenchServer {
    /// `"protohttp"`: RESULT lines end in ` server=protohttp` (`"grpc-swift"` for that child).
    let resultTag: String?
    /// `"protohttp"`, or `"grpc-swift"`.
    let name: String

    private let folder: TempFolder
    /// The child's arguments: ``ServeCommand/flag`` and its threads, or another serve mode's.
    private let arguments: [String]
    private var process: ChildProcess?
    /// A command the child runs under (`valgrind --tool=callgrind …` for the instruction
    /// counts), and how long it may take to start and to stop; empty and 5 s / 3 s by default.
    var launcher: [String] = []
    /// The program the child runs; `nil`: this one (`/proc/self/exe`).
    var executable: String?
    var startTimeout: Duration = .seconds(5)
    var stopGrace: Duration = .seconds(3)

    /// The child's pid while it runs.
    var pid: pid_t? { process?.pid }

    /// Prepares a server with `threads` event-loop threads, its logs in `folder`.
    convenience init(folder: TempFolder, threads: Int) {
        self.init(folder: folder, name: "protohttp", arguments: [ServeCommand.flag, "--threads", String(threads)])
    }

    /// Prepares the child `name` run with `arguments` (a hidden serve mode of this program),
    /// its logs in `folder/<name>/`.
    init(folder: TempFolder, name: String, arguments: [String]) {
        self.folder = folder
        self.name = name
        resultTag = name
        self.arguments = arguments
    }

    /// Starts the child and waits for its `PORT` line and for the port to accept.
    func start() throws -> String {
        let executable = try self.executable ?? Self.currentExecutable()
        try folder.write("\(name)/.keep", [])
        let command = launcher + [executable] + arguments
        let child = try ChildProcess(
            command[0], Array(command.dropFirst()), input: .pipe,
            output: .file(folder.file("\(name)/stdout.log")), error: .file(folder.file("\(name)/stderr.log")))
        EmergencyStop.guardProcess(child.pid)
        do {
            let port = try waitForPort(child)
            process = child
            return "http://127.0.0.1:\(port)"
        } catch {
            child.stop()
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
        if let exit = child.wait(upTo: stopGrace) {
            if exit.status != 0 {
                report("\(name) server exited with status \(exit.status): \(folder.read("\(name)/stderr.log"))")
            }
        } else {
            child.stop()
        }
        EmergencyStop.release(child.pid)
    }

    /// The absolute path of this program, read from `/proc/self/exe`.
    static func currentExecutable() throws -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { bytes in
            bytes.baseAddress.map { readlink("/proc/self/exe", $0.assumingMemoryBound(to: CChar.self), bytes.count - 1) } ?? -1
        }
        guard count > 0 else {
            throw BenchError("cannot read /proc/self/exe to start a server child: \(String(cString: strerror(errno)))")
        }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Reads the child's `PORT <n>` line from its standard output file (5 s at most), then
    /// waits (in what is left of the 5 s) until the port accepts.
    private func waitForPort(_ child: ChildProcess) throws -> UInt16 {
        let deadline = MonotonicClock.nanoseconds() + UInt64(startTimeout.components.seconds) * 1_000_000_000
        let port: UInt16
        do {
            port = UInt16(try child.readPort(timeout: startTimeout).port)
        } catch {
            throw BenchError("the \(name) server printed no PORT line: \(error); \(folder.read("\(name)/stderr.log"))")
        }
        repeat {
            if let exit = child.exitIfEnded() {
                throw BenchError("the \(name) server exited with status \(exit.status): "
                    + folder.read("\(name)/stdout.log") + folder.read("\(name)/stderr.log"))
            }
            if LoopbackPort.accepts(port) { return port }
            usleep(10_000)
        } while MonotonicClock.nanoseconds() < deadline
        throw BenchError("the \(name) server printed PORT \(port) but did not accept connections within 5 s: \(folder.read("\(name)/stderr.log"))")
    }
}
