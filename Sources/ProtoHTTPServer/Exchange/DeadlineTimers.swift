// DeadlineTimers.swift: where a handler's deadline timer runs: its connection's event loop, or Dispatch.
import Dispatch
import NIOCore
import ProtoHTTPCore
import Synchronization

/// The timer source ``DeadlineRace`` arms for a call with a deadline (`grpc-timeout`,
/// `Connect-Timeout-Ms`).
///
/// ```
/// source       arming and disarming a timer             used for
/// ──────────   ──────────────────────────────────────   ─────────────────────────────────────
/// .eventLoop   an entry in the connection's deadline    requests from a connection (the
///              queue, behind one scheduled task on its  timer fires on the thread that
///              loop for the earliest: no other thread   answers)
///              is woken, no task per call
/// .dispatch    a Dispatch timer source: each arming     in-process calls, and a loop that
///              and cancelling wakes Dispatch's timer    no longer takes work
///              thread
/// ```
///
/// On a loop, a call's timer is an entry in a ``DeadlineQueue``; the loop holds a scheduled task
/// for the earliest entry only, re-armed when an earlier one arrives or when it fires. A call
/// answered in time takes its entry out (a few hundred instructions, callgrind), where a
/// scheduled task of its own cost some 8,000 to arm and cancel (its task, promise and future).
/// A timer armed for an entry that left meanwhile fires once, finds nothing due, and arms for
/// the next.
///
/// The loop is also the clock a test can drive: an `EmbeddedEventLoop` or
/// `NIOAsyncTestingEventLoop` fires the deadline when the test advances its time.
/// Shutdown stops the loops only once every request has answered, so a call's timer on its
/// loop has fired or been cancelled by then.
///
/// A class, made once per connection (an HTTP/2 connection's streams share it): each request
/// carries one reference to it.
final class DeadlineTimers: Sendable {
    /// The queue of one loop's timers, and when the scheduled task that serves it fires.
    private struct LoopQueue {
        var entries = DeadlineQueue()
        /// The due time of the earliest scheduled task still to fire; `nil`: none.
        var armedAt: NIODeadline?
    }

    /// The loop and whether it still takes work; `nil`: Dispatch.
    private let loop: (loop: any EventLoop, open: EventLoopsOpen)?
    private let queue = Mutex(LoopQueue())

    private init(loop: (loop: any EventLoop, open: EventLoopsOpen)?) {
        self.loop = loop
    }

    /// Dispatch's timer thread.
    static let dispatch = DeadlineTimers(loop: nil)

    /// `loop`, while `open` says it takes work; Dispatch after that.
    static func eventLoop(_ loop: any EventLoop, open: EventLoopsOpen) -> DeadlineTimers {
        DeadlineTimers(loop: (loop, open))
    }

    /// Arms a timer that calls `fire` once `deadline` has passed, unless cancelled first.
    func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> DeadlineTimer {
        let delay = deadline - .now
        if let loop, let timer = scheduleOnLoop(due: loop.loop.now + .nanoseconds(delay.wholeNanoseconds), fire) {
            return timer
        }
        let timer = DispatchSource.makeTimerSource()
        timer.setEventHandler(handler: fire)
        timer.schedule(deadline: .now() + delay.dispatchInterval)
        timer.activate()
        return .dispatch(timer)
    }

    /// Arms a timer on the loop's own clock that calls `fire` on the loop once `due` has
    /// passed (a ``StallGuardHandler``'s stall deadline); `nil` when these timers are
    /// Dispatch's, or the loop takes no more work.
    func scheduleOnLoop(due: NIODeadline, _ fire: @escaping @Sendable () -> Void) -> DeadlineTimer? {
        guard let (loop, open) = loop else { return nil }
        let entry = DeadlineQueue.Entry(due: due, fire: fire)
        let queued = queue.withLock { queue in
            if let armedAt = queue.armedAt, armedAt <= due {
                queue.entries.insert(entry)
                return true
            }
            // The earliest entry now: a task for it, unless the loop takes no more work.
            guard arm(at: due, loop: loop, open: open) else { return false }
            queue.armedAt = due
            queue.entries.insert(entry)
            return true
        }
        return queued ? .queued(entry, self) : nil
    }

    /// Takes an entry out (a cancelled timer); one that fired already is left alone.
    fileprivate func remove(_ entry: DeadlineQueue.Entry) {
        queue.withLock { $0.entries.remove(entry) }
    }

    /// Schedules the task that serves the queue at `due`; `false` once the loop takes no work.
    private func arm(at due: NIODeadline, loop: any EventLoop, open: EventLoopsOpen) -> Bool {
        open.ifOpen {
            loop.scheduleTask(deadline: due) { self.fireDue(armedFor: due) }
        }
    }

    /// A scheduled task fired: runs every entry that is due, then arms for the next one.
    private func fireDue(armedFor due: NIODeadline) {
        guard let (loop, open) = loop else { return }
        let fired = queue.withLock { queue -> [DeadlineQueue.Entry] in
            if queue.armedAt == due { queue.armedAt = nil }
            let fired = queue.entries.popDue(now: loop.now)
            if let next = queue.entries.earliest, queue.armedAt.map({ next < $0 }) ?? true {
                // A loop that takes no more work has no request left to time (see above).
                if arm(at: next, loop: loop, open: open) { queue.armedAt = next }
            }
            return fired
        }
        for entry in fired { entry.fire() }
    }

    /// The entries waiting on the loop (tests).
    var queuedCount: Int { queue.withLock { $0.entries.count } }
}

/// One armed deadline timer; ``cancel()`` disarms it (a timer that already fired stays fired).
enum DeadlineTimer {
    case queued(DeadlineQueue.Entry, DeadlineTimers)
    case dispatch(any DispatchSourceTimer)
    /// A scheduled task of its own (a stall timer on a loop without a shared queue).
    case task(Scheduled<Void>)

    func cancel() {
        switch self {
        case .queued(let entry, let timers): timers.remove(entry)
        case .dispatch(let timer): timer.cancel()
        case .task(let scheduled): scheduled.cancel()
        }
    }
}
