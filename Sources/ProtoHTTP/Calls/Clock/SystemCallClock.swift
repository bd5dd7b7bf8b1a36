// SystemCallClock.swift: the manager's default clock: DispatchTime and Dispatch timers.
package import Dispatch

/// The real time: `DispatchTime.uptimeNanoseconds`, Dispatch timer sources and `asyncAfter`.
package struct SystemCallClock: CallClock {
    package init() {}

    package func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    package func makeTimer(on queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> any CallTimer {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler(handler: handler)
        source.activate()
        return DispatchCallTimer(source: source)
    }

    package func run(after delay: Duration, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + delay.dispatchInterval, execute: work)
    }
}

/// A Dispatch timer source. `@unchecked Sendable` is safe: Dispatch sources are thread-safe.
private struct DispatchCallTimer: CallTimer, @unchecked Sendable {
    let source: any DispatchSourceTimer

    func schedule(at deadline: UInt64) {
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
    }

    func cancel() { source.cancel() }
}
