// SelfChild.swift: this program run again in one of its serve modes, as a child process with a line protocol on its pipes.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProtoHTTPTestSupport

/// A server child: this program again (`/proc/self/exe`) with a serve mode's arguments
/// (``ServeCommand``, ``HoldServeCommand``), so the parent's RSS and CPU stay free of the
/// server's and the server's can be read alone.
///
/// ```
///  parent                         child
///  stdin  (pipe) ── lines ──►     commands (RELEASE); end of input: shut down, exit 0
///  stdout (pipe) ◄── lines ──     PORT <n>, then events (HELD <n>)
///  stderr ──► <folder>/<name>.stderr.log
/// ```
///
/// If the parent dies in any way the kernel closes the child's stdin, and the child exits.
final class SelfChild: Sendable {
    /// The name in messages and of the stderr log.
    let name: String
    /// The port the child listens on (127.0.0.1).
    let port: UInt16
    private let process: ChildProcess
    private let errorLog: String

    /// The child's process id.
    var pid: pid_t { process.pid }
    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts the child with `arguments` and waits (10 s at most) for its `PORT` line and
    /// for the port to accept.
    init(name: String, arguments: [String], folder: TempFolder) throws {
        self.name = name
        let errorLog = folder.file("\(name).stderr.log")
        let process = try ChildProcess(try Self.currentExecutable(), arguments, input: .pipe, output: .pipe, error: .file(errorLog))
        EmergencyStop.guardProcess(process.pid)
        do {
            let port = UInt16(try process.readPort(timeout: .seconds(10)).port)
            let deadline = MonotonicClock.nanoseconds() + 5_000_000_000
            while !LoopbackPort.accepts(port) {
                if let exit = process.exitIfEnded() { throw ScaleError("it exited (\(exit))") }
                guard MonotonicClock.nanoseconds() < deadline else { throw ScaleError("it does not accept on port \(port)") }
                usleep(10_000)
            }
            self.port = port
        } catch {
            process.stop()
            EmergencyStop.release(process.pid)
            throw ScaleError("the \(name) child did not start: \(error); \(Self.read(errorLog))")
        }
        self.process = process
        self.errorLog = errorLog
    }

    /// What the child wrote to standard error so far.
    var errors: String { Self.read(errorLog) }

    private static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Writes `line` and a newline to the child's standard input.
    func send(_ line: String) throws {
        try process.write(Array((line + "\n").utf8))
    }

    /// The child's next output line within `timeout`; throws when none comes or the output ends.
    /// Blocks: waited for off the cooperative pool.
    func nextLine(timeout: Duration) async throws -> String {
        let process = self.process
        let line = try await Blocking.run { try process.readLine(timeout: timeout) }
        guard let line else { throw ScaleError("the \(name) child ended its output: \(errors)") }
        return line
    }

    /// Closes the child's input (it shuts down and exits), waits up to 5 s, then SIGTERM and
    /// SIGKILL; reports an unclean exit on standard error.
    func stop() {
        process.closeInput()
        if let exit = process.wait(upTo: .seconds(5)) {
            if !exit.succeeded { report("the \(name) child ended with \(exit): \(errors)") }
        } else {
            report("the \(name) child did not exit within 5 s of its input's end; stopping it")
            process.stop()
        }
        EmergencyStop.release(process.pid)
    }

    /// The absolute path of this program, read from `/proc/self/exe`.
    static func currentExecutable() throws -> String {
        do {
            return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw ScaleError("cannot read /proc/self/exe to start a server child: \(error)")
        }
    }
}
