// ResponseCacheKey.swift: the key of a cached response: a SHA-256 over everything that makes two calls differ.

/// The key a response is cached under: the lowercase hex SHA-256 of the request's method,
/// URL, wire protocol, encoding (`Content-Type` and `Accept`), body, the call's
/// ``CacheOptions/salt`` and ``CacheOptions/version``, each length-prefixed so no two
/// different sets of parts give the same bytes.
///
/// Headers other than the encoding's are not part of the key; put what must separate
/// entries (a user, a locale) in the salt.
public struct ResponseCacheKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 lowercase hex digits.
    public let digest: String

    /// The key of a request with these parts.
    public init(method: String, url: String, protocolName: String, contentType: String?, accept: String?,
                body: [UInt8], salt: String, version: Int) {
        var parts: [[UInt8]] = [Array(method.utf8), Array(url.utf8), Array(protocolName.utf8),
                                Array((contentType ?? "").utf8), Array((accept ?? "").utf8), body,
                                Array(salt.utf8), Array(String(version).utf8)]
        parts.insert(Array("protohttp-cache-1".utf8), at: 0)
        digest = SHA256Digest.hex(ofParts: parts)
    }

    /// A key from a stored digest (a store reading its own rows).
    public init(digest: String) { self.digest = digest }

    /// The digest.
    public var description: String { digest }
}
