// ChainRequest.swift: calls run one after another, each step choosing the next from the last output (YTKChainRequest, XMNetworking's sendChainRequest).
import Synchronization
public import ProtoHTTPCore

/// A running chain: ``cancel()`` cancels the running step, and no later step starts.
public final class ChainHandle: Sendable {
    private struct State: Sendable {
        var step = 0
        var current: CallHandle?
        var ended = false
        /// The outputs of the steps that succeeded, in order.
        var outputs: [any Sendable] = []
    }

    private let manager: ProtoHTTPManager
    private let next: @Sendable (Int, any Sendable) -> PendingCall<any Sendable>?
    private let onEnd: @Sendable (Result<[any Sendable], ChainFailure>) -> Void
    private let state = Mutex(State())

    init(manager: ProtoHTTPManager, next: @escaping @Sendable (Int, any Sendable) -> PendingCall<any Sendable>?,
         onEnd: @escaping @Sendable (Result<[any Sendable], ChainFailure>) -> Void) {
        self.manager = manager
        self.next = next
        self.onEnd = onEnd
    }

    /// The index of the running (or last) step, from 0.
    public var currentStep: Int { state.withLock { $0.step } }
    /// Whether the chain has ended (success, failure or cancel).
    public var isFinished: Bool { state.withLock { $0.ended } }

    /// Cancels the running step (its failure ends the chain with `canceled`); no later step starts.
    public func cancel() {
        let (current, endNow): (CallHandle?, ChainFailure?) = state.withLock { state in
            guard !state.ended else { return (nil, nil) }
            if let current = state.current { return (current, nil) }
            state.ended = true
            return (nil, ChainFailure(step: state.step, error: .cancelled(), outputs: state.outputs))
        }
        if let current { current.cancel() }
        if let endNow { onEnd(.failure(endNow)) }
    }

    /// Runs `call` as step `index`.
    func run(_ call: PendingCall<any Sendable>, index: Int) {
        let handle = call.start(manager, { output, _ in self.stepSucceeded(index, output) },
                                { error in self.stepFailed(index, error) })
        let cancelled = state.withLock { state in
            state.step = index
            state.current = handle
            return state.ended
        }
        if cancelled { handle.cancel() }
    }

    private func stepSucceeded(_ index: Int, _ output: any Sendable) {
        guard state.withLock({ state in
            state.current = nil
            guard !state.ended else { return false }
            state.outputs.append(output)
            return true
        }) else { return }
        // The step's callback, on the callback queue like every user callback: it may build
        // the next call from the output, or end the chain by returning nil.
        guard let following = next(index, output) else {
            let outputs = state.withLock { state in
                state.ended = true
                return state.outputs
            }
            onEnd(.success(outputs))
            return
        }
        run(following, index: index + 1)
    }

    private func stepFailed(_ index: Int, _ error: ProtoHTTPError) {
        let failure: ChainFailure? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            state.current = nil
            return ChainFailure(step: index, error: error, outputs: state.outputs)
        }
        if let failure { onEnd(.failure(failure)) }
    }

}

/// Why a chain failed: the step that failed (from 0), its error, and what the steps before it
/// returned.
public struct ChainFailure: Error, Sendable {
    /// The failing step's index, from 0.
    public var step: Int
    /// Its error (`canceled` when the chain was cancelled).
    public var error: ProtoHTTPError
    /// The outputs of the steps that succeeded before it, in order (`step` of them).
    public var outputs: [any Sendable]

    /// A failure at `step` with `error`, after steps that returned `outputs`.
    public init(step: Int, error: ProtoHTTPError, outputs: [any Sendable] = []) {
        self.step = step
        self.error = error
        self.outputs = outputs
    }
}

extension ProtoHTTPManager {
    /// Runs calls one after another, as YTKChainRequest and XMNetworking's chain do. `first`
    /// starts at once; after each step succeeds, `next(index, output)` runs on the callback
    /// queue and returns the following call, or `nil` to end the chain. Then, on the callback
    /// queue: `success` with every step's output in order (XMNetworking's `responseObjects`),
    /// or `failure` with the failing step's index, its error and the outputs of the steps
    /// before it (the chain stops at the first failure); then `finished` with the same result.
    /// `accessories` are told when the chain as a whole starts and stops (YTKChainRequest's).
    ///
    /// ```swift
    /// manager.chain(.unary(CreateNote.self, draft).erased(), next: { step, output in
    ///     guard step == 0, let note = output as? Notes_Note else { return nil }
    ///     return .unary(GetNote.self, Notes_GetNoteRequest(id: note.id)).erased()
    /// }, success: { outputs in … }, failure: { failed in … })
    /// ```
    ///
    /// Outputs are erased (`any Sendable`) because each step may return another type. Async
    /// code needs no chain: `await` one call after another.
    @discardableResult
    public func chain(
        _ first: PendingCall<any Sendable>,
        accessories: [any GroupAccessory] = [],
        next: @escaping @Sendable (_ step: Int, _ output: any Sendable) -> PendingCall<any Sendable>?,
        success: @escaping @Sendable (_ outputs: [any Sendable]) -> Void,
        failure: @escaping @Sendable (ChainFailure) -> Void,
        finished: (@Sendable (Result<[any Sendable], ChainFailure>) -> Void)? = nil
    ) -> ChainHandle {
        let callbackQueue = self.callbackQueue
        let observers = GroupObservers(.chain, count: nil, accessories: accessories)
        let handle = ChainHandle(manager: self, next: next) { result in
            // Step callbacks already run on the callback queue; a cancel may not: hop once.
            callbackQueue.async {
                let error: ProtoHTTPError? = if case .failure(let failed) = result { failed.error } else { nil }
                observers.stopping(error: error) {
                    switch result {
                    case .success(let outputs): success(outputs)
                    case .failure(let failed): failure(failed)
                    }
                    finished?(result)
                }
            }
        }
        observers.started()
        handle.run(first, index: 0)
        return handle
    }
}
