// ResponseCompression.swift: whether and how the server gzips responses: on or off, the smallest body, the zlib level.
import ProtoHTTPGzip
import HTTPTypes
public import ProtoHTTPCore

/// How ``ProtoHTTPServer`` compresses response bodies (``ServerConfiguration/responseCompression``).
///
/// A response is sent with `Content-Encoding: gzip` when all of these hold:
/// - compression is on (`isEnabled`; the default);
/// - the request's `Accept-Encoding` asks for gzip in preference to identity (q-values,
///   `identity` and `*` are honoured; no header, `identity`, `gzip;q=0` or `*;q=0` mean no);
/// - the body is at least `minimumBytes` long (default 1 KiB), and gzip makes it smaller.
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
public typealias ResponseCompression = GzipPolicy

extension GzipPolicy {
    /// `response` as it goes out to a request with `requestHeaders`: gzipped and marked when
    /// the rules above allow it, with `Vary` once past the threshold. `Accept-Encoding` is
    /// only read for bodies past the threshold.
    func apply(to response: RPCResponse, requestHeaders: HTTPFields) -> RPCResponse {
        guard covers(bodyOf: response.body.count), !response.headers.contains(.contentEncoding) else { return response }
        var response = response
        response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        guard AcceptEncoding.prefersGzip(requestHeaders[values: .acceptEncoding]),
              let compressed = Gzip.compress(response.body, level: level), compressed.count < response.body.count else { return response }
        response.body = compressed
        response.headers.append(HTTPField(name: .contentEncoding, value: "gzip"))
        return response
    }
}
