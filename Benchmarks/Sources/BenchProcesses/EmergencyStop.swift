// EmergencyStop.swift: kills the running child processes if the benchmark exits, is interrupted or crashes.
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One guarded pid (0: free), readable from a signal handler (an atomic load is async-signal-safe).
private final class GuardSlot: Sendable {
    let pid = Atomic<Int32>(0)
}

/// Room for every child of one run (rpc-bench: nginx and ProtoHTTPServer side by side;
/// bench-scale: a server child or nginx, and wrk beside it). Made before
/// any handler is installed (``EmergencyStop/guardProcess(_:)`` touches it first), so a
/// handler only reads it.
private let guardSlots: [GuardSlot] = (0..<4).map { _ in GuardSlot() }

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

/// Makes sure the servers started by the benchmark never outlive it.
///
/// The normal path stops each child itself (and releases its pid); this covers the rest:
/// `exit()` from anywhere (an `atexit` hook), Ctrl-C or `kill` (SIGINT, SIGTERM, SIGHUP), and
/// crashes (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS). Each handler kills the guarded pids,
/// puts back the action that was there before (default, or the Swift backtracer) and raises
/// the signal again, so the crash report and the exit status stay as they would have been.
public enum EmergencyStop {
    private static let installed = Mutex(false)

    /// Guards `pid` (up to four at a time; a fifth is not guarded); installs the hooks on first use.
    public static func guardProcess(_ pid: pid_t) {
        for slot in guardSlots {
            if slot.pid.compareExchange(expected: 0, desired: pid, ordering: .sequentiallyConsistent).exchanged { break }
        }
        installOnce()
    }

    /// Stops guarding `pid` (the server was stopped normally).
    public static func release(_ pid: pid_t) {
        for slot in guardSlots {
            _ = slot.pid.compareExchange(expected: pid, desired: 0, ordering: .sequentiallyConsistent)
        }
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

/// Kills the guarded pids, each once. A free function: C function pointers cannot capture context.
private func killGuarded() {
    for slot in guardSlots {
        let pid = slot.pid.exchange(0, ordering: .sequentiallyConsistent)
        if pid > 0 { kill(pid, SIGKILL) }
    }
}
