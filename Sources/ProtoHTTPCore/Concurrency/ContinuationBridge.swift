// ContinuationBridge.swift: hands one value to an awaiting task, whichever of the value and the waiter comes first.
import Synchronization

/// The one bridge from callback code to `async` code in ProtoHTTP: a value may arrive before
/// or after the task starts waiting, from any thread, and only the first value counts.
///
/// ```swift
/// let bridge = ContinuationBridge<Result<Reply, ProtoHTTPError>>()
/// start(call) { bridge.resume($0) }            // may run at once, on any thread
/// let result = await withTaskCancellationHandler { await bridge.wait() } onCancel: { call.cancel() }
/// ```
///
/// `wait()` must be called at most once. Values after the first are dropped and `resume`
/// returns `false`, so racing producers (a result and a deadline, say) need no flag of their own.
package final class ContinuationBridge<Value: Sendable>: Sendable {
    private enum State: Sendable {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case ready(Value)
        case done
    }

    private let state = Mutex(State.empty)

    /// Creates an empty bridge.
    package init() {}

    /// Suspends until the first value arrives, or returns it at once if it already has.
    package func wait() async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let ready: Value? = state.withLock { state in
                switch state {
                case .ready(let value):
                    state = .done
                    return value
                case .empty:
                    state = .waiting(continuation)
                    return nil
                case .waiting, .done:
                    preconditionFailure("ContinuationBridge.wait() called twice")
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Delivers `value` if it is the first; returns whether it was.
    @discardableResult
    package func resume(_ value: Value) -> Bool {
        let (first, waiting): (Bool, CheckedContinuation<Value, Never>?) = state.withLock { state in
            switch state {
            case .waiting(let continuation):
                state = .done
                return (true, continuation)
            case .empty:
                state = .ready(value)
                return (true, nil)
            case .ready, .done:
                return (false, nil)
            }
        }
        waiting?.resume(returning: value)
        return first
    }
}
