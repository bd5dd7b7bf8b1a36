// CallRegistry.swift: a manager's live calls and their deadlines, for cancellation by id/tag/category and for timeouts.
package import Dispatch
import Synchronization

/// The manager's live calls. A call is added when it starts and removes itself when it
/// finishes; the registry owns the deadline timer (``CallDeadlines``), so the timer lives as
/// long as any call that could need it, even past the manager.
///
/// Deadlines belong to the manager, not to the transport: a call's deadline spans everything
/// it does (interceptors, each transfer of a retry, decoding), so the registry's timer is the
/// one that fails it with `deadline_exceeded` and stops its transfer.
package final class CallRegistry: Sendable {
    private struct Entry: Sendable {
        let handle: CallHandle
        /// The registry clock's nanoseconds at which the call fails; `UInt64.max` for none.
        let deadline: UInt64
        /// The time limit the deadline came from, for the error message.
        let timeout: Duration?
    }

    private let calls = Mutex<[UInt64: Entry]>([:])
    /// Fails calls past their deadline; created with the registry and owned by it.
    private let deadlines: CallDeadlines

    /// Creates a registry whose deadline timer, on `clock`, fails expired calls on `queue`.
    package init(deadlineQueue: DispatchQueue, clock: any CallClock) {
        deadlines = CallDeadlines(clock: clock)
        deadlines.start(on: deadlineQueue, registry: self)
    }

    /// The time source of the deadlines.
    package var clock: any CallClock { deadlines.clock }

    /// Registers a call that has started, with its deadline, and arms the timer for it.
    package func add(_ handle: CallHandle, deadline: CallDeadline?) {
        calls.withLock { $0[handle.id] = Entry(handle: handle, deadline: deadline?.instant ?? .max, timeout: deadline?.timeout) }
        if let deadline { deadlines.arm(deadline.instant) }
    }

    /// Forgets a finished call.
    func remove(_ handle: CallHandle) { _ = calls.withLock { $0.removeValue(forKey: handle.id) } }

    /// The live handles that satisfy `predicate`.
    func select(_ predicate: (CallHandle) -> Bool) -> [CallHandle] {
        calls.withLock { $0.values.compactMap { predicate($0.handle) ? $0.handle : nil } }
    }

    /// How many calls are live.
    package var count: Int { calls.withLock { $0.count } }

    /// The live calls whose deadline is at or before `now`, with their time limits, and the
    /// earliest deadline among the others (`UInt64.max` when none has one).
    func expired(at now: UInt64) -> (expired: [(CallHandle, Duration?)], next: UInt64) {
        calls.withLock { calls in
            var expired: [(CallHandle, Duration?)] = []
            var next = UInt64.max
            for entry in calls.values {
                if entry.deadline <= now {
                    expired.append((entry.handle, entry.timeout))
                } else {
                    next = min(next, entry.deadline)
                }
            }
            return (expired, next)
        }
    }
}
