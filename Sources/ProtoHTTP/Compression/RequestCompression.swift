// RequestCompression.swift: whether and how the client gzips request bodies: on or off, the smallest body, the zlib level.
import ProtoHTTPGzip
public import ProtoHTTPCore
import HTTPTypes

/// How a call's request body is compressed: ``ManagerConfiguration/requestCompression`` for
/// every call (off by default), ``CallOptions/requestCompression`` for one.
///
/// With compression on, a body of at least `minimumBytes` is sent gzipped with
/// `Content-Encoding: gzip`, when gzip makes it smaller and the call has not set a
/// `Content-Encoding` of its own. That is the standard header plain HTTP and Twirp use, and the
/// one the Connect protocol specifies for unary calls; a Connect GET carries it in the query
/// instead (`compression=gzip`, with the message base64-encoded). Only turn it on for servers
/// that accept gzip bodies: ProtoHTTPServer and connect-go/connectrpc servers do; many plain
/// HTTP servers and Twirp servers do not.
///
/// ```swift
/// config.requestCompression = .gzip()                                   // bodies of 1 KiB or more, level 6
/// options.requestCompression = .gzip(minimumBytes: 64 << 10, level: 1)  // one call: only large bodies, fastest
/// options.requestCompression = .off                                     // one call: never
/// ```
///
/// Responses are a separate matter: the transport asks for compressed responses with
/// `Accept-Encoding` and decodes them (``TransportConfiguration/acceptCompressedResponses``).
public typealias RequestCompression = GzipPolicy

extension GzipPolicy {
    /// `request` with its body gzipped and `Content-Encoding: gzip` added when the rules above
    /// allow it; otherwise unchanged.
    func apply(to request: TransportRequest) -> TransportRequest {
        guard let body = request.body, covers(bodyOf: body.count),
              !request.headers.contains(.contentEncoding),
              let compressed = Gzip.compress(body, level: level), compressed.count < body.count else { return request }
        var request = request
        request.body = compressed
        request.headers.append(HTTPField(name: .contentEncoding, value: "gzip"))
        return request
    }
}
