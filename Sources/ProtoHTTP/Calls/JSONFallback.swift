// JSONFallback.swift: the endpoints that refused binary protobuf, and the request a refused call is sent again as, in proto3 JSON.
import Synchronization
import ProtoHTTPCore

/// What ``ManagerConfiguration/fallbackToJSON`` does: a call whose binary protobuf body is
/// answered `415 Unsupported Media Type` (what Connect, ProtoHTTPServer's JSON-only routes and
/// most HTTP frameworks answer a codec they do not take) is sent once more with its message
/// in proto3 JSON, and its endpoint is remembered, so the manager's later calls to it start in
/// JSON.
///
/// An endpoint is a URL without its query. Only calls whose request serializer follows the
/// call's encoding (``MessageRequestSerializer/callsEncoding``, which message calls and
/// generated clients use) can fall back: re-serialized with `.json`, any other body would be
/// the same bytes again.
final class JSONFallbackEndpoints: Sendable {
    private let endpoints = Mutex<Set<String>>([])

    /// Whether `url`'s endpoint refused binary protobuf before.
    func contains(_ url: String) -> Bool {
        let endpoint = Self.endpoint(url)
        return endpoints.withLock { $0.contains(endpoint) }
    }

    /// Remembers that `url`'s endpoint takes only JSON.
    func insert(_ url: String) {
        let endpoint = Self.endpoint(url)
        endpoints.withLock { _ = $0.insert(endpoint) }
    }

    /// Forgets every endpoint.
    func removeAll() { endpoints.withLock { $0.removeAll() } }

    /// The endpoints remembered, sorted.
    var all: [String] { endpoints.withLock { $0.sorted() } }

    /// `url` up to its query or fragment.
    static func endpoint(_ url: String) -> String {
        String(url.prefix { $0 != "?" && $0 != "#" })
    }
}

enum JSONFallback {
    /// The status that sends a binary call again as JSON.
    static let status = 415

    /// Whether `body` is a binary message body a JSON one can replace: neither JSON already,
    /// nor a form or a file.
    static func isBinaryMessage(_ body: SerializedBody?) -> Bool {
        guard let body, body.form == nil, body.filePath == nil, let type = body.contentType else { return false }
        return MediaType(type).kind == .protobuf
    }

    /// Whether `body` is JSON.
    static func isJSON(_ body: SerializedBody?) -> Bool {
        guard let type = body?.contentType else { return false }
        return MediaType(type).kind == .json
    }

    /// The request to send as JSON: `sent` (the binary request as the call's stages passed it
    /// on, with any headers they added) with the JSON call's URL, body and content headers.
    static func request(replacing sent: TransportRequest, original: TransportRequest, json: TransportRequest) -> TransportRequest {
        var request = sent
        if sent.url == original.url { request.url = json.url }
        request.body = json.body
        request.headers.removeAll { $0.name == .contentType || $0.name == .contentEncoding || $0.name == .contentLength }
        for field in json.headers where field.name == .contentType || field.name == .contentEncoding {
            request.headers.append(field)
        }
        return request
    }
}
