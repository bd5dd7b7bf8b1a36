// ServerError.swift: a rejected call: the RPC error, the protocol to phrase it in, an HTTP status override.
import HTTPTypes
import ProtoHTTPCore


/// A call the server answers with an error: the client-facing ``error``, the protocol whose
/// error format to use, and an HTTP status when the situation has a more precise one than the
/// code's table (413 for an oversized body, 415 for an unsupported content type).
struct ServerError: Error, Sendable {
    var error: ProtoHTTPError
    var wireProtocol: RPCProtocol
    var httpStatus: Int?
    /// Extra response headers (e.g. `Accept-Post` next to a 415, or the handler's).
    var headers: HTTPFields = [:]
    /// The handler's trailers: after the status for gRPC and gRPC-Web, `trailer-` headers otherwise.
    var trailers: HTTPFields = [:]

    init(_ wireProtocol: RPCProtocol, _ code: ProtoHTTPError.Code, _ message: String, httpStatus: Int? = nil, headers: HTTPFields = [:]) {
        self.error = ProtoHTTPError(code: code, message: message)
        self.wireProtocol = wireProtocol
        self.httpStatus = httpStatus
        self.headers = headers
    }

    init(_ wireProtocol: RPCProtocol, error: ProtoHTTPError, httpStatus: Int? = nil) {
        self.error = error
        self.wireProtocol = wireProtocol
        self.httpStatus = httpStatus
    }

    /// The Content-Type a gRPC or gRPC-Web error answers with (the request's), when known.
    var responseContentType: String?

    /// The HTTP response: the status, `Content-Type: application/json` and the protocol's
    /// body; gRPC and gRPC-Web: HTTP 200 with the status in trailers (``GRPCResponses``).
    var response: RPCResponse {
        let code = error.code
        switch wireProtocol {
        case .grpc, .grpcWeb:
            return GRPCResponses.failure(error, wireProtocol, contentType: responseContentType, extraHeaders: headers, trailers: trailers)
        case .connect, .plain:
            return RPCResponse(
                status: httpStatus ?? code.connectHTTPStatus,
                headers: [.contentType: MediaType.json] + headers + ConnectHeaders.trailerHeaders(trailers),
                body: ConnectErrorBody.encode(error)
            )
        case .twirp:
            return RPCResponse(
                status: httpStatus ?? code.twirpHTTPStatus,
                headers: [.contentType: MediaType.json] + headers + ConnectHeaders.trailerHeaders(trailers),
                body: TwirpErrorBody.encode(error, twirpCode: twirpCodeOverride)
            )
        }
    }

    /// Twirp's own names where the spec uses them: `bad_route` for routing failures and
    /// `malformed` for undecodable bodies.
    var twirpCodeOverride: String?
}
