// Dispatcher.swift: one complete request to one complete response: route, negotiate, check headers, run the handler.
import Logging

/// Serves complete requests, independent of the network layer. Every outcome, including every
/// refusal, is a well-formed response in the protocol's error format.
struct Dispatcher: Sendable {
    let router: Router
    let logger: Logger
    /// The largest body a handler gets, also after gzip inflation.
    let maxRequestBodySize: Int

    /// Answers `request`.
    func handle(_ request: RPCRequest) async -> (RPCResponse, RPCOutcome) {
        guard let route = router.route(request.uri) else {
            return refuse(notFound(request.uri))
        }
        guard request.method == "POST" else {
            return refuse(wrongMethod(request.method, route: route))
        }
        let negotiated: Negotiated
        switch Negotiation.negotiate(route.kind, contentType: request.header("Content-Type"), connectVersion: request.header(ConnectHeaders.protocolVersion)) {
        case .success(let value): negotiated = value
        case .failure(let refusal): return refuse(refusal)
        }
        var deadline: ContinuousClock.Instant?
        if negotiated.wireProtocol == .connect {
            if let refusal = ConnectRequestHeaders.checkVersion(request.header(ConnectHeaders.protocolVersion)) {
                return refuse(refusal, negotiated)
            }
            switch ConnectRequestHeaders.deadline(request.header(ConnectHeaders.timeout), now: .now) {
            case .success(let value): deadline = value
            case .failure(let refusal): return refuse(refusal, negotiated)
            }
        }
        let body: [UInt8]
        switch ContentEncoding.decode(request.body, contentEncoding: request.header("Content-Encoding"), negotiated.wireProtocol, limit: maxRequestBodySize) {
        case .success(let decoded): body = decoded
        case .failure(let refusal): return refuse(refusal, negotiated)
        }

        let method = route.method
        var callLogger = logger
        callLogger[metadataKey: "rpc"] = "\(method.path)"
        let context = ServerContext(
            method: method.path, wireProtocol: negotiated.wireProtocol, encoding: negotiated.encoding,
            requestHeaders: request.headers, remoteAddress: request.remoteAddress, deadline: deadline, logger: callLogger
        )
        do {
            let reply = try await DeadlineRace.run(deadline: deadline) {
                try await method.invoke(body, negotiated.encoding, context)
            }
            let response = RPCResponse(status: 200, headers: [HTTPHeader(name: "Content-Type", value: negotiated.responseContentType)], body: reply)
            return (response, RPCOutcome(wireProtocol: negotiated.wireProtocol, encoding: negotiated.encoding, code: nil))
        } catch {
            let failure = FailureMapping.serverError(for: error, method: method.path, negotiated: negotiated, logger: callLogger)
            return refuse(failure, negotiated)
        }
    }

    /// The answer to a request whose body is over `limit` bytes: `resource_exhausted` with
    /// HTTP 413, in the format of the protocol the path and Content-Type point to.
    func tooLarge(uri: String, contentType: String?, limit: Int) -> (RPCResponse, RPCOutcome) {
        let wireProtocol: RPCProtocol
        switch router.route(uri)?.kind {
        case .twirpPath?: wireProtocol = .twirp
        case .plainRoute?: wireProtocol = .plain
        case .connectPath?:
            let media = MediaType(contentType ?? "")
            wireProtocol = media.kind == .protobuf && media.essence != MediaType.connectProto ? .plain : .connect
        case nil: wireProtocol = router.looksLikeTwirp(uri) ? .twirp : .connect
        }
        return refuse(ServerError(
            wireProtocol, .resourceExhausted,
            "the request body is larger than this server's limit of \(limit) bytes; send a smaller message or raise ServerConfiguration.maxRequestBodySize.",
            httpStatus: 413
        ))
    }

    private func refuse(_ failure: ServerError, _ negotiated: Negotiated? = nil) -> (RPCResponse, RPCOutcome) {
        (failure.response, RPCOutcome(wireProtocol: failure.wireProtocol, encoding: negotiated?.encoding, code: failure.error.code))
    }

    /// No route: Twirp's `bad_route` under the Twirp prefix, Connect's `unimplemented` elsewhere.
    private func notFound(_ uri: String) -> ServerError {
        let path = Router.path(of: uri)
        if router.looksLikeTwirp(uri) {
            var failure = ServerError(.twirp, .unimplemented, "no method at \(path); this server's Twirp methods are \(knownMethods(prefix: router.twirpPrefix)).", httpStatus: 404)
            failure.twirpCodeOverride = "bad_route"
            return failure
        }
        return ServerError(.connect, .unimplemented, "no method at \(path); this server serves \(knownMethods()).", httpStatus: 404)
    }

    private func wrongMethod(_ httpMethod: String, route: Router.Route) -> ServerError {
        let message = "\(httpMethod) is not supported for \(route.method.path); RPC calls are POST requests."
        let allow = [HTTPHeader(name: "Allow", value: "POST")]
        switch route.kind {
        case .twirpPath:
            var failure = ServerError(.twirp, .unimplemented, message, httpStatus: 404, headers: allow)
            failure.twirpCodeOverride = "bad_route"
            return failure
        case .connectPath:
            return ServerError(.connect, .unimplemented, message, httpStatus: 405, headers: allow)
        case .plainRoute:
            return ServerError(.plain, .unimplemented, message, httpStatus: 405, headers: allow)
        }
    }

    /// The registered method paths, for error messages (the first ten, then a count).
    private func knownMethods(prefix: String = "") -> String {
        let paths = router.methodPaths.map { prefix + $0 }
        if paths.isEmpty { return "no methods (register a service)" }
        let shown = paths.prefix(10).joined(separator: ", ")
        return paths.count > 10 ? "\(shown) and \(paths.count - 10) more" : shown
    }
}
