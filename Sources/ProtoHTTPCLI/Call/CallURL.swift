// CallURL.swift: `protohttp call`'s URL split into the server's base, a route prefix and the /pkg.Service/Method it names.
import Foundation

/// A URL of the form `http(s)://host[:port][/prefix]/pkg.Service/Method`.
///
/// For Twirp the route is `<prefix>/twirp/pkg.Service/Method`: a prefix that already ends in
/// `/twirp` is taken as it is, otherwise `/twirp` is added (``twirpPrefix``).
struct CallURL: Equatable {
    /// `scheme://authority`, e.g. `http://127.0.0.1:8080`.
    var origin: String
    /// The path before the service, `""` or e.g. `/api` (never ends in `/`).
    var prefix: String
    /// The service's full name, `pkg.Service`.
    var service: String
    /// The method name.
    var method: String

    /// Parses `text`; a malformed URL is a ``CLIError/Code/transport`` error (as curl treats one).
    init(_ text: String) throws(CLIError) {
        func bad(_ why: String) -> CLIError {
            CLIError(.transport, "bad URL \"\(text)\": \(why); give http(s)://host[:port]/pkg.Service/Method, e.g. http://127.0.0.1:8080/notes.Notes/GetNote.")
        }
        guard let schemeEnd = text.range(of: "://") else { throw bad("it has no scheme") }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { throw bad("the scheme is \(scheme), not http or https") }
        let rest = text[schemeEnd.upperBound...]
        guard !rest.contains("?"), !rest.contains("#") else { throw bad("it has a query or a fragment, which a call URL cannot carry") }
        guard !rest.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else { throw bad("it contains white space") }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        guard !authority.isEmpty, !authority.hasPrefix(":") else { throw bad("it names no host") }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            let port = authority[authority.index(after: colon)...]
            guard let number = Int(port), (1...65535).contains(number) else { throw bad("the port \"\(port)\" is not a number from 1 to 65535") }
        }
        let segments = rest[slash...].split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.count >= 2, let methodName = segments.last, let serviceName = segments.dropLast().last,
              !methodName.isEmpty, !serviceName.isEmpty else {
            throw bad("its path does not end in /pkg.Service/Method")
        }
        let prefixSegments = segments.dropLast(2)
        guard !prefixSegments.contains(where: \.isEmpty) else { throw bad("its path has an empty segment (//)") }
        origin = scheme + "://" + authority
        prefix = prefixSegments.map { "/\($0)" }.joined()
        service = String(serviceName)
        method = String(methodName)
    }

    /// The Twirp route prefix: ``prefix`` when it already ends in `/twirp`, else ``prefix`` + `/twirp`.
    var twirpPrefix: String { prefix.hasSuffix("/twirp") ? prefix : prefix + "/twirp" }
    /// The server's own URL, under which its gRPC services (reflection among them) answer: the
    /// origin and the prefix, without a Twirp prefix's `/twirp`.
    var serverURL: String { origin + (prefix.hasSuffix("/twirp") ? String(prefix.dropLast("/twirp".count)) : prefix) }
}
