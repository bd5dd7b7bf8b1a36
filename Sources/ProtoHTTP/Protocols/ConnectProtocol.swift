// ConnectProtocol.swift: Connect unary: POST /pkg.Service/Method, protocol headers, the {code, message, details} error body.
import Foundation

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
        SerializationContext(binaryContentType: "application/proto", jsonContentType: "application/json")
    }

    /// Creates the protocol.
    public init() {}

    /// The method path, unchanged (`/pkg.Service/Method`).
    public func route(_ path: String) -> String { path }

    /// `Connect-Protocol-Version: 1`, plus `Connect-Timeout-Ms` for a deadline.
    public func headers(timeout: Duration?) -> [HTTPHeader] {
        var headers = [HTTPHeader(name: "Connect-Protocol-Version", value: "1")]
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            let milliseconds = max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
            headers.append(HTTPHeader(name: "Connect-Timeout-Ms", value: String(min(milliseconds, 9_999_999_999))))
        }
        return headers
    }

    /// The error of a non-200 response.
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        guard response.status != 200 else { return nil }
        return Self.decodeError(status: response.status, headers: response.headers, body: response.body)
    }

    /// The Connect error JSON body.
    struct WireError: Decodable {
        struct Detail: Decodable {
            var type: String?
            var value: String?
        }
        var code: String?
        var message: String?
        var details: [Detail]?
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
}

extension ConnectProtocol {
    /// The error a JSON body `{code, message, details}` with a known Connect code describes,
    /// or `nil` when the body is not one.
    static func structuredError(status: Int, headers: [HTTPHeader], body: [UInt8]) -> ProtoHTTPError? {
        let isJSON = headers.first(named: "Content-Type").map { MediaType($0).kind == .json } ?? false
        guard isJSON, let wire = try? JSONDecoder().decode(WireError.self, from: Data(body)),
              let name = wire.code, let code = ProtoHTTPError.Code(name: name)
        else { return nil }
        let details = (wire.details ?? []).compactMap { detail -> ErrorDetail? in
            guard let type = detail.type, let bytes = Base64Lenient.decode(detail.value ?? "") else { return nil }
            return ErrorDetail(type: type, value: bytes)
        }
        return ProtoHTTPError(code: code, message: wire.message ?? "", httpStatus: status, details: details, responseBody: body)
    }
}

/// Base64 as Connect writes it: standard or URL-safe alphabet, padding optional.
enum Base64Lenient {
    /// The bytes, or `nil` for text that is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var normalized = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while normalized.count % 4 != 0 { normalized.append("=") }
        return Data(base64Encoded: normalized).map { Array($0) }
    }
}
