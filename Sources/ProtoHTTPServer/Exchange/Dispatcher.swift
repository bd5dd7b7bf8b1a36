// Dispatcher.swift: one complete request to one complete response: route, negotiate, check headers, run the handler.
import Logging
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPObservability
import Tracing

/// Serves complete requests, independent of the network layer. Every outcome, including every
/// refusal, is a well-formed response in the protocol's error format.
struct Dispatcher: Sendable {
    let router: Router
    let logger: Logger
    /// The largest body a handler gets, also after gzip inflation.
    let maxRequestBodySize: Int
    /// How many times its compressed size a gzip request may inflate to (``ServerConfiguration/maxRequestInflationRatio``).
    var maxRequestInflationRatio: Int? = ServerConfiguration.defaultMaxRequestInflationRatio
    /// How responses are compressed for clients that accept gzip.
    var responseCompression: ResponseCompression
    /// Whether a 404 lists the server's methods (``ServerConfiguration/listsMethodsWhenNotFound``).
    var listsMethodsWhenNotFound = false
    /// The metrics and spans of the calls that reach a handler (``ServerConfiguration/observability``).
    var observability = RPCObservability.off
    /// ``logger`` with each method's path as `rpc` metadata, made once rather than per call.
    private let methodLoggers: [String: Logger]

    init(router: Router, logger: Logger, maxRequestBodySize: Int, responseCompression: ResponseCompression = .gzip()) {
        self.router = router
        self.logger = logger
        self.maxRequestBodySize = maxRequestBodySize
        self.responseCompression = responseCompression
        methodLoggers = Dictionary(uniqueKeysWithValues: router.methodPaths.map { ($0, Self.logger(logger, forMethod: $0)) })
    }

    /// The logger a handler of the method at `path` gets: ``logger`` with the path as `rpc`.
    func logger(forMethod path: String) -> Logger {
        methodLoggers[path] ?? Self.logger(logger, forMethod: path)
    }

    private static func logger(_ base: Logger, forMethod path: String) -> Logger {
        var methodLogger = base
        methodLogger[metadataKey: "rpc"] = "\(path)"
        return methodLogger
    }

    /// Answers `request`: calls `answer` exactly once, as soon as the response is known, and
    /// returns once the handler (if it ran) has returned. After a passed deadline or a
    /// cancellation the answer comes at once and the handler is cancelled; a handler that
    /// ignores cancellation delays only the return, never the answer.
    ///
    /// Every answer, refusals included, goes out gzipped when ``responseCompression`` and the
    /// request's `Accept-Encoding` allow it.
    /// `answer` runs on the request task's thread, or, when a cancellation or the deadline
    /// answers first, on the canceller's or the timer's.
    func handle(_ request: RPCRequest, answer plainAnswer: @escaping @Sendable (RPCResponse, RPCOutcome) -> Void) async {
        let compression = responseCompression
        let requestHeaders = request.headers
        let answer: @Sendable (RPCResponse, RPCOutcome) -> Void = { response, outcome in
            // gRPC compresses per message (grpc-encoding), never the whole body.
            if outcome.wireProtocol?.usesTrailers == true { return plainAnswer(response, outcome) }
            plainAnswer(compression.apply(to: response, requestHeaders: requestHeaders), outcome)
        }
        let prepared: Prepared
        switch prepare(request) {
        case .success(let value): prepared = value
        case .failure(let refusal):
            answer(refusal.response, refusal.outcome)
            return
        }
        let method = prepared.method
        let negotiated = prepared.negotiated
        let context = prepared.context
        let body = prepared.body
        let dispatcher = self
        guard case .unary(let invoke) = method.invocation else {
            // Streams are served as they arrive, by the channel (``prepareStream(uri:_:)``); a whole
            // request reaches here only from a transport without streams (in-process).
            let failure = ServerError(negotiated.wireProtocol, .unimplemented,
                                      "\(method.path) is a \(method.kind) method and this transport carries unary calls only; call it over HTTP.")
            let (response, outcome) = refuse(failure, negotiated)
            answer(response, outcome)
            return
        }
        let observation = observe(method.path, negotiated, headers: requestHeaders)
        observation?.noteRequest(bytes: body.count)
        await DeadlineRace.run(deadline: context.deadline, timers: request.deadlineTimers, canceller: request.taskCanceller, {
            guard let observation else { return try await invoke(body, negotiated.encoding, context, method.interceptors) }
            return try await ServiceContext.withValue(observation.context(.topLevel)) {
                try await invoke(body, negotiated.encoding, context, method.interceptors)
            }
        }, answer: { result in
            let added = context.responseFields.outgoing(logger: context.logger)
            switch result {
            case .success(let reply) where negotiated.wireProtocol.usesTrailers:
                let response = GRPCResponses.success(reply, negotiated: negotiated, requestHeaders: requestHeaders, compression: compression,
                                                     extraHeaders: added.headers, trailers: added.trailers)
                observation?.finish(answering: reply.count)
                answer(response, RPCOutcome(wireProtocol: negotiated.wireProtocol, encoding: negotiated.encoding, code: nil))
            case .success(let reply):
                let headers: HTTPFields = [.contentType: negotiated.responseContentType] + added.headers + ConnectHeaders.trailerHeaders(added.trailers)
                let response = RPCResponse(status: 200, headers: headers, body: reply)
                observation?.finish(answering: reply.count)
                answer(response, RPCOutcome(wireProtocol: negotiated.wireProtocol, encoding: negotiated.encoding, code: nil))
            case .failure(let error):
                var failure = FailureMapping.serverError(for: error, method: method.path, negotiated: negotiated, logger: context.logger)
                failure.headers += added.headers
                failure.trailers += added.trailers
                let (response, outcome) = dispatcher.refuse(failure, negotiated)
                observation?.finish(failure.error)
                answer(response, outcome)
            }
        })
    }

    /// The observation of a call to the method at `path`, in the context its headers carry;
    /// `nil` when ``observability`` is off.
    func observe(_ path: String, _ negotiated: Negotiated, headers: HTTPFields) -> RPCCallObservation? {
        guard !observability.isOff else { return nil }
        return RPCCallObservation.start(observability, side: .server, path: path, rpcProtocol: negotiated.wireProtocol,
                                        context: RPCCallObservation.extractContext(headers, observability))
    }

    /// The answer to a request whose body is over `limit` bytes: `resource_exhausted` with
    /// HTTP 413, in the format of the protocol the path and Content-Type point to.
    func tooLarge(uri: String, contentType: String?, limit: Int) -> (RPCResponse, RPCOutcome) {
        refuse(framedContentType(contentType, ServerError(
            protocolOf(uri: uri, contentType: contentType), .resourceExhausted,
            "the request body is larger than this server's limit of \(limit) bytes; send a smaller message or raise ServerConfiguration.maxRequestBodySize.",
            httpStatus: 413
        )))
    }

    /// The answer to a request that arrives while `limit` requests are being served:
    /// `unavailable` (HTTP 503) with `Retry-After: 1`, in the format its path and Content-Type point to.
    func overloaded(uri: String, contentType: String?, limit: Int) -> (RPCResponse, RPCOutcome) {
        refuse(framedContentType(contentType, ServerError(
            protocolOf(uri: uri, contentType: contentType), .unavailable,
            "the server is serving its limit of \(limit) requests at once; retry with backoff, or raise ServerConfiguration.maxConcurrentRequests.",
            httpStatus: 503, headers: [.retryAfter: "1"]
        )))
    }

    /// `failure`, answering in the request's own gRPC or gRPC-Web type when it is one.
    private func framedContentType(_ contentType: String?, _ failure: ServerError) -> ServerError {
        var failure = failure
        if failure.wireProtocol.usesTrailers { failure.responseContentType = MediaType(contentType ?? "").essence }
        return failure
    }

    /// The protocol a request that is refused before it is read whole was aimed at, from its
    /// path and Content-Type alone.
    private func protocolOf(uri: String, contentType: String?) -> RPCProtocol {
        switch router.route(uri)?.kind {
        case .twirpPath?: return .twirp
        case .plainRoute?: return .plain
        case .connectPath?:
            let media = MediaType(contentType ?? "")
            if let framed = RPCProtocol.framed(mediaType: media.essence) { return framed }
            return media.kind == .protobuf && media.essence != MediaType.connectProto ? .plain : .connect
        case nil:
            if router.looksLikeTwirp(uri) { return .twirp }
            return RPCProtocol.framed(mediaType: MediaType(contentType ?? "").essence) ?? .connect
        }
    }

    /// A refusal as the response and what the access log records.
    func refuse(_ failure: ServerError, _ negotiated: Negotiated? = nil) -> (RPCResponse, RPCOutcome) {
        var failure = failure
        if let negotiated, failure.responseContentType == nil { failure.responseContentType = negotiated.responseContentType }
        return (failure.response, RPCOutcome(wireProtocol: failure.wireProtocol, encoding: negotiated?.encoding, code: failure.error.code))
    }
}
