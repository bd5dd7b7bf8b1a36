// Router.swift: the path table: Connect, Twirp and plain paths to registered methods.
import ProtoHTTPCore


/// Maps request paths to methods. Built once when the server starts; read-only afterwards.
struct Router: Sendable {
    /// How the path was reached; it decides which protocols and encodings are allowed.
    enum Kind: Sendable, Equatable {
        /// `/pkg.Service/Method`: Connect, or plain when the body is `application/x-protobuf`
        /// or `application/octet-stream`.
        case connectPath
        /// `<twirpPrefix>/pkg.Service/Method`.
        case twirpPath
        /// A ``PlainRoute``.
        case plainRoute(Set<BodyEncoding>)
    }

    /// A resolved route.
    struct Route: Sendable {
        var method: MethodDefinition
        var kind: Kind
    }

    let twirpPrefix: String
    private var routes: [String: Route] = [:]
    /// Every method path served, sorted (for the startup log and `unimplemented` errors).
    private(set) var methodPaths: [String] = []

    /// Builds the table; duplicate method paths or plain routes to unknown methods are errors.
    init(services: [ServiceDefinition], plainRoutes: [PlainRoute], twirpPrefix: String) throws(ProtoHTTPError) {
        self.twirpPrefix = twirpPrefix
        var methods: [String: MethodDefinition] = [:]
        for service in services {
            for method in service.methods {
                guard methods[method.path] == nil else {
                    throw ProtoHTTPError(
                        code: .alreadyExists,
                        message: "the method \(method.path) is registered twice (service \(service.name)); register each service once."
                    )
                }
                methods[method.path] = method
                routes[method.path] = Route(method: method, kind: .connectPath)
                routes[twirpPrefix + method.path] = Route(method: method, kind: .twirpPath)
            }
        }
        for plain in plainRoutes {
            guard let method = methods[plain.method] else {
                throw ProtoHTTPError(
                    code: .notFound,
                    message: "the plain route \(plain.path) names \(plain.method), which no registered service has; check the method path (\"/pkg.Service/Method\")."
                )
            }
            guard routes[plain.path] == nil else {
                throw ProtoHTTPError(
                    code: .alreadyExists,
                    message: "the plain route \(plain.path) collides with another route; pick another path."
                )
            }
            guard !plain.encodings.isEmpty else {
                throw ProtoHTTPError(
                    code: .invalidArgument,
                    message: "the plain route \(plain.path) accepts no encoding; give it .binary, .json or both."
                )
            }
            routes[plain.path] = Route(method: method, kind: .plainRoute(plain.encodings))
        }
        methodPaths = methods.keys.sorted()
    }

    /// The route of a request path (the query string is ignored), or `nil`.
    func route(_ uri: String) -> Route? {
        routes[Self.path(of: uri)]
    }

    /// Whether an unmatched path looks like a Twirp call (for the error format).
    func looksLikeTwirp(_ uri: String) -> Bool {
        Self.path(of: uri).hasPrefix(twirpPrefix + "/")
    }

    /// The path part of a request target, without `?query` or `#fragment`.
    static func path(of uri: String) -> String {
        // On the contiguous UTF-8 bytes: both delimiters are ASCII; stepping the `UTF8View`
        // cost about 55 instructions a byte, 1,800 per request (callgrind), and a `Character`
        // walk far more. (`HTTPText.withUTF8` reads the same bytes but measured ~2,000
        // instructions a request more here, called across the module boundary.)
        func isDelimiter(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }
        let offset = uri.utf8.withContiguousStorageIfAvailable { $0.firstIndex(where: isDelimiter) }
            ?? uri.utf8.firstIndex(where: isDelimiter).map { uri.utf8.distance(from: uri.utf8.startIndex, to: $0) }
        guard let offset else { return uri }
        return String(uri[..<uri.utf8.index(uri.utf8.startIndex, offsetBy: offset)])
    }
}
