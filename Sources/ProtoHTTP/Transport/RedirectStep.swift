// RedirectStep.swift: the request a redirect leads to when the transport follows it itself, with secret headers left behind on another origin.
import HTTPTypes


/// One redirect the transport follows itself instead of letting libcurl do it: for a request
/// that carries a header named in ``TransportConfiguration/secretHeaderNames``. libcurl keeps
/// custom headers on every hop and drops only `Authorization` and `Cookie` when the host
/// changes; an `X-API-Key` or `Proxy-Authorization` would reach whatever host a `Location`
/// names. Here every secret header stays behind as soon as the origin (scheme, host, port)
/// changes, and never comes back on a later hop.
///
/// The method follows libcurl's (and browsers') rules: 303 makes any method but HEAD a GET
/// without a body; 301 and 302 turn a POST into a GET without a body; 307 and 308 keep the
/// method and the body.
struct RedirectStep {
    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send next: `request` sent to `location` (absolute, as libcurl's
    /// `CURLINFO_REDIRECT_URL` resolves it) after a `status` answer.
    static func next(after request: TransportRequest, status: Int, location: String, secretHeaderNames: Set<HTTPField.Name>) -> TransportRequest {
        var next = request
        next.url = location
        let method = request.method.rawValue.uppercased()
        let becomesGET = (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST")
        if becomesGET {
            next.method = .get
            next.body = nil
            next.multipart = nil
            next.uploadFile = nil
            next.headers.removeAll { $0.name == .contentType || $0.name == .contentLength || $0.name == .contentEncoding }
        }
        if URLOrigin(location) != URLOrigin(request.url) {
            next.headers.removeAll { secretHeaderNames.contains($0.name) }
        }
        return next
    }

    /// Whether the transport must follow `request`'s redirects itself: it follows redirects and
    /// the request carries a secret header.
    static func isNeeded(for request: TransportRequest, configuration: TransportConfiguration) -> Bool {
        guard configuration.followRedirects, !configuration.secretHeaderNames.isEmpty else { return false }
        return request.headers.contains { configuration.secretHeaderNames.contains($0.name) }
    }
}
