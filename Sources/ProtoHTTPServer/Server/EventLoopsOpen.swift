// EventLoopsOpen.swift: whether the server's event loops still take work, checked and acted on under one lock.
import Synchronization

/// Open while the server's event loops run; closed by shutdown just before it stops them.
/// ``EventLoopTaskExecutor`` schedules on a loop only while this is open, under its lock, so a
/// job scheduled is one the loop still runs (a stopping loop drains what it was given), and a
/// handler that outlives the loops resumes on the global executor instead of being dropped.
final class EventLoopsOpen: Sendable {
    private let open = Mutex(true)

    init() {}

    /// Runs `body` if the loops are open, holding the lock so they cannot close meanwhile;
    /// returns whether it ran.
    func ifOpen(_ body: () -> Void) -> Bool {
        open.withLock { open in
            if open { body() }
            return open
        }
    }

    /// Closes: from now on nothing is scheduled on the loops.
    func close() {
        open.withLock { $0 = false }
    }
}
