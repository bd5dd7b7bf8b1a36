// ClientMockCalls.swift: runs a generated client mock's calls with the real client's callbacks, deadlines and cancel.
public import Dispatch
public import ProtoHTTP
public import ProtoHTTPCore
import Synchronization

/// The call machinery of a generated `<Prefix><Service>ClientMock`: each call gets a real
/// `CallHandle` on the same lifecycle machine a `ProtoHTTPManager` call runs, so code under
/// test sees what it would see with the real client:
///
/// - the callback form calls `completion` (if given) on ``callbackQueue``, then runs the
///   method's handler, then exactly one of `success` or `failure` on ``callbackQueue``;
/// - the async form returns the handler's output or throws its error;
/// - `CallHandle.cancel()` (or cancelling the async form's task) fails the call with
///   `canceled` at once and cancels the handler's task; a result the handler gives after that is
///   dropped;
/// - `options.timeout` (`.after(…)`) fails a call whose handler is slower with
///   `deadline_exceeded`, as a manager's deadline does. `.managerDefault` means no limit here.
///
/// Nothing goes over the network; interceptors, retries and serializers do not run.
public final class ClientMockCalls: Sendable {
    /// Where callbacks run, like `ManagerConfiguration.callbackQueue`.
    public let callbackQueue: DispatchQueue
    private let registry: CallRegistry

    /// Calls whose callbacks run on `callbackQueue` (default: a serial queue of its own).
    public init(callbackQueue: DispatchQueue = DispatchQueue(label: "ProtoHTTP.ClientMock")) {
        self.callbackQueue = callbackQueue
        registry = CallRegistry(deadlineQueue: DispatchQueue(label: "ProtoHTTP.ClientMock.deadlines"), clock: SystemCallClock())
    }

    /// The calls started and not yet finished.
    public var liveCallCount: Int { registry.count }

    /// A call in callback form: records `request`, answers it with `method`'s handler.
    @discardableResult
    public func call<Method: RPCMethod>(
        _ method: ClientMockMethod<Method>, _ request: Method.Input, options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (Method.Output, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void
    ) -> CallHandle {
        start(method, request, options: options, queue: callbackQueue, completion: completion, failure: failure, success: success)
    }

    /// A call in async form: records `request`, returns `method`'s handler's answer; cancelling
    /// the task cancels the call (`canceled`).
    public func call<Method: RPCMethod>(
        _ method: ClientMockMethod<Method>, _ request: Method.Input, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> Method.Output {
        let bridge = ContinuationBridge<Result<Method.Output, ProtoHTTPError>>()
        let result = await withTaskCancellationHandler {
            let handle = start(method, request, options: options, queue: nil, completion: nil, failure: { bridge.resume(.failure($0)) }) { output, _ in
                bridge.resume(.success(output))
            }
            return await withTaskCancellationHandler { await bridge.wait() } onCancel: { handle.cancel() }
        } onCancel: {
            bridge.resume(.failure(.cancelled()))
        }
        return try result.get()
    }

    private func start<Method: RPCMethod>(
        _ method: ClientMockMethod<Method>, _ request: Method.Input, options: CallOptions, queue: DispatchQueue?,
        completion: (@Sendable () -> Void)?, failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        success: @escaping @Sendable (Method.Output, ResponseMetadata) -> Void
    ) -> CallHandle {
        let handler = method.record(request)
        let running = HandlerTask()
        // After the outcome: a call that failed first (cancel, deadline) cancels its handler.
        let sink = CallHandle.Sink(queue: queue, completion: completion, failure: failure, finished: { running.cancel() })
        let info = CallInfo(id: CallHandle.makeID(), path: Method.path, category: options.category, tag: options.tag,
                            context: options.context, rpcProtocol: (options.wireProtocol ?? ConnectProtocol()).rpcProtocol, method: Method.descriptor)
        let handle = CallHandle(info: info, registry: registry, sink: sink)
        guard handle.begin() else { return handle }
        registry.add(handle, deadline: options.timeout.resolved(manager: nil).map { CallDeadline(timeout: $0, clock: registry.clock) })
        handle.handedOff()
        running.set(Task {
            do throws(ProtoHTTPError) {
                let output = try await handler(request)
                handle.succeed { success(output, ResponseMetadata(status: 200, headers: [:])) }
            } catch {
                handle.fail(error)
            }
        })
        return handle
    }
}

/// The task running a mock call's handler, cancellable from the call's `finished` hook, which
/// may run before the task is stored (then the task is cancelled as it is stored).
private final class HandlerTask: Sendable {
    private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    func set(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
