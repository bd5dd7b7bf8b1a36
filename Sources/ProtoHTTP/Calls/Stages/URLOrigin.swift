// URLOrigin.swift: the origin (scheme, host, port) of a URL, which decides whether a call may carry the manager's secrets.

/// The origin of an absolute `http`/`https` URL, as a browser compares them: scheme and host
/// lowercased, user info dropped, the default port (80, 443) left out.
struct URLOrigin: Hashable, Sendable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int?

    /// The origin of `url`, or `nil` when it is not an absolute URL with a host.
    init?(_ url: String) {
        guard let separator = url.range(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        let rest = url[separator.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = Substring(authority)
        var port: Int?
        var portText: Substring?
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {   // [IPv6]:port
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        if let portText {
            // A port that is not a number names no origin (libcurl refuses such a URL too).
            guard let number = Int(portText), (0...65_535).contains(number) else { return nil }
            port = number
        }
        guard !scheme.isEmpty, !host.isEmpty else { return nil }
        if (scheme == "http" && port == 80) || (scheme == "https" && port == 443) { port = nil }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
    }

    /// `scheme://host[:port]`.
    var description: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }
}
