// CallDeadlines.swift: one timer that enforces the deadlines of all of a manager's live calls.
import Dispatch
import Synchronization
import ProtoHTTPCore

/// Fails live calls whose deadline has passed, with one timer per manager (a Dispatch timer
/// under the ``SystemCallClock``) instead of one timer per call (creating and arming a timer source per call cost more than the
/// rest of the manager's work on a small call).
///
/// ```
///  start ──► registry.add(handle, deadline) ──► arm(deadline)    re-arms only if earlier
///  timer ──► registry.expired(now) ──► each handle.expire() ──► arm(next earliest)
/// ```
///
/// The ``CallRegistry`` owns this timer and keeps the deadlines next to the handles, so a
/// call that finishes leaves nothing behind. With one timeout for every call, a new deadline
/// is never earlier than the armed one: the timer is set about once per timeout, not per call.
final class CallDeadlines: Sendable {
    /// The deadline the timer is set for (`UInt64.max` while idle), and the timer once started.
    /// The timer is only scheduled under this lock.
    private let armed = Mutex<(deadline: UInt64, timer: (any CallTimer)?)>((.max, nil))
    /// The time source of the deadlines and of the timer.
    let clock: any CallClock

    init(clock: any CallClock) { self.clock = clock }

    /// Starts the timer; expired calls of `registry` are failed on `queue`. The registry owns
    /// this object, so the handler holds it weakly.
    func start(on queue: DispatchQueue, registry: CallRegistry) {
        let timer = clock.makeTimer(on: queue) { [weak registry, weak self] in
            guard let registry, let self else { return }
            self.fire(registry)
        }
        armed.withLock { $0.timer = timer }
    }

    deinit { armed.withLock { $0.timer?.cancel() } }

    /// Makes sure the timer fires by `deadline` (the clock's nanoseconds).
    func arm(_ deadline: UInt64) {
        armed.withLock { armed in
            guard deadline < armed.deadline, let timer = armed.timer else { return }
            armed.deadline = deadline
            timer.schedule(at: deadline)
        }
    }

    /// Fails every expired call, then arms for the earliest deadline left. A call registered
    /// meanwhile either is seen by the scan or arms the timer itself (after the reset).
    private func fire(_ registry: CallRegistry) {
        armed.withLock { $0.deadline = .max }
        let (expired, next) = registry.expired(at: clock.now())
        for (handle, timeout) in expired {
            let limit = timeout.map { "\($0)" } ?? "its deadline"
            handle.expire(ProtoHTTPError(
                code: .deadlineExceeded,
                message: "the call did not finish within \(limit); raise the timeout or check the server."
            ))
        }
        if next != .max { arm(next) }
    }
}
