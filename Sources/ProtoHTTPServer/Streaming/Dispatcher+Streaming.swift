// Dispatcher+Streaming.swift: a streaming call from its head: route, protocol, headers checked; then the handler against its deadline.
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPObservability
import Tracing

extension Dispatcher {
    /// A streaming call ready to run: the method's invocation, the framing its protocol uses,
    /// and the handler's context.
    struct StreamPrepared: Sendable {
        var method: MethodDefinition
        var invocation: StreamInvocation
        var framing: StreamFraming
        var context: ServerContext
        /// Where the handler's deadline timer runs (the request's ``RPCRequest/deadlineTimers``).
        var deadlineTimers: DeadlineTimers
    }

    /// What the head of a request to a streaming method leads to.
    enum StreamStart: Sendable {
        /// The call is refused; the answer goes out once the request has arrived.
        case refused(RPCResponse, RPCOutcome)
        /// The call runs while its request messages arrive.
        case ready(StreamPrepared)
    }

    /// For a request to a streaming method, the checks of its head (the body is still to
    /// come): the call to run or the refusal. `nil` when the path is not a streaming method's,
    /// so the request is served whole (``prepare(_:)``).
    ///
    /// `makeRequest` runs only for a streaming method's path: a unary request (nearly all)
    /// is not made twice, its header fields converted once, when its body is complete.
    func prepareStream(uri: String, _ makeRequest: () -> RPCRequest) -> StreamStart? {
        guard let route = router.route(uri), case .streaming(let invocation) = route.method.invocation else { return nil }
        let request = makeRequest()
        let method = route.method
        func refused(_ failure: ServerError) -> StreamStart {
            let (response, outcome) = refuse(failure)
            return .refused(response, outcome)
        }
        func refused(_ error: ProtoHTTPError, _ framing: StreamFraming, headers: HTTPFields = [:]) -> StreamStart {
            .refused(framing.refusal(error, extraHeaders: headers), RPCOutcome(wireProtocol: framing.wireProtocol, encoding: framing.negotiated.encoding, code: error.code))
        }
        switch route.kind {
        case .connectPath: break
        case .twirpPath:
            var failure = ServerError(.twirp, .unimplemented,
                                      "\(method.path) is a \(invocation.kind) method and Twirp has no streams; call it over Connect, gRPC or gRPC-Web.", httpStatus: 404)
            failure.twirpCodeOverride = "bad_route"
            return refused(failure)
        case .plainRoute:
            return refused(ServerError(.plain, .unimplemented,
                                       "\(method.path) is a \(invocation.kind) method and plain HTTP has no streams; call it over Connect, gRPC or gRPC-Web.", httpStatus: 415))
        }
        guard request.method == .post else { return refused(wrongMethod(request.method, route: route)) }
        let contentType = request.header(.contentType)
        let media = MediaType(contentType ?? "").essence
        guard let (wireProtocol, encoding) = RPCProtocol.streaming(mediaType: media) else {
            let accepted = [MediaType.connectStreamProto, MediaType.connectStreamJSON, MediaType.grpc, MediaType.grpcWebProto]
            return refused(ServerError(
                .connect, .unimplemented,
                "\(method.path) is a \(invocation.kind) method; content type \(contentType.map { "\"\($0)\"" } ?? "(none)") cannot carry its stream. Send \(accepted.joined(separator: ", ")) (or their +json forms).",
                httpStatus: 415, headers: [.acceptPost: accepted.joined(separator: ", ")]
            ))
        }
        let negotiated = Negotiated(wireProtocol: wireProtocol, encoding: encoding, responseContentType: media,
                                    base64Body: media.hasPrefix(MediaType.grpcWebText))
        let encodingHeader: HTTPField.Name = wireProtocol == .connect ? .connectContentEncoding : .grpcEncoding
        let requestEncoding = request.header(encodingHeader).map { HTTPText.trimmed($0).lowercased() }
        let framing = StreamFraming(negotiated: negotiated, limit: maxRequestBodySize, requestEncoding: requestEncoding, maxRatio: maxRequestInflationRatio)
        if let failure = checkFramed(request, negotiated) { return refused(failure) }
        if let requestEncoding, requestEncoding != "gzip", requestEncoding != "identity" {
            let failure = ProtoHTTPError(code: .unimplemented,
                                         message: "request messages compressed with \"\(requestEncoding)\" are not accepted; compress them with gzip or send them uncompressed.")
            return refused(failure, framing)
        }
        var deadline: ContinuousClock.Instant?
        if wireProtocol == .connect {
            if let failure = ConnectRequestHeaders.checkVersion(request.header(.connectProtocolVersion)) { return refused(failure.error, framing) }
            switch ConnectRequestHeaders.deadline(request.header(.connectTimeout), now: .now) {
            case .success(let value): deadline = value
            case .failure(let failure): return refused(failure.error, framing)
            }
        } else if let timeout = request.header(.grpcTimeout) {
            guard let duration = GRPCTimeout.parse(timeout) else {
                return refused(ProtoHTTPError(code: .invalidArgument,
                                              message: "grpc-timeout \"\(timeout)\" is not 1 to 8 digits and a unit (H, M, S, m, u or n); send e.g. 250m."), framing)
            }
            deadline = .now + duration
        }
        let context = ServerContext(
            method: method.path, httpMethod: request.method, wireProtocol: wireProtocol, encoding: encoding,
            requestHeaders: request.headers, remoteAddress: request.remoteAddress, deadline: deadline, logger: logger(forMethod: method.path)
        )
        return .ready(StreamPrepared(method: method, invocation: invocation, framing: framing, context: context,
                                     deadlineTimers: request.deadlineTimers))
    }

    /// Runs a prepared stream's handler against its deadline and cancellation; `end` gets how
    /// the call ended (`nil` for OK) exactly once, as soon as that is known, and `serveStream`
    /// returns once the handler has.
    func serveStream(_ prepared: StreamPrepared, requests: RequestPayloads, responses: ResponseSink,
                     end: @escaping @Sendable (ProtoHTTPError?, RPCOutcome) -> Void) async {
        let invocation = prepared.invocation
        let context = prepared.context
        let negotiated = prepared.framing.negotiated
        let path = prepared.method.path
        let observation = observe(path, negotiated, headers: context.requestHeaders)
        let interceptors = prepared.method.interceptors
        await DeadlineRace.run(deadline: context.deadline, timers: prepared.deadlineTimers, {
            guard let observation else { return try await invocation.run(requests, responses, context, interceptors) }
            return try await ServiceContext.withValue(observation.context(.topLevel)) {
                try await invocation.run(requests, responses, context, interceptors)
            }
        }, answer: { result in
            switch result {
            case .success:
                observation?.finish(nil)
                end(nil, RPCOutcome(wireProtocol: negotiated.wireProtocol, encoding: negotiated.encoding, code: nil))
            case .failure(let error):
                let failure = FailureMapping.serverError(for: error, method: path, negotiated: negotiated, logger: context.logger)
                observation?.finish(failure.error)
                end(failure.error, RPCOutcome(wireProtocol: negotiated.wireProtocol, encoding: negotiated.encoding, code: failure.error.code))
            }
        })
    }
}
