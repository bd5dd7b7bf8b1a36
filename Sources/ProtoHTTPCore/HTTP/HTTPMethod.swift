// HTTPMethod.swift: an HTTP request method, with the common ones named.
public import HTTPTypes


/// An HTTP request method.
///
/// ```swift
/// manager.request(.get, "/notes", input: ["tag": "home"], requestSerializer: .formURLEncoded, responseSerializer: .json(Page.self), …)
/// ```
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method's token, e.g. `"GET"`.
    public let rawValue: String

    /// A method from its token; tokens are case-sensitive (`"GET"`, not `"get"`).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A method from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `GET`: reads; its input goes into the URL's query.
    public static let get: HTTPMethod = "GET"
    /// `HEAD`: a GET without the response body; its input goes into the URL's query.
    public static let head: HTTPMethod = "HEAD"
    /// `POST`: the RPC method; its input is the body.
    public static let post: HTTPMethod = "POST"
    /// `PUT`: replaces; its input is the body.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`: changes part; its input is the body.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`: removes; its input is the body.
    public static let delete: HTTPMethod = "DELETE"

    /// Whether a request's input travels as a body. GET and HEAD send none: their input goes
    /// into the URL's query.
    public var sendsBody: Bool { self != .get && self != .head }

    /// Whether the method is idempotent by RFC 9110 (GET, HEAD, PUT, DELETE, OPTIONS, TRACE):
    /// repeating it has the effect of sending it once, so a retry is safe.
    public var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
    }

    /// The token.
    public var description: String { rawValue }
}

extension HTTPMethod {
    /// The method swift-http-types' `HTTPRequest.Method` names (the same token).
    public init(_ method: HTTPRequest.Method) { self.init(rawValue: method.rawValue) }

    /// This method as swift-http-types' `HTTPRequest.Method`, or `nil` when the token is not a
    /// valid method token (empty, or with spaces or separators).
    public var requestMethod: HTTPRequest.Method? { HTTPRequest.Method(rawValue) }
}
