// ClientTransport.swift: the engine a manager sends through (XMNetworking's XMEngine): libcurl by default, or any other that takes a request and gives a response.
public import ProtoHTTPCore
import Synchronization

/// What a ``ProtoHTTPManager`` sends its requests through (XMNetworking's swappable `XMEngine`).
///
/// ``HTTPTransport`` (libcurl) is the default. ProtoHTTPServer's `InProcessTransport` hands
/// requests straight to a server's services without sockets, for tests and for a client and a
/// server in one process. Everything above the transport (interceptors, retries, deadlines,
/// caching, the offline queue, serializers) works the same on any of them.
///
/// A transport calls `completion` exactly once per started call: with the response (any HTTP
/// status) or the error; a cancelled call completes with `canceled`.
public protocol ClientTransport: AnyObject, Sendable {
    /// Starts `request`. `handedOff` (if given) runs once the transport has begun sending, before
    /// `completion`; `completion` runs exactly once, on a thread of the transport's choosing.
    /// Returns the call, for cancelling it.
    func start(
        _ request: TransportRequest,
        handedOff: (@Sendable () -> Void)?,
        completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void
    ) -> any ClientTransportCall

    /// Stops the transport: calls in flight fail with `canceled` or a shut-down error, and
    /// later calls fail at once. Safe to call more than once.
    func shutdown()
}

/// One call started on a ``ClientTransport``.
public protocol ClientTransportCall: AnyObject, Sendable {
    /// Cancels the call if it has not completed: its completion gets `canceled` (once), and
    /// the work under way stops. Does nothing afterwards.
    func cancel()
}

extension TransportCall: ClientTransportCall {}

extension ClientTransport {
    /// Sends `request` and waits for its response (any HTTP status); cancelling the surrounding
    /// `Task` cancels the call (it throws `canceled`).
    ///
    /// - Throws: `ProtoHTTPError` for transport failures, timeouts and cancellation.
    public func send(_ request: TransportRequest) async throws(ProtoHTTPError) -> TransportResponse {
        let started = Mutex<(any ClientTransportCall)?>(nil)
        let result: Result<TransportResponse, ProtoHTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let call = start(request, handedOff: nil) { continuation.resume(returning: $0) }
                started.withLock { $0 = call }
                if Task.isCancelled { call.cancel() }
            }
        } onCancel: {
            started.withLock { $0 }?.cancel()
        }
        return try result.get()
    }
}
