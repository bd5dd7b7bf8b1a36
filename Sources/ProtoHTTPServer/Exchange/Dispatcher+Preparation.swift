// Dispatcher+Preparation.swift: everything before a handler runs: route, method, negotiation, Connect headers, body.
import Logging
import HTTPTypes
import ProtoHTTPCore

extension Dispatcher {
    /// What a request needs before its handler runs: the route, the protocol and encoding,
    /// the Connect headers' checks, and the decoded body.
    struct Prepared {
        var method: MethodDefinition
        var negotiated: Negotiated
        var body: [UInt8]
        var context: ServerContext
    }

    /// A refusal before any handler runs.
    struct Refusal: Error {
        var response: RPCResponse
        var outcome: RPCOutcome
    }

    /// The answer to `request` when it is refused before its handler runs (a gzip body refused
    /// while it arrives): its route, protocol and headers are checked first, as for any request.
    func refusal(of request: RPCRequest) -> (RPCResponse, RPCOutcome)? {
        guard case .failure(let refusal) = prepare(request) else { return nil }
        return (refusal.response, refusal.outcome)
    }

    /// Checks `request` up to the handler: the prepared call, or the refusal to answer.
    func prepare(_ request: RPCRequest) -> Result<Prepared, Refusal> {
        func refusal(_ failure: ServerError, _ negotiated: Negotiated? = nil) -> Result<Prepared, Refusal> {
            let (response, outcome) = refuse(failure, negotiated)
            return .failure(Refusal(response: response, outcome: outcome))
        }
        guard let route = router.route(request.uri) else {
            return refusal(notFound(request.uri, contentType: request.header(.contentType)))
        }
        let isConnectGet = request.method == .get && route.kind == .connectPath && route.method.idempotencyLevel == .noSideEffects
        guard request.method == .post || isConnectGet else {
            return refusal(wrongMethod(request.method, route: route))
        }
        let negotiated: Negotiated
        var payload = request.body
        var contentEncoding = request.header(.contentEncoding)
        if isConnectGet {
            // Connect's GET carries the message, its encoding and compression in the query.
            switch ConnectGetRequest.parse(request.uri) {
            case .success(let get):
                negotiated = Negotiated(wireProtocol: .connect, encoding: get.encoding, responseContentType: RPCProtocol.connect.contentType(for: get.encoding))
                payload = get.message
                contentEncoding = get.compression
            case .failure(let failure):
                return refusal(failure)
            }
        } else {
            switch Negotiation.negotiate(route.kind, contentType: request.header(.contentType), connectVersion: request.header(.connectProtocolVersion)) {
            case .success(let value): negotiated = value
            case .failure(let failure): return refusal(failure)
            }
        }
        var deadline: ContinuousClock.Instant?
        if negotiated.wireProtocol.usesTrailers {
            if let failure = checkFramed(request, negotiated) { return refusal(failure, negotiated) }
            switch GRPCRequestBody.message(of: payload, headers: request.headers, negotiated: negotiated, limit: maxRequestBodySize,
                                           maxRatio: maxRequestInflationRatio) {
            case .success(let message): payload = message
            case .failure(let failure): return refusal(failure, negotiated)
            }
            contentEncoding = nil  // gRPC compresses each message (grpc-encoding), never the body
            if let timeout = request.header(.grpcTimeout) {
                guard let duration = GRPCTimeout.parse(timeout) else {
                    return refusal(ServerError(negotiated.wireProtocol, .invalidArgument,
                                               "grpc-timeout \"\(timeout)\" is not 1 to 8 digits and a unit (H, M, S, m, u or n); send e.g. 250m."), negotiated)
                }
                deadline = .now + duration
            }
        }
        if negotiated.wireProtocol == .connect {
            // A GET names its version in the query (connect=v1), not in the header.
            if !isConnectGet, let failure = ConnectRequestHeaders.checkVersion(request.header(.connectProtocolVersion)) {
                return refusal(failure, negotiated)
            }
            switch ConnectRequestHeaders.deadline(request.header(.connectTimeout), now: .now) {
            case .success(let value): deadline = value
            case .failure(let failure): return refusal(failure, negotiated)
            }
        }
        let body: [UInt8]
        switch request.bodyDecoding {
        case .asSent:
            switch ContentEncoding.decode(payload, contentEncoding: contentEncoding, negotiated.wireProtocol, limit: maxRequestBodySize,
                                          maxRatio: maxRequestInflationRatio) {
            case .success(let decoded): body = decoded
            case .failure(let failure): return refusal(failure, negotiated)
            }
        case .inflated:
            body = payload
        case .failed(let failure):
            return refusal(ContentEncoding.refusal(failure, negotiated.wireProtocol, limit: maxRequestBodySize), negotiated)
        }
        let method = route.method
        let callLogger = logger(forMethod: method.path)
        let context = ServerContext(
            method: method.path, httpMethod: request.method, wireProtocol: negotiated.wireProtocol, encoding: negotiated.encoding,
            requestHeaders: request.headers, remoteAddress: request.remoteAddress, deadline: deadline, logger: callLogger
        )
        return .success(Prepared(method: method, negotiated: negotiated, body: body, context: context))
    }

    /// What a gRPC or gRPC-Web request needs besides its body: POST, and HTTP/2 for gRPC. A gRPC
    /// call over HTTP/1.1 is answered in plain HTTP (it cannot carry trailers there) with
    /// `505 HTTP Version Not Supported`, a JSON error body and `grpc-status` in the headers.
    func checkFramed(_ request: RPCRequest, _ negotiated: Negotiated) -> ServerError? {
        if negotiated.wireProtocol == .grpc, request.httpMajorVersion < 2 {
            let error = ProtoHTTPError(
                code: .unimplemented,
                message: "gRPC needs HTTP/2 and this request came over HTTP/1.\(request.httpMajorVersion == 1 ? "1" : "0"); call with HTTP/2 (h2c with prior knowledge, or TLS with ALPN h2), or use gRPC-Web (\(MediaType.grpcWebProto)) or Connect over HTTP/1.1."
            )
            var failure = ServerError(.plain, error: error, httpStatus: 505)
            failure.headers = GRPCResponses.statusFields(error)
            return failure
        }
        return nil
    }

    /// No route: Twirp's `bad_route` under the Twirp prefix, Connect's `unimplemented` elsewhere
    /// (gRPC's and gRPC-Web's, in their trailers, for requests of their content types).
    private func notFound(_ uri: String, contentType: String?) -> ServerError {
        let path = Router.path(of: uri)
        let media = MediaType(contentType ?? "").essence
        if let framed = RPCProtocol.framed(mediaType: media) {
            let known = listsMethodsWhenNotFound ? "; this server serves \(knownMethods())" : ""
            var failure = ServerError(framed, .unimplemented, "no method at \(path)\(known); check the service and method name.")
            failure.responseContentType = media
            return failure
        }
        if router.looksLikeTwirp(uri) {
            let known = listsMethodsWhenNotFound ? "; this server's Twirp methods are \(knownMethods(prefix: router.twirpPrefix))" : ""
            var failure = ServerError(.twirp, .unimplemented, "no method at \(path)\(known); check the service and method name.", httpStatus: 404)
            failure.twirpCodeOverride = "bad_route"
            return failure
        }
        let known = listsMethodsWhenNotFound ? "; this server serves \(knownMethods())" : ""
        return ServerError(.connect, .unimplemented, "no method at \(path)\(known); check the service and method name.", httpStatus: 404)
    }

    func wrongMethod(_ httpMethod: HTTPMethod, route: Router.Route) -> ServerError {
        let message = httpMethod == .get && route.kind == .connectPath
            ? "GET is not supported for \(route.method.path): only methods marked idempotency_level = NO_SIDE_EFFECTS answer Connect GETs; POST it."
            : "\(httpMethod) is not supported for \(route.method.path); RPC calls are POST requests."
        let allow: HTTPFields = [.allow: "POST"]
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
