// EmergencyStop.swift: kills the running server if rpc-bench exits, is interrupted or crashes.
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The server's pid, readable from a signal handler (an atomic load is async-signal-safe).
private let guardedPID = Atomic<Int32>(0)

/// The signals whose handlers kill the server first.
private let guardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS]

/// The actions that were installed before ours, indexed by signal number, so a crash still
/// reaches the Swift runtime's backtracer. `nonisolated(unsafe)` is safe: filled once, before
/// our handlers are installed, and only read afterwards.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
}()

/// Makes sure a server started by the benchmark never outlives it.
///
/// The normal path stops the server itself (``BenchServer/stop()``); this covers the rest:
/// `exit()` from anywhere (an `atexit` hook), Ctrl-C or `kill` (SIGINT, SIGTERM, SIGHUP), and
/// crashes (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS). Each handler kills the guarded pid,
/// puts back the action that was there before (default, or the Swift backtracer) and raises
/// the signal again, so the crash report and the exit status stay as they would have been.
enum EmergencyStop {
    private static let installed = Mutex(false)

    /// Guards `pid` (one at a time); installs the hooks on first use.
    static func guardProcess(_ pid: pid_t) {
        installOnce()
        guardedPID.store(pid, ordering: .sequentiallyConsistent)
    }

    /// Stops guarding (the server was stopped normally).
    static func release() {
        guardedPID.store(0, ordering: .sequentiallyConsistent)
    }

    private static func installOnce() {
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        atexit { killGuarded() }
        for signal in guardedSignals {
            sigaction(signal, nil, previousActions + Int(signal))
        }
        for signal in guardedSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                killGuarded()
                sigaction(signal, previousActions + Int(signal), nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}

/// Kills the guarded pid, once. A free function: C function pointers cannot capture context.
private func killGuarded() {
    let pid = guardedPID.exchange(0, ordering: .sequentiallyConsistent)
    if pid > 0 { kill(pid, SIGKILL) }
}
