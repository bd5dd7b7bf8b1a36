// ConnectProtocol.swift: Connect unary: POST /pkg.Service/Method, protocol headers, the {code, message, details} error body.
/// Connect unary calls (connectrpc.com/docs/protocol):
/// `POST /pkg.Service/Method`, `Content-Type: application/proto` or `application/json`,
/// `Connect-Protocol-Version: 1`, and `Connect-Timeout-Ms` when the call has a deadline.
///
/// A non-200 response is an error. A JSON body `{"code", "message", "details"}` gives its code,
/// message and details (type and base64 value); any other body maps the HTTP status to a code
/// by the specification's table (see ``ProtoHTTPError/Code/init(httpStatus:)``).
public struct ConnectProtocol: WireProtocol {
    /// `"connect"`.
    public var name: String { "connect" }
    /// `application/proto` and `application/json`.
    public var serializationContext: SerializationContext {
        SerializationContext(binaryContentType: RPCProtocol.connect.contentType(for: .binary), jsonContentType: MediaType.json)
    }

    /// Creates the protocol.
    public init() {}

    /// The method path, unchanged (`/pkg.Service/Method`).
    public func route(_ path: String) -> String { path }

    /// `Connect-Protocol-Version: 1`, plus `Connect-Timeout-Ms` for a deadline.
    public func headers(timeout: Duration?) -> [HTTPHeader] {
        var headers = [HTTPHeader(name: ConnectHeaders.protocolVersion, value: ConnectHeaders.protocolVersionValue)]
        if let timeout {
            headers.append(HTTPHeader(name: ConnectHeaders.timeout, value: ConnectHeaders.timeoutValue(timeout)))
        }
        return headers
    }

    /// The error of a non-200 response.
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        guard response.status != 200 else { return nil }
        return Self.decodeError(status: response.status, headers: response.headers, body: response.body)
    }

    /// Reads a Connect error body, falling back to the HTTP status table.
    static func decodeError(status: Int, headers: [HTTPHeader], body: [UInt8]) -> ProtoHTTPError {
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
    static func structuredError(status: Int, headers: [HTTPHeader], body: [UInt8]) -> ProtoHTTPError? {
        guard let contentType = headers.first(named: "Content-Type"), MediaType(contentType).kind == .json else { return nil }
        return ConnectErrorBody.decode(body, httpStatus: status)
    }
}
