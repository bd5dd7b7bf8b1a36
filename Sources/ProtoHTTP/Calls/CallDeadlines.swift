// CallDeadlines.swift: one Dispatch timer that enforces the deadlines of all of a manager's live calls.
import Dispatch
import Synchronization

/// Fails live calls whose deadline has passed, with one timer per manager instead of one
/// Dispatch timer per call (creating and arming a timer source per call cost more than the
/// rest of the manager's work on a small call).
///
/// ```
///  post ──► registry.add(handle, deadline) ──► arm(deadline)    re-arms only if earlier
///  timer ──► registry.expired(now) ──► finish each with deadline_exceeded ──► arm(next earliest)
/// ```
///
/// The deadlines live in the ``CallRegistry`` next to the handles, so a call that finishes
/// leaves nothing behind. With one timeout for every call, a new deadline is never earlier
/// than the armed one: the timer is set about once per timeout, not once per call.
final class CallDeadlines: Sendable {
    private let registry: CallRegistry
    private let timer: Timer
    /// The deadline the timer is set for; `UInt64.max` while it is idle.
    private let armed = Mutex<UInt64>(.max)

    /// A Dispatch timer source. `@unchecked Sendable` is safe: Dispatch sources are
    /// thread-safe, and `schedule` is only called under the `armed` lock.
    private struct Timer: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    /// Creates the timer; expired calls are failed on `queue`.
    init(registry: CallRegistry, queue: DispatchQueue) {
        self.registry = registry
        self.timer = Timer(source: DispatchSource.makeTimerSource(queue: queue))
        timer.source.setEventHandler { [weak self] in self?.fire() }
        timer.source.activate()
    }

    deinit { timer.source.cancel() }

    /// Makes sure the timer fires by `deadline` (`DispatchTime.uptimeNanoseconds`).
    func arm(_ deadline: UInt64) {
        armed.withLock { armed in
            guard deadline < armed else { return }
            armed = deadline
            timer.source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
        }
    }

    /// Fails every expired call, then arms for the earliest deadline left. A call registered
    /// meanwhile either is seen by the scan or arms the timer itself (after the reset).
    private func fire() {
        armed.withLock { $0 = .max }
        let (expired, next) = registry.expired(at: DispatchTime.now().uptimeNanoseconds)
        for (handle, timeout) in expired {
            let limit = timeout.map { "\($0)" } ?? "its deadline"
            handle.finish(.failure(ProtoHTTPError(
                code: .deadlineExceeded,
                message: "the call did not finish within \(limit); raise the timeout or check the server."
            )))
        }
        if next != .max { arm(next) }
    }
}
