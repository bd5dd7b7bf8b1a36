// RequestComposition.swift: the URL and headers of a call, from the manager's settings and the call's options (pure).
import HTTPTypes
import ProtoHTTPCore


/// How a call's URL and headers are put together from one snapshot of the manager's settings
/// and the call's options. Pure, so each rule can be tested alone.
struct RequestComposition {
    let settings: SettingsSnapshot
    let options: CallOptions

    /// The URL for `path`: itself when absolute; else the base URL (the call's, else the
    /// manager's CDN base URL under ``CallOptions/useCDN``, else the manager's base URL unless
    /// ``CallOptions/useBaseURL`` is off) and the protocol's route; then the general parameters
    /// (unless opted out) merged with the call's, `query` (a GET's input), and finally the URL
    /// filters in order. With `generalInQuery` off the general parameters are left out (they
    /// go in the body or a header: see ``generalParameters(for:path:)``).
    func url(_ path: String, wireProtocol: any WireProtocol, query: [QueryItem], info: CallInfo, generalInQuery: Bool = true) -> String {
        var url: String
        if Self.isAbsolute(path) {
            url = path
        } else {
            let base: String
            if let own = options.baseURL {
                base = own
            } else if usesCDN {
                base = settings.configuration.cdnBaseURL ?? ""
            } else {
                base = options.useBaseURL ? settings.configuration.baseURL ?? "" : ""
            }
            let route = wireProtocol.route(path)
            url = base.hasSuffix("/") && route.hasPrefix("/") ? base + route.dropFirst() : base + route
        }
        let general = generalInQuery ? generalParameters(for: url, path: path) : [:]
        url = Self.appending(general.merging(options.parameters) { $1 }, query, to: url)
        for filter in settings.configuration.urlFilters { url = filter.filter(url, info: info) }
        return url
    }

    /// The manager's headers (unless ``CallOptions/useGeneralHeaders`` is off; its secret ones
    /// only when `url` is on a trusted origin), then the protocol's, the body's Content-Type, and
    /// the call's; a later header replaces an earlier one of the same name.
    func headers(protocolHeaders: HTTPFields, contentType: String?, url: String) -> HTTPFields {
        var headers: HTTPFields = [:]
        func put(_ header: HTTPField) {
            headers.removeAll { $0.name == header.name }
            headers.append(header)
        }
        if options.useGeneralHeaders {
            var trusted: Bool?  // decided at the first secret header, if there is one
            for header in settings.configuration.headers {
                if settings.secretHeaderNames.contains(header.name) {
                    if trusted == nil { trusted = isTrusted(url) }
                    if trusted == false { continue }
                }
                put(header)
            }
        }
        protocolHeaders.forEach(put)
        if let contentType { put(HTTPField(name: .contentType, value: contentType)) }
        options.headers.forEach(put)
        return headers
    }

    /// The manager's general parameters this call gets at `url` (built from `path`): none when
    /// it opted out or the URL's origin is not trusted with them.
    func generalParameters(for url: String, path: String) -> [String: String] {
        // A URL built on the call's or the manager's base URL is on a trusted origin by
        // definition: no parsing per call. The CDN's origin is trusted only if listed.
        let parameters = settings.configuration.parameters
        guard options.useGeneralParameters, !parameters.isEmpty else { return [:] }
        let trustedByBase = !Self.isAbsolute(path) && !usesCDN
        return trustedByBase || isTrusted(url) ? parameters : [:]
    }

    /// Whether the call is built on the manager's CDN base URL.
    var usesCDN: Bool { options.useCDN && options.baseURL == nil }

    /// Whether `url` may carry the manager's secrets: the call opted in, or its origin is the
    /// call's base URL's, the manager's base URL's, or one of ``ManagerConfiguration/trustedOrigins``.
    func isTrusted(_ url: String) -> Bool {
        if options.sendsSecretsToAnyOrigin { return true }
        // A relative URL reaches no other origin; an absolute one whose origin cannot be read is
        // trusted with nothing.
        guard let origin = URLOrigin(url) else { return !Self.isAbsolute(url) }
        return settings.trustedOrigins.contains(origin) || options.baseURL.flatMap(URLOrigin.init) == origin
    }

    /// `url` with `parameters` (form-encoded) and then `query` added to its query string.
    static func appending(_ parameters: [String: String], _ query: [QueryItem], to url: String) -> String {
        var pairs = parameters.isEmpty ? [] : [FormURLEncodedRequestSerializer.encode(parameters)]
        pairs += query.map(\.description)
        guard !pairs.isEmpty else { return url }
        return url + (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + pairs.joined(separator: "&")
    }

    /// Whether `path` contains `"://"`. Scans the UTF-8 bytes: with Foundation in the module,
    /// `String.contains(_:)` resolves to Foundation's, which bridges through `NSString`.
    static func isAbsolute(_ path: String) -> Bool {
        HTTPText.withUTF8(path) { bytes in
            var run = 0  // how much of "://" the bytes just seen spell
            for byte in bytes {
                switch (byte, run) {
                case (UInt8(ascii: ":"), _): run = 1
                case (UInt8(ascii: "/"), 1): run = 2
                case (UInt8(ascii: "/"), 2): return true
                default: run = 0
                }
            }
            return false
        }
    }
}
