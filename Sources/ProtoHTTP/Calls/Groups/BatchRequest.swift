// BatchRequest.swift: calls started together (YTKBatchRequest, XMNetworking's sendBatchRequest), with outputs in request order.
import Dispatch
import Synchronization
public import ProtoHTTPCore

/// How a batch runs its calls.
public struct BatchOptions: Sendable, Hashable {
    /// Whether the first failure cancels the calls still running or waiting (YTKNetwork's
    /// behaviour, the default). `false` lets every call run to its end (XMNetworking's).
    public var cancelsOnFirstFailure: Bool
    /// At most this many calls run at once; `nil` starts them all together.
    public var maxConcurrent: Int?

    /// Creates options.
    public init(cancelsOnFirstFailure: Bool = true, maxConcurrent: Int? = nil) {
        self.cancelsOnFirstFailure = cancelsOnFirstFailure
        self.maxConcurrent = maxConcurrent.map { max(1, $0) }
    }
}

/// A running batch: ``cancel()`` cancels every call in it, and calls not yet started never start.
public final class BatchHandle: Sendable {
    private struct State: Sendable {
        var results: [Result<any Sendable, ProtoHTTPError>?]
        var handles: [CallHandle?]
        var nextToStart = 0
        var running = 0
        var failure: ProtoHTTPError?
        /// The call whose failure came first (`nil`: none, or the batch itself was cancelled).
        var failedIndex: Int?
        var ended = false
    }

    private let calls: [PendingCall<any Sendable>]
    private let manager: ProtoHTTPManager
    private let options: BatchOptions
    private let state: Mutex<State>
    /// Runs once on the callback queue with every result, in request order, and the first
    /// failure in time with the index of its call (`nil` when every call succeeded).
    private let onEnd: @Sendable ([Result<any Sendable, ProtoHTTPError>], (error: ProtoHTTPError, index: Int?)?) -> Void

    init(_ calls: [PendingCall<any Sendable>], manager: ProtoHTTPManager, options: BatchOptions,
         onEnd: @escaping @Sendable ([Result<any Sendable, ProtoHTTPError>], (error: ProtoHTTPError, index: Int?)?) -> Void) {
        self.calls = calls
        self.manager = manager
        self.options = options
        self.onEnd = onEnd
        self.state = Mutex(State(results: Array(repeating: nil, count: calls.count), handles: Array(repeating: nil, count: calls.count)))
    }

    /// Whether every call has ended and the batch's callbacks have been enqueued.
    public var isFinished: Bool { state.withLock { $0.ended } }

    /// Cancels the batch: running calls fail with `canceled`, waiting ones never start.
    public func cancel() {
        fail(with: .cancelled())
    }

    /// Starts as many calls as the concurrency limit allows.
    func start() {
        if calls.isEmpty {
            finishIfDone()
            return
        }
        launchMore()
    }

    private func launchMore() {
        while true {
            let index: Int? = state.withLock { state in
                guard !state.ended, state.failure == nil || !options.cancelsOnFirstFailure,
                      state.nextToStart < calls.count,
                      state.running < (options.maxConcurrent ?? Int.max) else { return nil }
                defer { state.nextToStart += 1; state.running += 1 }
                return state.nextToStart
            }
            guard let index else { return }
            let handle = calls[index].start(manager, { output, _ in self.memberEnded(index, .success(output)) },
                                            { error in self.memberEnded(index, .failure(error)) })
            let stop = state.withLock { state in
                state.handles[index] = handle
                return state.ended || (state.failure != nil && options.cancelsOnFirstFailure)
            }
            if stop { handle.cancel() }
        }
    }

    private func memberEnded(_ index: Int, _ result: Result<any Sendable, ProtoHTTPError>) {
        let firstFailure: ProtoHTTPError? = state.withLock { state in
            guard state.results[index] == nil else { return nil }
            state.results[index] = result
            state.handles[index] = nil
            state.running -= 1
            guard case .failure(let error) = result, state.failure == nil else { return nil }
            state.failure = error
            state.failedIndex = index
            return error
        }
        if let firstFailure, options.cancelsOnFirstFailure {
            fail(with: firstFailure)
        }
        launchMore()
        finishIfDone()
    }

    /// Records `error` as the batch's failure (if it is the first), cancels the running calls
    /// and marks the waiting ones cancelled.
    private func fail(with error: ProtoHTTPError) {
        let running: [CallHandle] = state.withLock { state in
            guard !state.ended else { return [] }
            if state.failure == nil { state.failure = error }
            for i in state.nextToStart..<calls.count where state.results[i] == nil { state.results[i] = .failure(.cancelled()) }
            state.nextToStart = calls.count
            return state.handles.compactMap { $0 }
        }
        running.forEach { $0.cancel() }
        finishIfDone()
    }

    private func finishIfDone() {
        let ended: ([Result<any Sendable, ProtoHTTPError>], (error: ProtoHTTPError, index: Int?)?)? = state.withLock { state in
            guard !state.ended, state.running == 0, state.nextToStart >= calls.count || (state.failure != nil && options.cancelsOnFirstFailure)
            else { return nil }
            state.ended = true
            return (state.results.map { $0 ?? .failure(.cancelled()) }, state.failure.map { ($0, state.failedIndex) })
        }
        guard let (results, failure) = ended else { return }
        let onEnd = self.onEnd
        manager.callbackQueue.async { onEnd(results, failure) }
    }
}

extension ProtoHTTPManager {
    /// Starts `calls` together, as YTKBatchRequest and XMNetworking's batch do. When all have
    /// ended, on the callback queue: `success` with every output in request order, or `failure`
    /// with a ``BatchFailure``: the first error, the call it came from, and every call's result
    /// in request order; then `finished` with every result in order. By default the first
    /// failure cancels the rest (``BatchOptions/cancelsOnFirstFailure``). `accessories` are told
    /// when the batch as a whole starts and stops (YTKBatchRequest's accessories).
    ///
    /// ```swift
    /// manager.batch([.unary(GetNote.self, a), .unary(GetNote.self, b)],
    ///               success: { notes in … }, failure: { failed in … failed.results … })
    /// // Outputs of different types: erase them, then cast.
    /// manager.batch([.unary(GetNote.self, a).erased(), .unary(ListNotes.self, all).erased()], success: { outputs in
    ///     let note = outputs[0] as? Notes_Note; let list = outputs[1] as? Notes_ListNotesResponse
    /// }, failure: { _ in })
    /// ```
    @discardableResult
    public func batch<Output: Sendable>(
        _ calls: [PendingCall<Output>],
        options: BatchOptions = BatchOptions(),
        accessories: [any GroupAccessory] = [],
        success: @escaping @Sendable ([Output]) -> Void,
        failure: @escaping @Sendable (BatchFailure<Output>) -> Void,
        finished: (@Sendable ([Result<Output, ProtoHTTPError>]) -> Void)? = nil
    ) -> BatchHandle {
        let observers = GroupObservers(.batch, count: calls.count, accessories: accessories)
        let handle = makeBatch(calls, options: options, observers: observers, success: success, failure: failure, finished: finished)
        observers.started()
        handle.start()
        return handle
    }

    /// The async form of ``batch(_:options:accessories:success:failure:finished:)``: every output in request
    /// order, or the first error (``batchResults(_:options:)`` returns every call's result
    /// instead); cancelling the `Task` cancels the batch.
    public func batch<Output: Sendable>(_ calls: [PendingCall<Output>], options: BatchOptions = BatchOptions())
        async throws(ProtoHTTPError) -> [Output]
    {
        do {
            return try await runBatch(calls, options: options)
        } catch {
            throw error.error
        }
    }

    /// Runs `calls` as ``batch(_:options:accessories:success:failure:finished:)`` does and returns every
    /// call's result in request order, failures included (what `finished` gets); never throws.
    /// Cancelling the `Task` cancels the batch: the calls it stopped have `canceled` errors.
    ///
    /// ```swift
    /// let results = await manager.batchResults([.unary(GetNote.self, a), .unary(GetNote.self, b)],
    ///                                           options: BatchOptions(cancelsOnFirstFailure: false))
    /// let notes = results.compactMap { try? $0.get() }   // those that were found
    /// ```
    public func batchResults<Output: Sendable>(_ calls: [PendingCall<Output>], options: BatchOptions = BatchOptions())
        async -> [Result<Output, ProtoHTTPError>]
    {
        do {
            return try await runBatch(calls, options: options).map { .success($0) }
        } catch {
            return error.results
        }
    }

    /// The async batch: its outputs, or its ``BatchFailure``.
    private func runBatch<Output: Sendable>(_ calls: [PendingCall<Output>], options: BatchOptions)
        async throws(BatchFailure<Output>) -> [Output]
    {
        let bridge = ContinuationBridge<Result<[Output], BatchFailure<Output>>>()
        let handle = makeBatch(calls, options: options, observers: nil, success: { bridge.resume(.success($0)) },
                               failure: { bridge.resume(.failure($0)) }, finished: nil)
        // Started inside the handler: in a cancelled Task the batch ends before any call starts.
        let result = await withTaskCancellationHandler {
            handle.start()
            return await bridge.wait()
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    /// A batch that has not started, reporting typed results.
    private func makeBatch<Output: Sendable>(
        _ calls: [PendingCall<Output>], options: BatchOptions, observers: GroupObservers?,
        success: @escaping @Sendable ([Output]) -> Void, failure: @escaping @Sendable (BatchFailure<Output>) -> Void,
        finished: (@Sendable ([Result<Output, ProtoHTTPError>]) -> Void)?
    ) -> BatchHandle {
        BatchHandle(calls.map { $0.erased() }, manager: self, options: options) { results, firstFailure in
            // The members' outputs come back erased; each is an `Output` by construction.
            let typed: [Result<Output, ProtoHTTPError>] = results.map { result in
                result.flatMap { value in
                    guard let output = value as? Output else {
                        return .failure(ProtoHTTPError(code: .internal, message: "a batch member produced \(type(of: value)), not \(Output.self)."))
                    }
                    return .success(output)
                }
            }
            let deliver = {
                if let firstFailure {
                    failure(BatchFailure(error: firstFailure.error, index: firstFailure.index, results: typed))
                } else {
                    success(typed.compactMap { try? $0.get() })
                }
                finished?(typed)
            }
            guard let observers else { return deliver() }
            observers.stopping(error: firstFailure?.error, deliver)
        }
    }
}

/// Why a batch failed: its first error in time, the call it came from, and every call's result
/// in request order (what each call that succeeded returned, and each other call's error).
public struct BatchFailure<Output: Sendable>: Error, Sendable {
    /// The first failure in time: the one that cancelled the rest under
    /// ``BatchOptions/cancelsOnFirstFailure``, or `canceled` when the batch was cancelled.
    public var error: ProtoHTTPError
    /// The index of the call that failed first; `nil` when the batch itself was cancelled.
    public var index: Int?
    /// Every call's result, in request order. Calls the first failure stopped, or that never
    /// started, have a `canceled` error.
    public var results: [Result<Output, ProtoHTTPError>]

    /// A failure with `error`, first from the call at `index`, and every call's result.
    public init(error: ProtoHTTPError, index: Int?, results: [Result<Output, ProtoHTTPError>]) {
        self.error = error
        self.index = index
        self.results = results
    }

    /// The outputs of the calls that succeeded, by their index in the batch.
    public var outputs: [Int: Output] {
        var outputs: [Int: Output] = [:]
        for (index, result) in results.enumerated() {
            if case .success(let output) = result { outputs[index] = output }
        }
        return outputs
    }
}
