// ConnectProtocol.swift: Connect unary: POST /pkg.Service/Method, protocol headers, the {code, message, details} error body.
/// Connect unary calls (connectrpc.com/docs/protocol):
/// `POST /pkg.Service/Method`, `Content-Type: application/proto` or `application/json`,
/// `Connect-Protocol-Version: 1`, and `Connect-Timeout-Ms` when the call has a deadline.
///
/// A non-200 response is an error. A JSON body `{"code", "message", "details"}` gives its code,
/// message and details (type and base64 value); any other body maps the HTTP status to a code
/// by the specification's table (ProtoHTTPCore's `ProtoHTTPError.Code(httpStatus:)`).
///
/// With ``httpGet``, a method marked `option idempotency_level = NO_SIDE_EFFECTS` is sent as
/// Connect's unary GET, which HTTP caches and CDNs can serve:
/// `GET /pkg.Service/Method?connect=v1&base64=1&encoding=proto&message=<base64url>` (JSON
/// messages go percent-escaped, without `base64`). A URL longer than ``maxGetURLLength`` is
/// sent as a POST instead.
public import HTTPTypes
public import ProtoHTTPCore

public struct ConnectProtocol: WireProtocol {
    /// The default ``maxGetURLLength``: 4 KiB, under the 8 KiB request-line limit of common
    /// servers and proxies with room for headers.
    public static let defaultMaxGetURLLength = 4096

    /// `RPCProtocol.connect`.
    public var rpcProtocol: RPCProtocol { .connect }
    /// Whether side-effect-free methods are sent as GET.
    public var httpGet: Bool
    /// The longest URL, in bytes, sent as a GET; longer ones go as POST.
    public var maxGetURLLength: Int
    /// `application/proto` and `application/json`.
    public var serializationContext: SerializationContext {
        SerializationContext(binaryContentType: RPCProtocol.connect.contentType(for: .binary), jsonContentType: MediaType.json)
    }

    /// Creates the protocol; GET for side-effect-free methods only with `httpGet`.
    public init(httpGet: Bool = false, maxGetURLLength: Int = ConnectProtocol.defaultMaxGetURLLength) {
        self.httpGet = httpGet
        self.maxGetURLLength = maxGetURLLength
    }

    /// A GET for a side-effect-free method when ``httpGet`` is on and the URL fits; otherwise
    /// the request unchanged.
    public func finalize(_ request: TransportRequest, method: MethodDescriptor?) -> TransportRequest {
        guard httpGet, method?.idempotencyLevel == .noSideEffects else { return request }
        return ConnectGet.request(from: request, maxURLLength: maxGetURLLength) ?? request
    }

    /// The method path, unchanged (`/pkg.Service/Method`).
    public func route(_ path: String) -> String { path }

    /// `Connect-Protocol-Version: 1`, plus `Connect-Timeout-Ms` for a deadline.
    public func headers(timeout: Duration?) -> HTTPFields {
        var headers: HTTPFields = [.connectProtocolVersion: ConnectHeaders.protocolVersionValue]
        if let timeout {
            headers.append(HTTPField(name: .connectTimeout, value: ConnectHeaders.timeoutValue(timeout)))
        }
        return headers
    }

    /// The response with its `trailer-` headers moved to its trailers, prefix dropped (Connect
    /// unary carries trailers as headers; `ResponseMetadata.trailers` then holds them as gRPC's do).
    public func message(of response: TransportResponse) -> Result<TransportResponse, ProtoHTTPError> {
        let (headers, trailers) = ConnectHeaders.splitTrailers(response.headers)
        guard !trailers.isEmpty else { return .success(response) }
        var moved = response
        moved.headers = headers
        moved.trailers += trailers
        return .success(moved)
    }

    /// The error of a non-200 response.
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        guard response.status != 200 else { return nil }
        return Self.decodeError(status: response.status, headers: response.headers, body: response.body)
    }

    /// Reads a Connect error body, falling back to the HTTP status table.
    static func decodeError(status: Int, headers: HTTPFields, body: [UInt8]) -> ProtoHTTPError {
        if let error = structuredError(status: status, headers: headers, body: body) { return error }
        return ProtoHTTPError(
            code: ProtoHTTPError.Code(httpStatus: status),
            message: "the server answered HTTP \(status) without a Connect error body\(StatusCodeValidator.snippet(body)); is the URL a Connect endpoint?",
            httpStatus: status,
            responseBody: body
        )
    }

    /// The error a JSON body `{code, message, details}` with a known Connect code describes,
    /// or `nil` when the response is not JSON or its body is not one.
    static func structuredError(status: Int, headers: HTTPFields, body: [UInt8]) -> ProtoHTTPError? {
        guard let contentType = headers.firstValue(.contentType), MediaType(contentType).kind == .json else { return nil }
        return ConnectErrorBody.decode(body, httpStatus: status)
    }
}
