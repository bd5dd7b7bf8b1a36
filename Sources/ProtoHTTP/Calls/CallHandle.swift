// CallHandle.swift: the handle of one manager call: unique id, cancel(), and delivery driven by the call's lifecycle machine.
import Dispatch
import Synchronization

/// The handle of one call made through ``ProtoHTTPManager``.
///
/// Its ``id`` is unique in the process, increases with every call and is never reused.
/// ``cancel()`` works at any moment: if the call has not finished, its failure callback gets a
/// `canceled` error (once) and the transfer in flight is stopped.
///
/// Inside, the call runs the same pure `CallLifecycle` machine (<doc:CallLifecycle>) as a
/// ``TransportCall``: the manager's stages, the transport's hand-off, the deadline timer and
/// `cancel()` each apply one event under the lock, and whichever terminal event comes first is
/// the one delivered.
public final class CallHandle: Sendable, Hashable, CustomStringConvertible {
    /// Where a call's callbacks go.
    package struct Sink: Sendable {
        /// Enqueue callbacks here; `nil` runs them directly (the async form resumes a
        /// continuation, which needs no queue).
        let queue: DispatchQueue?
        /// Runs once, when the first transfer starts.
        let completion: (@Sendable () -> Void)?
        /// Runs once, for a failure.
        let failure: @Sendable (ProtoHTTPError) -> Void
        /// Runs once, after success or failure (XMNetworking's `onFinished`).
        var finished: (@Sendable () -> Void)? = nil
        /// Receives the call's progress reports; its `finish` runs after the outcome.
        var progress: ProgressHandler? = nil

        package init(queue: DispatchQueue?, completion: (@Sendable () -> Void)?, failure: @escaping @Sendable (ProtoHTTPError) -> Void,
                     finished: (@Sendable () -> Void)? = nil, progress: ProgressHandler? = nil) {
            self.queue = queue
            self.completion = completion
            self.failure = failure
            self.finished = finished
            self.progress = progress
        }
    }

    /// A successful call's delivery: the typed output bound to the success callback.
    package typealias Delivery = @Sendable () -> Void

    private struct State: Sendable {
        var lifecycle = CallLifecycle<Delivery>()
        /// The transfer in flight, stopped when the call fails first.
        var transportCall: TransportCall?
        /// Dropped when the call finishes, so captured objects are released.
        var sink: Sink?
        /// The furthest progress reported, so reports never go back across transfers.
        var progressMark = ProgressHighWater()
    }

    private static let nextID = Atomic<UInt64>(1)

    /// The call's id: process-wide unique, monotonic, never reused.
    public let id: UInt64
    /// The call's category, if any.
    public let category: String?
    /// The call's tag, if any.
    public let tag: Int?
    /// The path or URL the call was made with.
    public let path: String
    /// What interceptors, accessories and processors learn about the call.
    let info: CallInfo
    /// Told before and after the outcome is delivered.
    private let accessories: [any CallAccessory]
    /// Where the call is registered until it finishes.
    private let registry: CallRegistry
    /// Whether the call has a `completion` to fire at the hand-off. Without one, the send stage
    /// asks the transport for no hand-off event: one lock less per call on the engine thread.
    let reportsHandOff: Bool
    /// Whether the call has a progress handler; without one the send stage asks the transport
    /// for no progress, and libcurl's transfer-info callback is not installed.
    let reportsProgress: Bool
    /// The queue the outcome is delivered on (`nil`: delivered directly, the async form).
    let deliveryQueue: DispatchQueue?
    private let state: Mutex<State>

    /// A new call id: process-wide unique, monotonic.
    package static func makeID() -> UInt64 { nextID.wrappingAdd(1, ordering: .relaxed).oldValue }

    package init(info: CallInfo, registry: CallRegistry, sink: Sink, accessories: [any CallAccessory] = []) {
        self.id = info.id
        self.path = info.path
        self.category = info.category
        self.tag = info.tag
        self.info = info
        self.accessories = accessories
        self.registry = registry
        self.reportsHandOff = sink.completion != nil
        self.reportsProgress = sink.progress != nil
        self.deliveryQueue = sink.queue
        self.state = Mutex(State(sink: sink))
    }

    /// Whether the call has finished (delivered success or failure).
    public var isFinished: Bool { state.withLock { $0.lifecycle.isFinished } }

    /// Cancels the call; does nothing once it has finished.
    public func cancel() {
        apply { $0.cancel(.cancelled()) }
    }

    // MARK: Events from the manager's stages, the transport and the deadline timer

    /// The call starts; `false` means it already ended (cancelled first) and must not run.
    package func begin() -> Bool {
        if case .enqueue = apply({ $0.submit() }) { return true }
        return false
    }

    /// Records the transfer in flight; cancels it at once if the call already finished.
    func attach(_ call: TransportCall) {
        let finished = state.withLock { state in
            if !state.lifecycle.isFinished { state.transportCall = call }
            return state.lifecycle.isFinished
        }
        if finished { call.cancel() }
    }

    /// A transfer started (the first one fires `completion`; a retry's do not).
    package func handedOff() {
        apply { $0.handedToTransport() }
    }

    /// The settle stage decoded the response.
    package func succeed(_ delivery: @escaping Delivery) {
        apply { $0.receivedResponse(delivery) }
    }

    /// A result delivered before the outcome, which does not end the call (a stage's interim
    /// answer, e.g. a cached output under ProtoHTTPOffline's `CachePolicy.cacheThenNetwork`). Enqueued on the callback queue under the lock,
    /// so on a serial queue it runs before the outcome; dropped once the call has finished,
    /// and for the async form (no queue), which returns the outcome only.
    func deliverInterim(_ delivery: @escaping Delivery) {
        state.withLock { state in
            guard !state.lifecycle.isFinished, let queue = state.sink?.queue else { return }
            queue.async(execute: delivery)
        }
    }

    /// A stage failed the call.
    package func fail(_ error: ProtoHTTPError) {
        apply { $0.transportFailed(error) }
    }

    /// The call's deadline passed.
    func expire(_ error: ProtoHTTPError) {
        apply { $0.timedOut(error) }
    }

    /// A progress report from a transfer of this call. Enqueued on the callback queue under
    /// the lock, like the outcome, so on a serial queue no report runs after the outcome;
    /// dropped once the call has finished, or when it would go back (a retry starting over).
    func reportProgress(_ progress: TransferProgress) {
        let direct: Delivery? = state.withLock { state in
            guard !state.lifecycle.isFinished, let handler = state.sink?.progress,
                  state.progressMark.admit(progress) else { return nil }
            let deliver: Delivery = { handler.report(progress) }
            guard let queue = state.sink?.queue else { return deliver }
            queue.async(execute: deliver)
            return nil
        }
        direct?()
    }

    // MARK: Transition + delivery

    /// Applies one event under the lock and performs its action. `completion` is enqueued
    /// under the lock; the outcome is enqueued after it (the lifecycle has finished by then,
    /// so nothing can be enqueued between), and only once the transfer it ends has been told
    /// to stop: a caller that reacts to a `canceled` failure by starting the same download
    /// again finds the old transfer's abort ahead of its own submission in the engine's inbox,
    /// so the old file is closed (and unlocked) first. `DispatchQueue.async` runs no user code,
    /// so none runs under the lock.
    @discardableResult
    private func apply(_ event: (inout CallLifecycle<Delivery>) -> CallLifecycle<Delivery>.Action) -> CallLifecycle<Delivery>.Action {
        let (action, direct, stop, queued): (CallLifecycle<Delivery>.Action, Delivery?, TransportCall?, (DispatchQueue, Delivery)?) = state.withLock { state in
            let action = event(&state.lifecycle)
            let delivery: Delivery
            var stop: TransportCall?
            switch action {
            case .startTransfer:
                guard let sink = state.sink, let completion = sink.completion else { return (action, nil, nil, nil) }
                guard let queue = sink.queue else { return (action, completion, nil, nil) }
                queue.async(execute: completion)
                return (action, nil, nil, nil)
            case .fireSuccess(let deliver):
                delivery = observed(deliver, error: nil, finished: state.sink?.finished)
            case .fireFailure(let error, _):
                let failure = state.sink?.failure
                delivery = observed({ failure?(error) }, error: error, finished: state.sink?.finished)
                // Stop a transfer still queued or running, whatever stage the call is in.
                stop = state.transportCall
            case .none, .enqueue, .discardTransfer:
                return (action, nil, nil, nil)
            }
            let queue = state.sink?.queue
            let finishProgress = state.sink?.progress?.finish  // ends a progress stream, after the outcome
            state.sink = nil
            state.transportCall = nil
            // Unregistered before the outcome is delivered, so whoever sees the outcome sees the
            // call gone. (Lock order handle → registry; the registry never calls a handle under its lock.)
            registry.remove(self)
            var outcome = delivery
            if let finishProgress {
                outcome = {
                    delivery()
                    finishProgress()
                }
            }
            guard let queue else { return (action, outcome, stop, nil) }
            return (action, nil, stop, (queue, outcome))
        }
        stop?.cancel()
        if let (queue, outcome) = queued { queue.async(execute: outcome) }
        direct?()
        return action
    }

    /// `deliver`, then the `finished` callback, between the accessories' `willStop` and `didStop`.
    private func observed(_ deliver: @escaping Delivery, error: ProtoHTTPError?, finished: (@Sendable () -> Void)?) -> Delivery {
        guard !accessories.isEmpty || finished != nil else { return deliver }
        let accessories = self.accessories
        let info = self.info
        return {
            for accessory in accessories { accessory.willStop(info, error: error) }
            deliver()
            finished?()
            for accessory in accessories { accessory.didStop(info, error: error) }
        }
    }

    /// Tells the accessories the call started.
    func reportStart() {
        for accessory in accessories { accessory.willStart(info) }
    }

    /// Handles are equal when they are the same call.
    public static func == (lhs: CallHandle, rhs: CallHandle) -> Bool { lhs === rhs }
    /// Hashes the call's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// `CallHandle #<id> <path>`.
    public var description: String { "CallHandle #\(id) \(path)" }
}
