// ServerProtocol.swift: the wire protocols the server speaks and their content types.

/// The wire protocol of a request, chosen by its route and Content-Type:
/// Connect at `/pkg.Service/Method` (`application/proto`, `application/json`), Twirp under
/// `/twirp` (`application/protobuf`, `application/json`), plain at the Connect path with
/// `application/x-protobuf` / `application/octet-stream`, or at a ``PlainRoute``.
public enum ServerProtocol: String, Sendable, Hashable, CustomStringConvertible {
    /// Connect unary.
    case connect
    /// Twirp.
    case twirp
    /// Plain HTTP POST: a body in, a body out; errors as an HTTP status with a JSON body.
    case plain

    /// `"connect"`, `"twirp"` or `"plain"`.
    public var description: String { rawValue }

    /// The Content-Type of a response body in `encoding`; plain echoes the request's binary type.
    func responseContentType(_ encoding: BodyEncoding, requestType: String) -> String {
        switch (self, encoding) {
        case (_, .json): "application/json"
        case (.connect, .binary): "application/proto"
        case (.twirp, .binary): "application/protobuf"
        case (.plain, .binary): requestType
        }
    }
}
