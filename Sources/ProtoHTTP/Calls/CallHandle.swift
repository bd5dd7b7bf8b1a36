// CallHandle.swift: the handle of one manager call: unique id, cancel(), and delivery driven by the call's lifecycle machine.
package import Dispatch
import Synchronization
package import ProtoHTTPCore
package import ProtoHTTPObservability

/// The handle of one call made through ``ProtoHTTPManager``.
///
/// Its ``id`` is unique in the process, increases with every call and is never reused.
/// ``cancel()`` works at any moment: if the call has not finished, its failure callback gets a
/// `canceled` error (once) and the transfer in flight is stopped.
///
/// Inside, the call runs the pure `CallMachine` (<doc:CallLifecycle>), whose states carry the
/// callbacks and the transfer they hold: the call's pipeline, the transport's hand-off, the
/// deadline timer and `cancel()` each apply one event under the lock, and whichever terminal
/// event comes first is the one delivered.
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
        /// Runs once, after success or failure (the package's own hook: the public `finished`
        /// callback is folded into `success` and `failure`, which know the typed result).
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

    private typealias Machine = CallMachine<Sink, Delivery, any ClientTransportCall>

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
    /// Run on a failure's error before it is delivered.
    private let failureFilters: [any FailureFilter]
    /// The call's metrics and span (``ManagerConfiguration/observability``), ended as its outcome is delivered.
    package let observation: RPCCallObservation?
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
    private let machine: Mutex<Machine>

    /// A new call id: process-wide unique, monotonic.
    package static func makeID() -> UInt64 { nextID.wrappingAdd(1, ordering: .relaxed).oldValue }

    package init(info: CallInfo, registry: CallRegistry, sink: Sink, accessories: [any CallAccessory] = [],
                 failureFilters: [any FailureFilter] = [], observation: RPCCallObservation? = nil) {
        self.id = info.id
        self.path = info.path
        self.category = info.category
        self.tag = info.tag
        self.info = info
        self.accessories = accessories
        self.failureFilters = failureFilters
        self.observation = observation
        self.registry = registry
        self.reportsHandOff = sink.completion != nil
        self.reportsProgress = sink.progress != nil
        self.deliveryQueue = sink.queue
        self.machine = Mutex(Machine(sink: sink))
    }

    /// Whether the call has finished (delivered success or failure).
    public var isFinished: Bool { machine.withLock { $0.isFinished } }

    /// Cancels the call; does nothing once it has finished.
    public func cancel() {
        apply { $0.cancelled(.cancelled()) }
    }

    /// Cancels the call and, if this cancel is what ends it, runs `onCancel` once the call's
    /// failure callback (with its `canceled` error), `finished` and the accessories have run,
    /// on the same queue
    /// (XMNetworking's `cancelRequest:onCancel:`). A call that already finished, or that a
    /// deadline or another cancel ended first, is left alone and `onCancel` does not run.
    ///
    /// - Returns: whether this cancel ended the call (and so `onCancel` will run).
    @discardableResult
    public func cancel(onCancel: @escaping @Sendable () -> Void) -> Bool {
        apply({ $0.cancelled(.cancelled()) }, then: onCancel)
    }

    // MARK: Events from the manager's stages, the transport and the deadline timer

    /// The call starts; `false` means it already ended (cancelled first) and must not run.
    package func begin() -> Bool {
        if case .proceed = machine.withLock({ $0.begin() }) { return true }
        return false
    }

    /// Records the transfer in flight; cancels it at once if the call already finished.
    func attach(_ call: any ClientTransportCall) {
        apply { $0.attach(call) }
    }

    /// A transfer started (the first one fires `completion`; a retry's do not).
    package func handedOff() {
        apply { $0.handedOff() }
    }

    /// The settle stage decoded the response (or a stage answered without the network).
    package func succeed(_ delivery: @escaping Delivery) {
        apply { $0.settled(.success(delivery)) }
    }

    /// A result delivered before the outcome, which does not end the call (a stage's interim
    /// answer, e.g. a cached output under ProtoHTTPOffline's `CachePolicy.cacheThenNetwork`). Enqueued on the callback queue under the lock,
    /// so on a serial queue it runs before the outcome; dropped once the call has finished,
    /// and for the async form (no queue), which returns the outcome only.
    func deliverInterim(_ delivery: @escaping Delivery) {
        machine.withLock { machine in
            guard let queue = machine.sink?.queue else { return }
            queue.async(execute: delivery)
        }
    }

    /// The call settled with an error: the transport's, a response's, or a stage's.
    package func fail(_ error: ProtoHTTPError) {
        apply { $0.settled(.failure(error)) }
    }

    /// Preparing the call failed (its options or input); nothing was sent.
    func failPreparing(_ error: ProtoHTTPError) {
        apply { $0.preparationFailed(error) }
    }

    /// The call's deadline passed.
    func expire(_ error: ProtoHTTPError) {
        apply { $0.deadlinePassed(error) }
    }

    /// A progress report from a transfer of this call. Enqueued on the callback queue under
    /// the lock, like the outcome, so on a serial queue no report runs after the outcome;
    /// dropped once the call has finished, or when it would go back (a retry starting over).
    func reportProgress(_ progress: TransferProgress) {
        let direct: Delivery? = machine.withLock { machine in
            guard let sink = machine.admitProgress(progress), let handler = sink.progress else { return nil }
            let deliver: Delivery = { handler.report(progress) }
            guard let queue = sink.queue else { return deliver }
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
    /// `then` runs right after the outcome, when this event is the one that delivers it; the
    /// result says whether it was.
    @discardableResult
    private func apply(_ event: (inout Machine) -> Machine.Action, then: Delivery? = nil) -> Bool {
        let (direct, stop, queued, delivered): (Delivery?, (any ClientTransportCall)?, (DispatchQueue, Delivery)?, Bool) = machine.withLock { machine in
            switch event(&machine) {
            case .notifyCompletion(let sink):
                guard let completion = sink.completion else { return (nil, nil, nil, false) }
                guard let queue = sink.queue else { return (completion, nil, nil, false) }
                queue.async(execute: completion)
                return (nil, nil, nil, false)
            case .stopTransfer(let transfer):
                return (nil, transfer, nil, false)
            case .deliver(let result, let sink, let stopping):
                let delivery: Delivery
                switch result {
                case .success(let deliver):
                    delivery = observed(deliver, error: nil, finished: sink.finished)
                case .failure(let error):
                    delivery = filteredFailure(error, to: sink)
                }
                // Unregistered before the outcome is delivered, so whoever sees the outcome sees the
                // call gone. (Lock order handle → registry; the registry never calls a handle under its lock.)
                registry.remove(self)
                var outcome = delivery
                if let finishProgress = sink.progress?.finish {  // ends a progress stream, after the outcome
                    outcome = { [outcome] in
                        outcome()
                        finishProgress()
                    }
                }
                if let then {
                    outcome = { [outcome] in
                        outcome()
                        then()
                    }
                }
                guard let queue = sink.queue else { return (outcome, stopping, nil, true) }
                return (nil, stopping, (queue, outcome), true)
            case .none, .proceed:
                return (nil, nil, nil, false)
            }
        }
        stop?.cancel()
        if let (queue, outcome) = queued { queue.async(execute: outcome) }
        direct?()
        return delivered
    }

    /// The failure delivery: the failure filters first (user code, so in the delivery, never
    /// under the lock), then the filtered error to the accessories, `failure` and `finished`.
    private func filteredFailure(_ error: ProtoHTTPError, to sink: Sink) -> Delivery {
        let failure = sink.failure
        guard !failureFilters.isEmpty else { return observed({ failure(error) }, error: error, finished: sink.finished) }
        let (filters, info, finished) = (failureFilters, info, sink.finished)
        return { [self] in
            let filtered = filters.reduce(error) { error, filter in filter.filter(error, call: info) }
            observed({ failure(filtered) }, error: filtered, finished: finished)()
        }
    }

    /// `deliver`, then the `finished` callback, between the accessories' `willStop` and `didStop`.
    private func observed(_ deliver: @escaping Delivery, error: ProtoHTTPError?, finished: (@Sendable () -> Void)?) -> Delivery {
        guard !accessories.isEmpty || finished != nil || observation != nil else { return deliver }
        let accessories = self.accessories
        let info = self.info
        let observation = self.observation
        return {
            observation?.finish(error)
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
