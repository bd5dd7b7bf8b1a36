// ChildProcess.swift: the one child-process launcher of the tests and benchmarks: spawn, read lines with a timeout, stop, reap.
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A program started with `posix_spawn` for a test or a benchmark: a Python peer, nginx, wrk,
/// `notes-server`, a one-shot tool. Test and benchmark code only; never runtime API.
///
/// ```
///  spawn(program, arguments, environment:, input:, output:, error:)
///    stdin  ◄── .pipe (this process holds the write end: closeInput() is the child's EOF) | .null
///    stdout ──► .pipe | .file(path) (both readable with readLine(timeout:) / readPort(timeout:))
///               | .null | .inherit
///  stop(grace:)  close stdin ─► SIGTERM ─► (grace) ─► SIGKILL ─► reaped, Exit returned
/// ```
///
/// The child starts with an empty signal mask and default signal actions: a child inherits the
/// mask of the spawning thread, and Dispatch threads block SIGTERM and SIGCHLD, which would make
/// servers ignore SIGTERM and shells' `wait` hang. Every descriptor this process keeps is
/// close-on-exec from the start, so no other child inherits a pipe end and withholds an EOF.
///
/// The child is reaped by its own pid only (`wait4`, which also reports its CPU time), exactly
/// once: by ``exitIfEnded()``, ``wait()``, ``wait(upTo:)``, ``stop(grace:)``, or at the latest
/// by `deinit`, which kills a child still running.
public final class ChildProcess: Sendable {
    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        /// A pipe whose write end this process holds; ``closeInput()`` (or this process ending
        /// in any way) is the child's end of input.
        case pipe
        /// `/dev/null`.
        case null
    }

    /// Where the child's standard output goes.
    public enum Output: Sendable {
        /// A pipe this process reads with ``readLine(timeout:)``. Read it, or the child blocks
        /// once the pipe is full.
        case pipe
        /// A file (created or truncated), which never fills up; ``readLine(timeout:)`` follows it.
        case file(String)
        /// `/dev/null`.
        case null
        /// This process's standard output.
        case inherit
    }

    /// Where the child's standard error goes.
    public enum ErrorOutput: Sendable {
        /// A file (created or truncated).
        case file(String)
        /// `/dev/null`.
        case null
        /// This process's standard error.
        case inherit
        /// Wherever the child's standard output goes (`2>&1`).
        case standardOutput
    }

    /// How a reaped child ended.
    public struct Exit: Sendable, Equatable, CustomStringConvertible {
        /// The exit code, or 128 + the signal that ended it, as shells report it.
        public var status: Int32
        /// The signal that ended the child, or `nil` if it exited.
        public var signal: Int32?
        /// The child's own user plus system CPU time in microseconds (from `wait4`).
        public var cpuMicroseconds: Double
        /// The child's peak resident set size in bytes (`ru_maxrss` from `wait4`).
        public var peakResidentBytes: Int = 0

        /// Whether the child exited with code 0.
        public var succeeded: Bool { signal == nil && status == 0 }

        /// `exit 0`, `signal 15`.
        public var description: String { signal.map { "signal \($0)" } ?? "exit \(status)" }

        /// Decodes a `wait` status; `cpu` from the matching `rusage`.
        init(waitStatus: Int32, usage: rusage) {
            let signal = waitStatus & 0x7f
            self.signal = signal == 0 ? nil : signal
            self.status = signal == 0 ? (waitStatus >> 8) & 0xff : 128 + signal
            func micros(_ t: timeval) -> Double { Double(t.tv_sec) * 1e6 + Double(t.tv_usec) }
            self.cpuMicroseconds = micros(usage.ru_utime) + micros(usage.ru_stime)
            self.peakResidentBytes = usage.ru_maxrss * 1024  // Linux reports KiB
        }

        /// A child reaped elsewhere: the status is unknown (-1).
        static let unknown = Exit(status: -1, signal: nil, cpuMicroseconds: 0)

        private init(status: Int32, signal: Int32?, cpuMicroseconds: Double) {
            self.status = status
            self.signal = signal
            self.cpuMicroseconds = cpuMicroseconds
        }
    }

    /// What went wrong starting, reading or running a child; the message says how to fix it.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
        /// A failure saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// The child's process id.
    public let pid: pid_t
    /// The program as given to ``init(_:_:environment:input:output:error:)``, for messages.
    public let program: String

    /// The write end of the child's stdin (-1: none or closed) and the exit once reaped.
    private struct State {
        var inputFD: Int32
        var exit: Exit?
    }

    /// The read end of the child's stdout (-1: none), whether it is a file, and bytes read
    /// but not yet returned as a line.
    private struct Reader {
        var fd: Int32
        var isFile: Bool
        var buffer: [UInt8] = []
        var ended = false
    }

    private let state: Mutex<State>
    private let reader: Mutex<Reader>

    /// Starts `program` with `arguments` (not including argv[0]). A `program` without a `/` is
    /// looked up on `PATH`. `environment` replaces this process's environment when given.
    public init(_ program: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                input: Input = .null, output: Output = .null, error: ErrorOutput = .inherit) throws(Failure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var closeAfterSpawn: [Int32] = []
        defer { closeAfterSpawn.forEach { close($0) } }
        var keep: [Int32] = []  // closed again if spawning fails

        func fail(_ message: String) -> Failure {
            keep.forEach { close($0) }
            return Failure(message)
        }

        var inputFD: Int32 = -1
        switch input {
        case .pipe:
            let (childEnd, ourEnd) = try Self.socketPair()
            closeAfterSpawn.append(childEnd)
            keep.append(ourEnd)
            inputFD = ourEnd
            posix_spawn_file_actions_adddup2(&actions, childEnd, 0)
        case .null:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }

        var readFD: Int32 = -1
        var readsFile = false
        switch output {
        case .pipe:
            let (childEnd, ourEnd) = try Self.socketPair()
            closeAfterSpawn.append(childEnd)
            keep.append(ourEnd)
            readFD = ourEnd
            posix_spawn_file_actions_adddup2(&actions, childEnd, 1)
        case .file(let path):
            let writeFD = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard writeFD >= 0 else { throw fail("cannot create \(path) for \(program)'s output: \(Self.errorText(errno))") }
            closeAfterSpawn.append(writeFD)
            readFD = open(path, O_RDONLY | O_CLOEXEC)
            guard readFD >= 0 else { throw fail("cannot read \(path): \(Self.errorText(errno))") }
            keep.append(readFD)
            readsFile = true
            posix_spawn_file_actions_adddup2(&actions, writeFD, 1)
        case .null:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        case .inherit:
            break
        }

        switch error {
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, 2, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .null:
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .inherit:
            break
        case .standardOutput:
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }

        // Nothing else of this process reaches the child: without this, a socket another thread
        // holds without close-on-exec (SwiftNIO accepts connections without SOCK_CLOEXEC) stays
        // open in a long-lived child, and the server's close of it sends no FIN.
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }

        var pid: pid_t = 0
        let code: Int32 = if let envp {
            envp.withUnsafeBufferPointer { Self.spawn(&pid, program, &actions, &attributes, argv, $0.baseAddress) }
        } else {
            Self.spawn(&pid, program, &actions, &attributes, argv, environ)
        }
        guard code == 0 else {
            throw fail("could not start \(program): \(Self.errorText(code)); is it installed (scripts/install-deps)?")
        }
        self.pid = pid
        self.program = program
        self.state = Mutex(State(inputFD: inputFD))
        self.reader = Mutex(Reader(fd: readFD, isFile: readsFile))
    }

    deinit {
        closeInput()
        if isRunning {
            _ = Glibc.kill(pid, SIGKILL)
            _ = wait(upTo: .seconds(5))
        }
        reader.withLock { reader in
            if reader.fd >= 0 { close(reader.fd) }
            reader.fd = -1
        }
    }

    // MARK: Input

    /// Closes the write end of the child's stdin: the child reads end of input. Idempotent.
    public func closeInput() {
        state.withLock { state in
            if state.inputFD >= 0 { close(state.inputFD) }
            state.inputFD = -1
        }
    }

    /// Writes `bytes` to the child's stdin pipe (blocks while the pipe is full).
    public func write(_ bytes: [UInt8]) throws(Failure) {
        let fd = state.withLock { $0.inputFD }
        guard fd >= 0 else { throw Failure("\(program) has no open input pipe") }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure("writing to \(program)'s input failed: \(Self.errorText(errno))")
            }
            offset += written
        }
    }

    // MARK: Output

    /// The next line of the child's stdout without its `\n` (a last line without one counts),
    /// or `nil` at the end of its output. Throws when no whole line arrives within `timeout`.
    /// Blocks: call it off Swift's cooperative pool when the wait can be long.
    public func readLine(timeout: Duration) throws(Failure) -> String? {
        let deadline = ContinuousClock.now + timeout
        return try reader.withLock { (reader: inout Reader) throws(Failure) -> String? in
            guard reader.fd >= 0 else { throw Failure("\(program)'s output is not readable (spawn it with output: .pipe or .file)") }
            while true {
                if let newline = reader.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: reader.buffer[..<newline], as: UTF8.self)
                    reader.buffer.removeSubrange(...newline)
                    return line
                }
                if reader.ended {
                    guard !reader.buffer.isEmpty else { return nil }
                    defer { reader.buffer.removeAll() }
                    return String(decoding: reader.buffer, as: UTF8.self)
                }
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero else {
                    let partial = String(decoding: reader.buffer, as: UTF8.self)
                    throw Failure("\(program) wrote no whole line within \(timeout)\(partial.isEmpty ? "" : "; so far: \(partial.debugDescription)")")
                }
                if reader.isFile {
                    // A file has no "would block": at its current end, the child may still write.
                    let ended = !isRunning
                    if try Self.readChunk(reader.fd, into: &reader.buffer, program: program) == 0 {
                        if ended { reader.ended = true } else { usleep(5_000) }  // the poll interval at a file's end
                    }
                } else {
                    var descriptor = pollfd(fd: reader.fd, events: Int16(POLLIN), revents: 0)
                    let milliseconds = max(1, Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
                    let ready = poll(&descriptor, 1, milliseconds)
                    if ready < 0 && errno != EINTR { throw Failure("poll on \(program)'s output failed: \(Self.errorText(errno))") }
                    if ready > 0, try Self.readChunk(reader.fd, into: &reader.buffer, program: program) == 0 {
                        reader.ended = true
                    }
                }
            }
        }
    }

    /// Reads what is there (up to 64 KiB) into `buffer`; the count, 0 at end of file.
    private static func readChunk(_ fd: Int32, into buffer: inout [UInt8], program: String) throws(Failure) -> Int {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count >= 0 {
                buffer += chunk[..<count]
                return count
            }
            if errno != EINTR { throw Failure("reading \(program)'s output failed: \(errorText(errno))") }
        }
    }

    // MARK: Ending

    /// Whether the child still runs; reaps it once it has ended.
    public var isRunning: Bool { exitIfEnded() == nil }

    /// The exit if the child has ended (reaping it), `nil` while it runs.
    @discardableResult
    public func exitIfEnded() -> Exit? {
        state.withLock { state in
            if let exit = state.exit { return exit }
            var status: Int32 = 0
            var usage = rusage()
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid {
                state.exit = Exit(waitStatus: status, usage: usage)
            } else if result < 0 && errno == ECHILD {
                state.exit = .unknown  // reaped by someone else: the status is lost
            }
            return state.exit
        }
    }

    /// Waits until the child ends and reaps it. Blocks: call it off the cooperative pool.
    @discardableResult
    public func wait() -> Exit {
        while true {
            if let exit = exitIfEnded() { return exit }
            // Sleep until the child has ended without reaping it (WNOWAIT), so the reaping
            // stays under the lock and concurrent waiters all wake.
            var info = siginfo_t()
            _ = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
        }
    }

    /// Waits up to `timeout` for the child to end and reaps it; `nil` if it still runs.
    public func wait(upTo timeout: Duration) -> Exit? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let exit = exitIfEnded() { return exit }
            if ContinuousClock.now >= deadline { return nil }
            usleep(2_000)  // the poll interval until the child ends
        }
    }

    /// Sends `signal` unless the child was reaped (its pid may belong to another process then).
    public func signal(_ signal: Int32) {
        if isRunning { _ = Glibc.kill(pid, signal) }
    }

    /// Sends SIGKILL unless the child was reaped.
    public func kill() { signal(SIGKILL) }

    /// Stops the child and reaps it: closes its stdin, sends SIGTERM, waits up to `grace`,
    /// then SIGKILL. Returns how it ended. Safe to call more than once. Blocks for at most
    /// `grace` plus a moment.
    @discardableResult
    public func stop(grace: Duration = .seconds(3)) -> Exit {
        closeInput()
        if let exit = exitIfEnded() { return exit }
        signal(SIGTERM)
        if let exit = wait(upTo: grace) { return exit }
        kill()
        return wait()
    }

    // MARK: Helpers

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), found at run time:
    /// Swift's Glibc module does not declare it. `nil` on an older C library. `nonisolated(unsafe)`
    /// is safe: a constant address, set once by the static's thread-safe lazy initializer.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    nonisolated(unsafe) private static let closeFromSymbol: UnsafeMutableRawPointer? =
        dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np")
    private static var closeFrom: CloseFrom? { closeFromSymbol.map { unsafeBitCast($0, to: CloseFrom.self) } }

    private static func spawn(_ pid: inout pid_t, _ program: String, _ actions: inout posix_spawn_file_actions_t,
                              _ attributes: inout posix_spawnattr_t, _ argv: [UnsafeMutablePointer<CChar>?],
                              _ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        program.contains("/")
            ? posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    }

    /// A connected socket pair, both ends close-on-exec from the start (Glibc's module has no
    /// `pipe2`); dup2 onto a child's 0 or 1 clears the flag for that child only.
    private static func socketPair() throws(Failure) -> (child: Int32, ours: Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw Failure("socketpair failed: \(errorText(errno))")
        }
        return (fds[0], fds[1])
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
