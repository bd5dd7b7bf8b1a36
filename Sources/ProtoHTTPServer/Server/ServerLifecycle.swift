// ServerLifecycle.swift: the server's states from ready to stopped, each carrying what it holds, and the tasks waiting on them.
import NIOExtras
import ProtoHTTPCore

/// Where a ``ProtoHTTPServer`` is in its life, as a state machine whose states carry their
/// payloads: the event loops exist only while running, and each state keeps the tasks waiting
/// for the next one. Every method runs under the server's lock and returns what the caller
/// must do outside it (resume waiters, stop the loops), so no continuation is resumed locked.
///
/// ```
///  ready ──start()──► starting ──bound──► running ──shutdown()──► stopping ──drained──► stopped
///    ▲                    │ failed            │ (run()'s stop request resumed)   │ (later shutdown() calls wait here)
///    └────────────────────┘ (port waiters fail)
/// ```
struct ServerLifecycle {
    /// A task waiting for ``ProtoHTTPServer/listeningPort``.
    typealias PortWaiter = ContinuationBridge<Result<Int, ProtoHTTPError>>

    /// What a running server holds.
    struct Running {
        var loops: ServerLoops
        var quiescing: ServerQuiescingHelper
        var turns: LoopTurns
        var port: Int
        /// ``ProtoHTTPServer/run()``'s wait, ended when shutdown begins.
        var stopRequests: [ContinuationBridge<Void>] = []
    }

    private enum State {
        case ready(portWaiters: [PortWaiter])
        case starting(portWaiters: [PortWaiter])
        case running(Running)
        case stopping(stopWaiters: [ContinuationBridge<Void>])
        case stopped
    }

    private var state = State.ready(portWaiters: [])

    /// Moves to starting; `false` when the server was started before (or is starting).
    mutating func beginStart() -> Bool {
        guard case .ready(let waiters) = state else { return false }
        state = .starting(portWaiters: waiters)
        return true
    }

    /// Back to ready after a failed start; returns the port waiters, to fail with its error.
    mutating func startFailed() -> [PortWaiter] {
        guard case .starting(let waiters) = state else { return [] }
        state = .ready(portWaiters: [])
        return waiters
    }

    /// Running; returns the port waiters, to resume with the port.
    mutating func started(_ running: Running) -> [PortWaiter] {
        guard case .starting(let waiters) = state else { return [] }
        state = .running(running)
        return waiters
    }

    /// The answer for a task asking for the port now, or `nil` after keeping `waiter` until the
    /// server has bound (or failed to).
    mutating func port(orKeep waiter: PortWaiter) -> Result<Int, ProtoHTTPError>? {
        switch state {
        case .ready(var waiters):
            waiters.append(waiter)
            state = .ready(portWaiters: waiters)
            return nil
        case .starting(var waiters):
            waiters.append(waiter)
            state = .starting(portWaiters: waiters)
            return nil
        case .running(let running):
            return .success(running.port)
        case .stopping, .stopped:
            return .failure(ProtoHTTPError(code: .failedPrecondition, message: "the server has shut down and listens no more; make a new ProtoHTTPServer to serve again."))
        }
    }

    /// Keeps `request`, resumed when shutdown begins; `false` when the server is not running
    /// (it is already stopping or stopped).
    mutating func keepStopRequest(_ request: ContinuationBridge<Void>) -> Bool {
        guard case .running(var running) = state else { return false }
        running.stopRequests.append(request)
        state = .running(running)
        return true
    }

    /// What ``ProtoHTTPServer/shutdown()`` does.
    enum Shutdown {
        /// Stop what `Running` holds, then call ``finishShutdown()``.
        case stop(Running)
        /// Another call is stopping the server: wait for it.
        case wait(ContinuationBridge<Void>)
        /// Not running (never started, or stopped already): nothing to do.
        case none
    }

    mutating func beginShutdown() -> Shutdown {
        switch state {
        case .running(let running):
            state = .stopping(stopWaiters: [])
            return .stop(running)
        case .stopping(var waiters):
            let waiter = ContinuationBridge<Void>()
            waiters.append(waiter)
            state = .stopping(stopWaiters: waiters)
            return .wait(waiter)
        case .ready, .starting, .stopped:
            return .none
        }
    }

    /// Stopped; returns the shutdown calls that waited, to resume.
    mutating func finishShutdown() -> [ContinuationBridge<Void>] {
        guard case .stopping(let waiters) = state else { return [] }
        state = .stopped
        return waiters
    }
}
