// InProcessTransport.swift: a ClientTransport that hands each request straight to a ProtoHTTPServer's services, with no socket.
import Dispatch
import Foundation
public import ProtoHTTP
public import ProtoHTTPCore
public import ProtoHTTPServer
import Synchronization

/// A ``ProtoHTTP/ClientTransport`` that answers every request with a ``ProtoHTTPServer/ProtoHTTPServer``'s
/// services in this process, without sockets (XMNetworking's swappable engine; grpc-swift's
/// in-process transport): what a client's tests, and a program that is its own server, use.
///
/// The server need not be started. Each request goes through the same routing, negotiation,
/// limits, deadlines, compression and error formats as over HTTP, so the manager above it
/// (interceptors, retries, deadlines, caches, the offline queue) behaves as on the network.
/// The URL's scheme and host are not used: any base URL does (`http://in-process`).
///
/// ```swift
/// let server = try ProtoHTTPServer(services: [NotesService(store: store)])   // not started
/// var configuration = ManagerConfiguration(baseURL: "http://in-process")
/// configuration.wireProtocol = .connect
/// let manager = try ProtoHTTPManager(configuration: configuration, transport: InProcessTransport(server: server))
/// let note = try await Notes_NotesClient(manager: manager).createNote(request)
/// ```
///
/// What has no meaning without a network fails with `unimplemented`: a multipart form
/// (``ProtoHTTP/TransportRequest/multipart``) and a response body written to a file
/// (``ProtoHTTP/TransportRequest/bodyFile``). A file body (``ProtoHTTP/TransportRequest/uploadFile``)
/// is read into memory. No progress is reported.
public final class InProcessTransport: ClientTransport {
    /// The server whose services answer.
    public let server: ProtoHTTPServer
    private let calls = Mutex<(open: [UInt64: InProcessCall], next: UInt64, closed: Bool)>(([:], 0, false))

    /// A transport answering with `server`'s services.
    public init(server: ProtoHTTPServer) { self.server = server }

    /// Starts `request` on a task of its own; `completion` runs once, on that task's thread
    /// (or the canceller's, or the timer's).
    public func start(
        _ request: TransportRequest,
        handedOff: (@Sendable () -> Void)?,
        completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void
    ) -> any ClientTransportCall {
        let id = calls.withLock { state -> UInt64? in
            guard !state.closed else { return nil }
            state.next += 1
            return state.next
        }
        let call = InProcessCall(completion: completion) { [weak self] id in self?.calls.withLock { _ = $0.open.removeValue(forKey: id) } }
        guard let id else {
            call.finish(.failure(ProtoHTTPError(code: .unavailable, message: "the in-process transport was shut down; make a new one.")))
            return call
        }
        call.id = id
        calls.withLock { $0.open[id] = call }
        let prepared: InProcessRequest
        do {
            prepared = try InProcessRequest(request)
        } catch {
            call.finish(.failure(error))
            return call
        }
        handedOff?()
        let server = self.server
        let limit = request.maxResponseSize ?? TransportConfiguration().maxResponseSize
        let started = ContinuousClock.now
        call.run(timeout: request.timeout) {
            await server.respond(method: prepared.method, uri: prepared.uri, headers: prepared.headers, body: prepared.body) { status, headers, body, trailers in
                guard body.count <= limit else {
                    call.finish(.failure(ProtoHTTPError(code: .resourceExhausted, message: "the response body of \(request.url) is \(body.count) bytes, over the limit of \(limit); raise TransportRequest.maxResponseSize or TransportConfiguration.maxResponseSize.")))
                    return
                }
                let metrics = TransportMetrics(httpVersion: "in-process", newConnections: 0, totalTime: ContinuousClock.now - started)
                var response = TransportResponse(status: status, headers: headers, body: body, metrics: metrics)
                response.trailers = trailers
                call.finish(.success(response))
            }
        }
        return call
    }

    /// Cancels every call in flight (each fails with `canceled`); later calls fail at once with
    /// `unavailable`. Safe to call more than once.
    public func shutdown() {
        let open = calls.withLock { state in
            state.closed = true
            defer { state.open = [:] }
            return Array(state.open.values)
        }
        for call in open { call.cancel() }
    }

    /// How many calls are in flight.
    public var callsInFlight: Int { calls.withLock { $0.open.count } }
}
