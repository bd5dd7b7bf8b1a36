// ConnectGet.swift: Connect's unary GET: a POST's message moved into the query, as the protocol specifies.
import ProtoWire
import ProtoHTTPCore

/// Builds Connect's unary GET from the POST the manager prepared (connectrpc.com/docs/protocol,
/// "Unary-Get-Request"). The query keeps the specification's order: `connect=v1`, `base64=1`
/// for binary messages, `encoding` (`proto` or `json`), then `message`. A compressed body
/// (``RequestCompression``) adds `compression=gzip` after `base64=1`, which it always needs. The
/// body's `Content-Type`, `Content-Encoding` and `Connect-Protocol-Version` go (the query says
/// all three); other headers, the timeout among them, stay.
enum ConnectGet {
    /// The GET, or `nil` when the request is not a Connect message POST or the URL would be
    /// longer than `maxURLLength` bytes.
    static func request(from post: TransportRequest, maxURLLength: Int) -> TransportRequest? {
        guard post.method == "POST", let body = post.body,
              let contentType = post.headers.firstValue(.contentType) else { return nil }
        let kind = MediaType(contentType).kind
        guard kind != .other else { return nil }
        let compression = post.headers.firstValue(.contentEncoding).map { HTTPText.trimmed($0).lowercased() }
        let query: String
        if let compression {
            // Compressed bytes are binary whatever the message encoding: always base64.
            query = "connect=v1&base64=1&compression=\(FormURLEncodedRequestSerializer.percentEscape(compression))"
                + "&encoding=\(kind == .json ? "json" : "proto")&message=" + Base64.urlSafeString(body)
        } else if kind == .json {
            query = "connect=v1&encoding=json&message=" + FormURLEncodedRequestSerializer.percentEscape(String(decoding: body, as: UTF8.self))
        } else {
            query = "connect=v1&base64=1&encoding=proto&message=" + Base64.urlSafeString(body)
        }
        let url = post.url + (post.url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + query
        guard url.utf8.count <= maxURLLength else { return nil }
        var get = post
        get.method = "GET"
        get.url = url
        get.body = nil
        get.headers.removeAll { $0.name == .contentType || $0.name == .contentEncoding || $0.name == .connectProtocolVersion }
        return get
    }
}
