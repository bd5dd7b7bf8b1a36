// CachedResponse.swift: one stored response: status, the headers needed to decode it, body, when and under which version.
public import HTTPTypes


/// A validated 2xx response as a ``ResponseCacheStore`` keeps it: the bytes and the headers
/// needed to decode and revalidate them, decoded again on every read.
public struct CachedResponse: Sendable, Hashable {
    /// The headers kept: what decoding needs (`Content-Type`) and what revalidation needs
    /// (`ETag`, `Last-Modified`). Nothing else reaches a store (no `Set-Cookie`).
    public static let keptHeaderNames: Set<HTTPField.Name> = [.contentType, .eTag, .lastModified]

    /// The HTTP status (2xx).
    public var status: Int
    /// The kept headers (``keptHeaderNames``), in the response's order.
    public var headers: HTTPFields
    /// The response body, decompressed.
    public var body: [UInt8]
    /// When it was stored or last revalidated, in seconds since 1970 (wall clock).
    public var storedAt: Double
    /// The ``CacheOptions/version`` it was stored under.
    public var version: Int

    /// A stored response; `headers` are filtered to ``keptHeaderNames``.
    public init(status: Int, headers: HTTPFields, body: [UInt8], storedAt: Double, version: Int) {
        self.status = status
        self.headers = headers.filter { Self.keptHeaderNames.contains($0.name) }
        self.body = body
        self.storedAt = storedAt
        self.version = version
    }

    /// The `ETag` header, if any.
    public var etag: String? { headers.firstValue(.eTag) }
    /// The `Last-Modified` header, if any.
    public var lastModified: String? { headers.firstValue(.lastModified) }
    /// What the entry costs a byte budget: body, headers and a fixed overhead.
    public var byteCount: Int { body.count + headers.reduce(64) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count } }

    /// Its age at `now` (seconds since 1970), never negative.
    public func age(at now: Double) -> Double { max(0, now - storedAt) }
}
