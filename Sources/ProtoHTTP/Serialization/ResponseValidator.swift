// ResponseValidator.swift: validation as a separate, composable step: acceptable status codes and content types.
public import ProtoHTTPCore


/// Checks a response before it is serialized. Validators compose: a call runs its list in
/// order and the first that throws fails the call.
///
/// ```swift
/// options.validators = [.statusCodes(200..<300), .contentTypes(["application/proto", "application/json"])]
/// options.validators.append(.custom { metadata, body in ... })
/// ```
public protocol ResponseValidator: Sendable {
    /// Throws when the response is not acceptable.
    func validate(_ metadata: ResponseMetadata, body: [UInt8]) throws(ProtoHTTPError)
}

extension ResponseValidator where Self == StatusCodeValidator {
    /// Accepts only these status codes.
    public static func statusCodes<S: Sequence<Int>>(_ codes: S) -> StatusCodeValidator { StatusCodeValidator(codes) }
    /// Accepts 200–299.
    public static var successStatus: StatusCodeValidator { StatusCodeValidator(200..<300) }
}

extension ResponseValidator where Self == ContentTypeValidator {
    /// Accepts only these media types (`type/subtype`, `type/*`, `*/*`; parameters and case ignored).
    public static func contentTypes(_ patterns: [String]) -> ContentTypeValidator { ContentTypeValidator(patterns) }
}

extension ResponseValidator where Self == ClosureValidator {
    /// Any check, as a closure.
    public static func custom(_ check: @escaping @Sendable (ResponseMetadata, [UInt8]) throws(ProtoHTTPError) -> Void) -> ClosureValidator {
        ClosureValidator(check)
    }
}

/// Accepts a set of status codes (default 200–299). Another status fails with the code
/// Connect's table gives it (404 → `unimplemented`, 503 → `unavailable`, …).
public struct StatusCodeValidator: ResponseValidator {
    /// The acceptable codes.
    public var acceptable: Set<Int>

    /// A validator accepting `codes` (200–299 by default).
    public init<S: Sequence<Int>>(_ codes: S = 200..<300) { acceptable = Set(codes) }

    /// Throws for a status outside ``acceptable``.
    public func validate(_ metadata: ResponseMetadata, body: [UInt8]) throws(ProtoHTTPError) {
        guard !acceptable.contains(metadata.status) else { return }
        throw ProtoHTTPError(
            code: ProtoHTTPError.Code(httpStatus: metadata.status),
            message: "the server answered HTTP \(metadata.status)\(Self.snippet(body)); check the URL, the method path and the server's logs.",
            httpStatus: metadata.status,
            responseBody: body
        )
    }

    /// `: "<first 200 characters of a text body>"`, or empty.
    static func snippet(_ body: [UInt8]) -> String {
        guard !body.isEmpty else { return "" }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return ": \"\(text)\(body.count > 200 ? "…" : "")\""
    }
}

/// Accepts only responses whose `Content-Type` matches one of the patterns.
public struct ContentTypeValidator: ResponseValidator {
    /// The acceptable media-type patterns.
    public var patterns: [String]

    /// A validator accepting the media types that match `patterns`.
    public init(_ patterns: [String]) { self.patterns = patterns }

    /// Throws (`internal`) when the `Content-Type` is missing or matches no pattern.
    /// An empty body without a `Content-Type` is accepted.
    public func validate(_ metadata: ResponseMetadata, body: [UInt8]) throws(ProtoHTTPError) {
        guard let contentType = metadata.contentType else {
            if body.isEmpty { return }
            throw ProtoHTTPError(
                code: .internal,
                message: "the response has no Content-Type; expected one of \(patterns.joined(separator: ", ")).",
                httpStatus: metadata.status
            )
        }
        let type = MediaType(contentType)
        guard !patterns.contains(where: { type.matches($0) }) else { return }
        throw ProtoHTTPError(
            code: .internal,
            message: "unexpected response Content-Type \"\(contentType)\"; expected one of \(patterns.joined(separator: ", ")).",
            httpStatus: metadata.status
        )
    }
}

/// A validator made from a closure.
public struct ClosureValidator: ResponseValidator {
    private let check: @Sendable (ResponseMetadata, [UInt8]) throws(ProtoHTTPError) -> Void

    /// A validator that runs `check`.
    public init(_ check: @escaping @Sendable (ResponseMetadata, [UInt8]) throws(ProtoHTTPError) -> Void) { self.check = check }

    /// `check(metadata, body)`.
    public func validate(_ metadata: ResponseMetadata, body: [UInt8]) throws(ProtoHTTPError) {
        try check(metadata, body)
    }
}
