// TransportCall.swift: the handle of one transport call: its id, cancel(), and lifecycle-driven delivery.
import Dispatch
import Synchronization
public import ProtoHTTPCore

/// The handle of one call sent through ``HTTPTransport``: a unique id and ``cancel()``.
///
/// The call's `TransferMachine` (<doc:CallLifecycle>) lives behind a `Mutex`; its states carry
/// the delivery the call still owes. Every event (submitted, picked up, responded, failed,
/// cancelled) is one transition under the lock; callbacks are enqueued on the caller's queue,
/// never run on the transport thread and never run under the lock. Exactly one of success or
/// failure is delivered, once.
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

    private typealias Machine = TransferMachine<Delivery, TransportResponse>

    private static let nextID = Atomic<UInt64>(1)

    /// A process-wide unique, monotonically increasing id; never reused.
    public let id: UInt64
    /// The request this call sends.
    public let request: TransportRequest
    private let engine: CurlEngine
    private let machine: Mutex<Machine>

    init(request: TransportRequest, engine: CurlEngine, delivery: Delivery) {
        self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        self.request = request
        self.engine = engine
        self.machine = Mutex(Machine(delivery: delivery))
    }

    /// Whether the call has finished (delivered its result or been cancelled).
    public var isFinished: Bool { machine.withLock { $0.isFinished } }

    /// Cancels the call at any moment. If it has not finished, its failure callback gets a
    /// `canceled` error and a transfer in flight is stopped; otherwise this does nothing.
    public func cancel() {
        if case .deliver(_, _, abortTransfer: true) = apply({ $0.cancelled(.cancelled()) }) {
            engine.abortTransfer(callID: id)
        }
    }

    /// Submits the call to the engine.
    func submit() {
        guard case .enqueue = apply({ $0.submitted() }) else { return }
        if !engine.enqueue(self) {
            _ = apply { $0.engineRefused(.transportShutDown()) }
        }
    }

    // MARK: Events from the transport thread

    /// The engine is about to start the transfer; `true` means go ahead (and the hand-off
    /// callback has been enqueued), `false` means the call already ended.
    func handOff() -> Bool {
        if case .start = apply({ $0.pickedUp() }) { return true }
        return false
    }

    /// The transfer completed with a response.
    func succeed(_ response: TransportResponse) {
        _ = apply { $0.responded(response) }
    }

    /// The transfer (or its setup) failed.
    func fail(_ error: ProtoHTTPError) {
        _ = apply { $0.transferFailed(error) }
    }

    /// A progress report for the request's handler, if it has one: enqueued on the caller's
    /// queue under the lock (so on a serial queue it precedes the result, which is enqueued
    /// later), or passed on directly for direct delivery; dropped once the call has finished.
    func reportProgress(_ progress: TransferProgress) {
        guard let handler = request.progress else { return }
        let direct = machine.withLock { machine -> Bool in
            switch machine.delivery {
            case .queue(let queue, _, _)?:
                queue.async { handler.report(progress) }
                return false
            case .direct?:
                return true
            case nil:
                return false
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
    /// they cannot overtake each other). A finished machine holds no delivery, so the
    /// callbacks' captures are released with the transition that delivers.
    private func apply(_ event: (inout Machine) -> Machine.Action) -> Machine.Action {
        let (action, direct): (Machine.Action, (@Sendable () -> Void)?) = machine.withLock { machine in
            let action = event(&machine)
            switch action {
            case .start(.queue(let queue, let handedOff?, _)):
                queue.async(execute: handedOff)
                return (action, nil)
            case .start(.direct(let handedOff?, _)):
                return (action, handedOff)
            case .deliver(let result, to: .queue(let queue, _, let completion), _):
                queue.async { completion(result) }
                if let finishProgress = request.progress?.finish { queue.async(execute: finishProgress) }  // ends a progress stream, after the result
                return (action, nil)
            case .deliver(let result, to: .direct(_, let completion), _):
                let finishProgress = request.progress?.finish
                return (action, {
                    completion(result)
                    finishProgress?()
                })
            case .start, .none, .enqueue, .skipTransfer:
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
