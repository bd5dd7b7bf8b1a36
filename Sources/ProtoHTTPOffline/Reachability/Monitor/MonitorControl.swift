// MonitorControl.swift: how other threads talk to the monitor thread: commands under a lock, an eventfd to wake it, a gate for start-up.
import Dispatch
import Synchronization

/// Commands for the monitor thread. A caller sets a command under the lock and signals the
/// wake descriptor; the thread drains the descriptor and takes the commands.
final class MonitorControl: Sendable {
    /// What the thread is asked to do.
    struct Commands: Sendable {
        var stop = false
        var probe = false
        /// Sleep this long without reading the socket (tests provoke overruns with it).
        var pause: Duration?
    }

    private let commands = Mutex(Commands())
    /// The descriptor the thread polls beside its socket.
    let wake: WakeSignal

    init(wake: WakeSignal) { self.wake = wake }

    /// Asks the thread to end.
    func requestStop() {
        commands.withLock { $0.stop = true }
        wake.signal()
    }

    /// Asks the thread to probe the server now.
    func requestProbe() {
        commands.withLock { $0.probe = true }
        wake.signal()
    }

    /// Asks the thread to stop reading for `duration`.
    func requestPause(_ duration: Duration) {
        commands.withLock { $0.pause = duration }
        wake.signal()
    }

    /// The pending commands, cleared.
    func take() -> Commands {
        commands.withLock { commands in
            defer { commands = Commands(stop: commands.stop) }  // stop stays set
            return commands
        }
    }
}

/// Carries the outcome of the monitor thread's start-up (socket open, first dump complete) to
/// the thread waiting in `start()`.
final class StartupGate: Sendable {
    private let outcome = Mutex<Result<Void, OfflineError>?>(nil)
    private let semaphore = DispatchSemaphore(value: 0)

    /// Reports the outcome (only the first report counts).
    func report(_ result: Result<Void, OfflineError>) {
        let first = outcome.withLock { outcome in
            guard outcome == nil else { return false }
            outcome = result
            return true
        }
        if first { semaphore.signal() }
    }

    /// Waits up to `timeout` for the outcome; `nil` if none came.
    func wait(timeout: Duration) -> Result<Void, OfflineError>? {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        guard semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
        return outcome.withLock { $0 }
    }
}
