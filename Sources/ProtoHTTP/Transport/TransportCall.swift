// TransportCall.swift: the handle of one transport call: its id, cancel(), and lifecycle-driven delivery.
import Dispatch
import Synchronization

/// The handle of one call sent through ``HTTPTransport``: a unique id and ``cancel()``.
///
/// The call's `CallLifecycle` (<doc:CallLifecycle>) lives behind a `Mutex`. Every event
/// (submit, hand-off, response, failure, cancel) is one transition under the lock; callbacks
/// are enqueued on the caller's queue, never run on the transport thread and never run under
/// the lock. Exactly one of success or failure is delivered, once.
public final class TransportCall: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The result a call delivers.
    public typealias Result = Swift.Result<TransportResponse, ProtoHTTPError>

    /// How results reach the caller.
    enum Delivery: Sendable {
        /// Enqueue callbacks on this queue (`handedOff` first, then the result).
        case queue(DispatchQueue, handedOff: (@Sendable () -> Void)?, completion: @Sendable (Result) -> Void)
        /// Call these functions directly, on the engine thread: both must be cheap and
        /// non-blocking (resuming a continuation, or one enqueue), and so must the request's
        /// progress handler, which is called directly too. The manager uses this form,
        /// so that a result costs no queue hop on the way to the hop it needs.
        case direct(handedOff: (@Sendable () -> Void)?, completion: @Sendable (Result) -> Void)
    }

    private struct Guarded: Sendable {
        var lifecycle = CallLifecycle<TransportResponse>()
        /// Dropped as soon as the call finishes, so captured objects are released.
        var delivery: Delivery?
    }

    private static let nextID = Atomic<UInt64>(1)

    /// A process-wide unique, monotonically increasing id; never reused.
    public let id: UInt64
    /// The request this call sends.
    public let request: TransportRequest
    private let engine: CurlEngine
    private let guarded: Mutex<Guarded>

    init(request: TransportRequest, engine: CurlEngine, delivery: Delivery) {
        self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        self.request = request
        self.engine = engine
        self.guarded = Mutex(Guarded(delivery: delivery))
    }

    /// Whether the call has finished (delivered its result or been cancelled).
    public var isFinished: Bool { guarded.withLock { $0.lifecycle.isFinished } }

    /// Cancels the call at any moment. If it has not finished, its failure callback gets a
    /// `canceled` error and a transfer in flight is stopped; otherwise this does nothing.
    public func cancel() {
        if case .fireFailure(_, abortTransfer: true) = apply({ $0.cancel(.cancelled()) }) {
            engine.abortTransfer(callID: id)
        }
    }

    /// Submits the call to the engine.
    func submit() {
        guard case .enqueue = apply({ $0.submit() }) else { return }
        if !engine.enqueue(self) {
            _ = apply { $0.transportFailed(.transportShutDown()) }
        }
    }

    // MARK: Events from the transport thread

    /// The engine is about to start the transfer; `true` means go ahead (and the hand-off
    /// callback has been enqueued), `false` means the call already ended.
    func handOff() -> Bool {
        if case .startTransfer = apply({ $0.handedToTransport() }) { return true }
        return false
    }

    /// The transfer completed with a response.
    func succeed(_ response: TransportResponse) {
        _ = apply { $0.receivedResponse(response) }
    }

    /// The transfer (or its setup) failed.
    func fail(_ error: ProtoHTTPError) {
        _ = apply { $0.transportFailed(error) }
    }

    /// A progress report for the request's handler, if it has one: enqueued on the caller's
    /// queue under the lock (so on a serial queue it precedes the result, which is enqueued
    /// later), or passed on directly for direct delivery; dropped once the call has finished.
    func reportProgress(_ progress: TransferProgress) {
        guard let handler = request.progress else { return }
        let direct = guarded.withLock { g -> Bool in
            guard !g.lifecycle.isFinished, let delivery = g.delivery else { return false }
            switch delivery {
            case .queue(let queue, _, _):
                queue.async { handler.report(progress) }
                return false
            case .direct:
                return true
            }
        }
        if direct { handler.report(progress) }
    }

    // MARK: Transition + delivery

    /// Applies one event under the lock and performs the delivery part of its action.
    ///
    /// Queue deliveries are enqueued while the lock is held so that, on a serial queue, the
    /// hand-off callback always precedes the result; `DispatchQueue.async` only enqueues and
    /// never runs user code, so no callback runs under the lock. Direct deliveries run after
    /// the lock is released (the hand-off and the result are events of the engine thread, so
    /// they cannot overtake each other).
    private func apply(_ event: (inout CallLifecycle<TransportResponse>) -> CallLifecycle<TransportResponse>.Action)
        -> CallLifecycle<TransportResponse>.Action
    {
        let (action, direct): (CallLifecycle<TransportResponse>.Action, (@Sendable () -> Void)?) = guarded.withLock { g in
            let action = event(&g.lifecycle)
            let result: Result
            switch action {
            case .startTransfer:
                switch g.delivery {
                case .queue(let queue, let handedOff?, _): queue.async(execute: handedOff)
                case .direct(let handedOff?, _): return (action, handedOff)
                default: break
                }
                return (action, nil)
            case .fireSuccess(let response):
                result = .success(response)
            case .fireFailure(let error, _):
                result = .failure(error)
            case .none, .enqueue, .discardTransfer:
                return (action, nil)
            }
            let delivery = g.delivery
            g.delivery = nil
            let finishProgress = request.progress?.finish  // ends a progress stream, after the result
            switch delivery {
            case .queue(let queue, _, let completion):
                queue.async { completion(result) }
                if let finishProgress { queue.async(execute: finishProgress) }
                return (action, nil)
            case .direct(_, let completion):
                return (action, {
                    completion(result)
                    finishProgress?()
                })
            case nil:
                return (action, nil)
            }
        }
        direct?()
        return action
    }

    /// Calls are equal when they are the same call.
    public static func == (lhs: TransportCall, rhs: TransportCall) -> Bool { lhs === rhs }

    /// Hashes the call's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `TransportCall #<id> <method> <url>`.
    public var description: String { "TransportCall #\(id) \(request.method) \(request.url)" }
}
