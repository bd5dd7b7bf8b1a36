// ProtoHTTPManager+Streams.swift: starting server-streaming, client-streaming and bidirectional calls.
import Foundation
public import ProtoHTTPCore
import ProtoHTTPObservability
import Tracing

extension ProtoHTTPManager {
    /// Starts a server-streaming call: `request` goes out, the responses come back as the
    /// returned stream's messages.
    ///
    /// ```swift
    /// for try await note in manager.serverStream(Notes_NotesMetadata.WatchNotes.self, request) { … }
    /// ```
    ///
    /// Streams go over Connect's streaming protocol, gRPC or gRPC-Web (the call's protocol, else
    /// the manager's, else Connect); Twirp and plain HTTP have none, and such a call ends at once
    /// with `unimplemented`. The base URL, the general headers (secret ones on trusted origins
    /// only), the call's headers and encoding apply as to unary calls. A stream is bounded only
    /// by its own ``CallOptions/timeout`` (sent to the server too), not the manager's default,
    /// which is for unary calls. The manager's interceptors see the stream's request before it
    /// goes and its end (status, headers, trailers); see ``CallInterceptor``.
    ///
    /// The retry policy (the call's, else the manager's) applies until the first response
    /// message: a stream that fails before it (connection refused, `unavailable` from the
    /// server, a proxy's 503) starts again with the request messages it had sent, kept up to
    /// ``RetryPolicy/streamReplayLimit``, within the one deadline. Once a response message has
    /// come, its failure is the call's.
    public func serverStream<Method: RPCMethod>(_ method: Method.Type, _ request: Method.Input,
                                                options: CallOptions = CallOptions()) -> ServerStream<Method.Output> {
        let (call, encoding) = startStream(Method.descriptor, kind: .serverStreaming, options: options) { call, encoding in
            do throws(ProtoHTTPError) {
                call.enqueue(try StreamPayload.encode(request, encoding))
                call.finishSending()
            } catch {
                call.fail(error)
            }
        }
        return ServerStream(call: call, messages: ResponseMessages(call: call, encoding: encoding))
    }

    /// Starts a client-streaming call: send its requests, then `finish()` for the response.
    ///
    /// ```swift
    /// let upload = manager.clientStream(Notes_NotesMetadata.ImportNotes.self)
    /// for request in requests { try await upload.send(request) }
    /// let summary = try await upload.finish()
    /// ```
    ///
    /// Protocols, settings and deadline as for ``serverStream(_:_:options:)``.
    public func clientStream<Method: RPCMethod>(_ method: Method.Type, options: CallOptions = CallOptions()) -> ClientStream<Method.Input, Method.Output> {
        let (call, encoding) = startStream(Method.descriptor, kind: .clientStreaming, options: options) { _, _ in }
        return ClientStream(call: call, encoding: encoding)
    }

    /// Starts a bidirectional call: send requests and read responses as they come.
    ///
    /// ```swift
    /// let chat = manager.bidirectionalStream(Chat_ChatMetadata.Talk.self)
    /// try await chat.send(line)
    /// chat.finishSending()
    /// for try await reply in chat.responses { … }
    /// ```
    ///
    /// Over HTTP/2 (gRPC, or Connect and gRPC-Web to an HTTP/2 server) both directions flow at
    /// once; over HTTP/1.1 the server may answer only once the requests have ended. Protocols,
    /// settings and deadline as for ``serverStream(_:_:options:)``.
    public func bidirectionalStream<Method: RPCMethod>(_ method: Method.Type,
                                                       options: CallOptions = CallOptions()) -> BidirectionalStream<Method.Input, Method.Output> {
        let (call, encoding) = startStream(Method.descriptor, kind: .bidirectionalStreaming, options: options) { _, _ in }
        return BidirectionalStream(call: call, encoding: encoding, responses: ResponseMessages(call: call, encoding: encoding))
    }

    /// Builds and starts the transfer of a streaming call; `beforeStart` may queue its first
    /// request messages.
    func startStream(_ method: MethodDescriptor, kind: RPCKind, options: CallOptions,
                             beforeStart: (StreamingCall, BodyEncoding) -> Void) -> (StreamingCall, BodyEncoding) {
        let settings = snapshot()
        let configuration = settings.configuration
        let target = CallTarget(httpMethod: .post, path: method.path, rpc: method)
        let wireProtocol = wireProtocol(for: target, options: options, configuration: configuration)
        let encoding = options.encoding ?? configuration.encoding
        let http = transport as? HTTPTransport
        let limit = http?.configuration.maxResponseSize ?? TransportConfiguration().maxResponseSize
        // From here every end of the call is observed, refusals included, as unary calls are.
        let observation = RPCCallObservation.start(configuration.observability, side: .client, path: method.path,
                                                   rpcProtocol: wireProtocol.rpcProtocol, context: ServiceContext.current ?? .topLevel)
        let wire: StreamWire
        switch StreamWire.of(wireProtocol.rpcProtocol, encoding: encoding, kind: kind, path: method.path) {
        case .success(let value): wire = value
        case .failure(let error):
            let call = StreamingCall(wire: StreamWire(wireProtocol: .connect, encoding: encoding), path: method.path, messageLimit: limit,
                                     observation: observation)
            call.fail(error)
            return (call, encoding)
        }
        let policy = options.retryPolicy ?? configuration.retryPolicy
        let isSafe = method.idempotencyLevel.isIdempotent
        // Streams take no default limit from the manager (they may run for hours), only their own
        // and the handler's they run in.
        let timeout = options.timeout.resolved(manager: nil, inheriting: configuration.inheritsHandlerDeadline)
        let retry = StreamRetry(policy: policy, isSafe: isSafe, deadline: timeout.map { CallDeadline(timeout: $0, clock: registry.clock) },
                                clock: registry.clock, queue: workQueue)
        let call = StreamingCall(wire: wire, path: method.path, messageLimit: limit, retry: retry, observation: observation)
        let info = CallInfo(id: CallHandle.makeID(), path: method.path, category: options.category, tag: options.tag,
                            context: configuration.context(of: options), rpcProtocol: wire.wireProtocol, method: method)
        for stage in settings.stages(for: info, options: options) {
            if let refusal = stage.streamRefusal(info, options: options) {
                call.fail(ProtoHTTPError(code: .failedPrecondition, message: refusal))
                return (call, encoding)
            }
        }
        guard let http else {
            call.fail(ProtoHTTPError(code: .unimplemented, message: "\(method.path) is a \(kind) method and this manager's transport carries unary calls only; stream over HTTPTransport."))
            return (call, encoding)
        }
        let composition = RequestComposition(settings: settings, options: options)
        let url = composition.url(method.path, wireProtocol: wireProtocol, query: [], info: info)
        var request = TransportRequest(method: .post, url: url,
                                       headers: composition.headers(protocolHeaders: wire.headers(timeout: timeout), contentType: wire.contentType, url: url),
                                       timeout: timeout.map { $0 + CallDeadline.transferBackstop })
        request.priority = options.priority
        // A stream retried although repeating it is not known to be safe: one key for all its attempts.
        if policy.needsIdempotencyKey(safe: isSafe), request.headers[.idempotencyKey] == nil {
            request.headers[.idempotencyKey] = UUID().uuidString.lowercased()
        }
        observation?.inject(into: &request.headers)   // traceparent, as for unary calls
        if wire.wireProtocol == .grpc {
            request.httpVersion = url.lowercased().hasPrefix("https:") ? .http2 : .http2PriorKnowledge
        }
        beforeStart(call, encoding)
        call.start(request, on: http, interceptors: configuration.interceptors, info: info)
        return (call, encoding)
    }
}
