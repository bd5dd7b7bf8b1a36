// HTTPTransport.swift: the public transport: send a request, get a call handle, a callback or an async result.
public import Dispatch
public import ProtoHTTPCore

/// Sends HTTP requests through libcurl on one dedicated thread.
///
/// One transport owns one curl multi handle, so calls share a connection cache: consecutive
/// calls to one host reuse a kept-alive connection, and HTTP/2 calls multiplex over one
/// connection. Create one transport and share it; it is `Sendable`.
///
/// ```swift
/// let transport = try HTTPTransport()
/// let call = transport.send(TransportRequest(url: "http://127.0.0.1:8080/echo", body: bytes),
///                           on: .main) { result in
///     switch result {
///     case .success(let response): print(response.status, response.body.count)
///     case .failure(let error): print(error)   // code, message, curl's report
///     }
/// }
/// call.cancel()  // at any moment; the failure callback then gets `canceled`, once
/// ```
///
/// Callbacks run on the queue you pass, never on the transport thread. Shutting down (or
/// releasing the last reference) cancels pending calls and joins the thread.
public final class HTTPTransport: ClientTransport {
    /// The settings this transport was created with.
    public let configuration: TransportConfiguration
    private let engine: CurlEngine

    /// Creates a transport and starts its thread.
    ///
    /// - Throws: `ProtoHTTPError` (`internal` or `resource_exhausted`) if libcurl cannot be
    ///   initialised or the thread cannot start.
    public init(configuration: TransportConfiguration = TransportConfiguration()) throws(ProtoHTTPError) {
        self.configuration = configuration
        self.engine = try CurlEngine(configuration: configuration)
    }

    deinit { engine.shutdown() }

    /// Sends a request; the result arrives on `queue`.
    ///
    /// - Parameters:
    ///   - request: what to send.
    ///   - queue: where callbacks run.
    ///   - handedOff: called once the transport thread has started the transfer (not called
    ///     if the call ends before that, e.g. cancelled while queued). On a serial queue it
    ///     runs before `completion`.
    ///   - completion: called exactly once with the response (any HTTP status) or the error.
    /// - Returns: the call's handle, for ``TransportCall/cancel()``.
    @discardableResult
    public func send(
        _ request: TransportRequest,
        on queue: DispatchQueue,
        handedOff: (@Sendable () -> Void)? = nil,
        completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void
    ) -> TransportCall {
        let call = TransportCall(request: request, engine: engine, delivery: .queue(queue, handedOff: handedOff, completion: completion))
        call.submit()
        return call
    }

    /// Sends a request and waits for its response (any HTTP status).
    ///
    /// Cancelling the surrounding `Task` cancels the call: it throws a `canceled` error.
    /// The request's ``TransportRequest/progress`` handler runs on a private serial queue, and
    /// every report has run before this returns.
    ///
    /// - Throws: `ProtoHTTPError` for transport failures, timeouts and cancellation.
    public func send(_ request: TransportRequest) async throws(ProtoHTTPError) -> TransportResponse {
        let bridge = ContinuationBridge<TransportCall.Result>()
        // With a progress handler, reports and the result go through one private serial queue,
        // so every report runs before the call returns and none on the transport thread.
        let delivery: TransportCall.Delivery = request.progress == nil
            ? .direct(handedOff: nil) { bridge.resume($0) }
            : .queue(DispatchQueue(label: "ProtoHTTP.transport.progress"), handedOff: nil) { bridge.resume($0) }
        let call = TransportCall(request: request, engine: engine, delivery: delivery)
        // Submitted inside the handler: in a Task that is already cancelled, `onCancel` runs
        // first and the call never reaches the network.
        let result = await withTaskCancellationHandler {
            call.submit()
            return await bridge.wait()
        } onCancel: {
            call.cancel()
        }
        return try result.get()
    }

    /// ``ClientTransport``: sends a request whose events are delivered directly on the transport
    /// thread: `handedOff` when the transfer starts, then `completion` once. Both must be cheap
    /// and non-blocking; the manager uses this to spend no queue hop of its own.
    public func start(
        _ request: TransportRequest,
        handedOff: (@Sendable () -> Void)?,
        completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void
    ) -> any ClientTransportCall {
        let call = TransportCall(request: request, engine: engine, delivery: .direct(handedOff: handedOff, completion: completion))
        call.submit()
        return call
    }

    /// Cancels every pending call (each fails with `canceled`), stops the transport thread and
    /// waits for it to end. Calls sent afterwards fail at once. Safe to call more than once.
    public func shutdown() {
        engine.shutdown()
    }

    /// Easy handles in use by transfers right now; 0 once every call has finished (idle
    /// handles kept for reuse are not counted and are freed at shutdown). For leak tests.
    package var liveEasyHandleCount: Int { engine.liveEasyHandleCount }

    /// How many calls wait for a transfer slot (``TransportConfiguration/maxConcurrentTransfers``)
    /// right now; 0 without a limit.
    public var waitingCallCount: Int { engine.waitingCalls.load(ordering: .relaxed) }

    /// Turns the transport thread's loop has made: one per wake-up, so a test can tell a thread
    /// that waits for its sockets from one that spins.
    package var engineLoopTurns: Int { engine.loopTurns.load(ordering: .relaxed) }

    /// The kernel id of the transport thread (its `/proc/self/task` entry). For leak tests.
    package var threadID: Int32 { engine.threadID }
}
