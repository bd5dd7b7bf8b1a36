// ResponseCompression.swift: whether and how the server gzips responses: on or off, the smallest body, the zlib level.
import ProtoHTTPGzip

/// How ``ProtoHTTPServer`` compresses response bodies (``ServerConfiguration/responseCompression``).
///
/// A response is sent with `Content-Encoding: gzip` when all of these hold:
/// - compression is on (``isEnabled``; the default);
/// - the request's `Accept-Encoding` asks for gzip in preference to identity (q-values,
///   `identity` and `*` are honoured; no header, `identity`, `gzip;q=0` or `*;q=0` mean no);
/// - the body is at least ``minimumBytes`` long (default 1 KiB), and gzip makes it smaller.
///
/// Every response that passes the size threshold carries `Vary: Accept-Encoding`, compressed or
/// not, so caches in front of Connect GETs keep the two forms apart. Connect unary, Twirp and
/// plain routes all use the standard `Accept-Encoding`/`Content-Encoding` headers (Connect's
/// `Connect-Accept-Encoding` belongs to streaming calls, which this server does not serve).
///
/// ```swift
/// var config = ServerConfiguration(port: 8080)
/// config.responseCompression = .gzip(minimumBytes: 4096, level: 1)   // larger bodies, fastest level
/// config.responseCompression = .off                                   // never compress
/// ```
public struct ResponseCompression: Sendable, Hashable {
    /// Whether responses are compressed at all.
    public var isEnabled: Bool
    /// The smallest body, in bytes, worth compressing; smaller ones go as they are.
    public var minimumBytes: Int
    /// The zlib level, 1 (fastest) to 9 (smallest output); values outside are clamped.
    public var level: Int

    /// Compression with these settings; on unless `isEnabled` is `false`.
    public init(isEnabled: Bool = true, minimumBytes: Int = 1024, level: Int = 6) {
        self.isEnabled = isEnabled
        self.minimumBytes = minimumBytes
        self.level = level
    }

    /// gzip for bodies of at least `minimumBytes` bytes at zlib level `level` (the default: 1 KiB, level 6).
    public static func gzip(minimumBytes: Int = 1024, level: Int = 6) -> ResponseCompression {
        ResponseCompression(minimumBytes: minimumBytes, level: level)
    }

    /// No response is compressed.
    public static let off = ResponseCompression(isEnabled: false)

    /// `response` as it goes out to a request whose `Accept-Encoding` fields are `acceptEncoding`:
    /// gzipped and marked when the rules above allow it, with `Vary` once past the threshold.
    func apply(to response: RPCResponse, acceptEncoding: [String]) -> RPCResponse {
        guard isEnabled, response.body.count >= minimumBytes, !response.body.isEmpty,
              !response.headers.contains(named: "Content-Encoding") else { return response }
        var response = response
        response.headers.append(HTTPHeader(name: "Vary", value: "Accept-Encoding"))
        guard AcceptEncoding.prefersGzip(acceptEncoding),
              let compressed = Gzip.compress(response.body, level: level), compressed.count < response.body.count else { return response }
        response.body = compressed
        response.headers.append(HTTPHeader(name: "Content-Encoding", value: "gzip"))
        return response
    }
}
