// ConnectGet.swift: Connect's unary GET: a POST's message moved into the query, as the protocol specifies.
import ProtoWire

/// Builds Connect's unary GET from the POST the manager prepared (connectrpc.com/docs/protocol,
/// "Unary-Get-Request"). The query keeps the specification's order: `connect=v1`, `base64=1`
/// for binary messages, `encoding` (`proto` or `json`), then `message`. The body's
/// `Content-Type` and `Connect-Protocol-Version` go (the query says both); other headers, the
/// timeout among them, stay.
enum ConnectGet {
    /// The GET, or `nil` when the request is not a Connect message POST or the URL would be
    /// longer than `maxURLLength` bytes.
    static func request(from post: TransportRequest, maxURLLength: Int) -> TransportRequest? {
        guard post.method == "POST", let body = post.body,
              let contentType = post.headers.first(named: "Content-Type") else { return nil }
        let query: String
        switch MediaType(contentType).kind {
        case .protobuf:
            query = "connect=v1&base64=1&encoding=proto&message=" + Base64.urlSafeString(body)
        case .json:
            query = "connect=v1&encoding=json&message=" + FormURLEncodedRequestSerializer.percentEscape(String(decoding: body, as: UTF8.self))
        case .other:
            return nil
        }
        let url = post.url + (post.url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + query
        guard url.utf8.count <= maxURLLength else { return nil }
        var get = post
        get.method = "GET"
        get.url = url
        get.body = nil
        get.headers.removeAll { $0.name.lowercased() == "content-type" || $0.name.lowercased() == ConnectHeaders.protocolVersion.lowercased() }
        return get
    }
}
