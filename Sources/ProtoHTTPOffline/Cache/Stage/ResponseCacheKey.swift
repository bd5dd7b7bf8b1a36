// ResponseCacheKey.swift: the key of a cached response: a SHA-256 over everything that makes two calls differ.
public import HTTPTypes
import ProtoHTTP
public import ProtoHTTPCore


/// The key a response is cached under: the lowercase hex SHA-256 of the request's method,
/// URL, wire protocol, encoding (`Content-Type` and `Accept`), body, credentials
/// (`Authorization`, `Proxy-Authorization`, `Cookie`), the call's ``CacheOptions/salt`` and
/// ``CacheOptions/version``, and the app's version (`ManagerConfiguration.appVersion`, when
/// set), each length-prefixed so no two different sets of parts give the same bytes.
///
/// The credentials make two users of one cache never see each other's answers (only their
/// digest is in the key; the store never sees them). Other headers are not part of the key;
/// put what else must separate entries (a locale) in the salt.
public struct ResponseCacheKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 lowercase hex digits.
    public let digest: String

    /// The key of a request with these parts.
    ///
    /// `credentials`: the request's credential headers (``credentialHeaderNames``), as the
    /// manager passes them; empty for an anonymous request. `appVersion`: the app's version;
    /// empty (the default) leaves it out, so keys made without one stay as they were.
    public init(method: HTTPMethod, url: String, rpcProtocol: RPCProtocol, contentType: String?, accept: String?,
                body: [UInt8], salt: String, version: Int, credentials: HTTPFields = [:], appVersion: String = "") {
        var credentialBytes: [UInt8] = []
        // Canonical (lowercase) names, as keys have always been made: stored entries stay found.
        for header in credentials.sorted(by: { ($0.name.canonicalName, $0.value) < ($1.name.canonicalName, $1.value) }) {
            credentialBytes += Array(header.name.canonicalName.utf8) + [0] + Array(header.value.utf8) + [0]
        }
        var parts: [[UInt8]] = [Array("protohttp-cache-2".utf8), Array(method.rawValue.utf8), Array(url.utf8), Array(rpcProtocol.rawValue.utf8),
                                Array((contentType ?? "").utf8), Array((accept ?? "").utf8), body, credentialBytes,
                                Array(salt.utf8), Array(String(version).utf8)]
        if !appVersion.isEmpty { parts.append(Array(("app " + appVersion).utf8)) }
        digest = SHA256Digest.hex(ofParts: parts)
    }

    /// The headers that identify who asks: part of every key.
    public static let credentialHeaderNames: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie]

    /// A key from a stored digest (a store reading its own rows).
    public init(digest: String) { self.digest = digest }

    /// The digest.
    public var description: String { digest }
}
