// ChildProcess.swift: a spawned program (posix_spawn) with its output in files, stopped and reaped by pid.
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, standard input from `/dev/null` (or from a pipe
/// this process holds open) and its output in files. Reaped with `wait4`, which also returns
/// the child's own CPU time (what `RUSAGE_CHILDREN` gains from it).
///
/// Foundation's `Process` is not used: it reaps children on its own, so their rusage could
/// not be read, and it cannot run a program with a clean signal mask from a Dispatch thread.
struct ChildProcess: Sendable {
    /// The child's process id.
    let pid: pid_t
    /// The program, for messages.
    let program: String
    /// The write end of the child's standard input when spawned with `inputPipe: true`, else
    /// `nil`. Closing it (``closeInput()``, or this process ending in any way) is the child's
    /// end of input.
    let inputFD: Int32?

    /// How a reaped child ended.
    struct Exit: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        /// The child's user+system CPU time.
        var cpu: CPUTime
    }

    /// Starts `program` (an absolute path) with `arguments`, writing its standard output to
    /// `stdoutPath` and its standard error to `stderrPath` (or `/dev/null`). With `inputPipe`,
    /// the child's standard input is a pipe whose write end this process keeps (``inputFD``);
    /// otherwise it is `/dev/null`.
    static func spawn(_ program: String, _ arguments: [String], stdoutPath: String? = nil,
                      stderrPath: String? = nil, inputPipe: Bool = false) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Both ends close on exec: the child gets the read end only as its fd 0 (dup2 clears
        // the flag there), and no later child (wrk, nginx) inherits the write end, which would
        // keep the pipe open after this process closes it. (Glibc's module has no `pipe2`;
        // rpc-bench spawns from one thread at a time, so setting the flag after `pipe` is safe.)
        var pipeFDs: [Int32] = [-1, -1]
        if inputPipe {
            guard pipe(&pipeFDs) == 0 else {
                throw BenchError("pipe failed: \(String(cString: strerror(errno)))")
            }
            for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        defer { if inputPipe { close(pipeFDs[0]) } }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        // Dispatch threads block most signals, and a mask survives exec: give the child an
        // empty mask and default handlers, so SIGTERM reaches it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }

        var pid: pid_t = 0
        let code = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        guard code == 0 else {
            if inputPipe { close(pipeFDs[1]) }
            throw BenchError("could not start \(program): \(String(cString: strerror(code))); install it with scripts/install-deps.")
        }
        return ChildProcess(pid: pid, program: program, inputFD: inputPipe ? pipeFDs[1] : nil)
    }

    /// Closes the write end of the child's input pipe: the child reads end of input. Call it
    /// once (the descriptor number could be reused afterwards); nothing to do without a pipe.
    func closeInput() {
        if let inputFD { close(inputFD) }
    }

    /// Waits for the child to end and reaps it.
    func wait() -> Exit {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return Exit(status: Self.decode(status), cpu: CPUTime(usage))
    }

    /// Reaps the child if it has ended; `nil` while it still runs.
    func exitIfEnded() -> Exit? {
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, WNOHANG, &usage) == pid else { return nil }
        return Exit(status: Self.decode(status), cpu: CPUTime(usage))
    }

    /// Waits up to `seconds` for the child to end and reaps it; `nil` if it still runs.
    func wait(upTo seconds: Double) -> Exit? {
        let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        repeat {
            if let exit = exitIfEnded() { return exit }
            usleep(10_000)
        } while MonotonicClock.nanoseconds() < deadline
        return nil
    }

    /// Sends SIGTERM, waits up to `grace` seconds, then SIGKILL; always reaps the child.
    func terminate(grace: Double = 3) {
        kill(pid, SIGTERM)
        if wait(upTo: grace) != nil { return }
        kill(pid, SIGKILL)
        _ = wait()
    }

    /// Exit code, or 128 + signal, from a `wait` status.
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
