// DeadlineTimers.swift: where a handler's deadline timer runs: its connection's event loop, or Dispatch.
import Dispatch
import NIOCore
import ProtoHTTPCore

/// The timer source ``DeadlineRace`` arms for a call with a deadline (`grpc-timeout`,
/// `Connect-Timeout-Ms`).
///
/// ```
/// source       arming and disarming a timer           used for
/// ──────────   ────────────────────────────────────   ───────────────────────────────────────
/// .eventLoop   a scheduled task on the connection's   requests from a connection (the timer
///              loop: no other thread is woken         fires on the thread that answers)
/// .dispatch    a Dispatch timer source: each arming   in-process calls, and a loop that no
///              and cancelling wakes Dispatch's        longer takes work
///              timer thread
/// ```
///
/// The loop is also the clock a test can drive: an `EmbeddedEventLoop` or
/// `NIOAsyncTestingEventLoop` fires the deadline when the test advances its time.
/// Shutdown stops the loops only once every request has answered, so a call's timer on its
/// loop has fired or been cancelled by then.
///
/// A class, made once per connection: each request carries one reference to it.
final class DeadlineTimers: Sendable {
    /// The loop and whether it still takes work; `nil`: Dispatch.
    private let loop: (loop: any EventLoop, open: EventLoopsOpen)?

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
        if let (loop, open) = loop {
            var scheduled: Scheduled<Void>?
            let armed = open.ifOpen {
                scheduled = loop.scheduleTask(in: .nanoseconds(delay.wholeNanoseconds)) { fire() }
            }
            if armed, let scheduled { return .loop(scheduled) }
        }
        let timer = DispatchSource.makeTimerSource()
        timer.setEventHandler(handler: fire)
        timer.schedule(deadline: .now() + delay.dispatchInterval)
        timer.activate()
        return .dispatch(timer)
    }
}

/// One armed deadline timer; ``cancel()`` disarms it (a timer that already fired stays fired).
enum DeadlineTimer {
    case loop(Scheduled<Void>)
    case dispatch(any DispatchSourceTimer)

    func cancel() {
        switch self {
        case .loop(let scheduled): scheduled.cancel()
        case .dispatch(let timer): timer.cancel()
        }
    }
}
