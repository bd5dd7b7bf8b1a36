// ChildProcess.swift: a spawned program (posix_spawn) with its output in files, stopped and reaped by pid.
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, standard input from `/dev/null` and its output
/// in files. Reaped with `wait4`, which also returns the child's own CPU time (what
/// `RUSAGE_CHILDREN` gains from it).
///
/// Foundation's `Process` is not used: it reaps children on its own, so their rusage could
/// not be read, and it cannot run a program with a clean signal mask from a Dispatch thread.
struct ChildProcess: Sendable {
    /// The child's process id.
    let pid: pid_t
    /// The program, for messages.
    let program: String

    /// How a reaped child ended.
    struct Exit: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        /// The child's user+system CPU time.
        var cpu: CPUTime
    }

    /// Starts `program` (an absolute path) with `arguments`, writing its standard output to
    /// `stdoutPath` and its standard error to `stderrPath` (or `/dev/null`).
    static func spawn(_ program: String, _ arguments: [String], stdoutPath: String? = nil,
                      stderrPath: String? = nil) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
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
            throw BenchError("could not start \(program): \(String(cString: strerror(code))); install it with scripts/install-deps.")
        }
        return ChildProcess(pid: pid, program: program)
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

    /// Sends SIGTERM, waits up to `grace` seconds, then SIGKILL; always reaps the child.
    func terminate(grace: Double = 3) {
        kill(pid, SIGTERM)
        let deadline = MonotonicClock.nanoseconds() + UInt64(grace * 1e9)
        while MonotonicClock.nanoseconds() < deadline {
            if exitIfEnded() != nil { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        _ = wait()
    }

    /// Exit code, or 128 + signal, from a `wait` status.
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
