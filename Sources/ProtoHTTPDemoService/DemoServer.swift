// DemoServer.swift: NotesService on ProtoHTTPServer, with the JSON-only plain route /api/notes/list.
public import Logging
public import ProtoHTTPCore
public import ProtoHTTPServer

/// The server behind `protohttp-demo run` and `protohttp-demo serve`: a ``NotesService`` at the
/// Connect paths (`/notes.Notes/<Method>`) and under `/twirp`, plus one plain endpoint,
/// ``listRoute``, that accepts JSON bodies only (binary gets HTTP 415).
///
/// ```swift
/// let server = try DemoServer(port: 8080)
/// try await server.start()
/// print(server.baseURL)          // http://127.0.0.1:8080
/// await server.shutdown()
/// ```
public final class DemoServer: Sendable {
    /// `POST /api/notes/list` runs `ListNotes`, JSON bodies only: the kind of endpoint a client
    /// must fall back to `CallOptions(encoding: .json)` for.
    public static let listRoute = PlainRoute("/api/notes/list", method: Notes_NotesMetadata.ListNotes.path, encodings: [.json])

    /// The server, for what this wrapper does not expose.
    public let server: ProtoHTTPServer

    /// A server for `service` on `host:port` (port 0 picks a free port), logging to `logger`;
    /// `accessLog` writes one line per exchange at `.info`. It serves cleartext HTTP/1.1 and h2c.
    ///
    /// - Throws: `ProtoHTTPError` if the routes cannot be built (they always can).
    public convenience init(host: String = "127.0.0.1", port: Int = 0, service: NotesService = NotesService(),
                            logger: Logger = Logger(label: "protohttp.server"), accessLog: Bool = true) throws(ProtoHTTPError) {
        try self.init(host: host, port: port, service: service, logger: logger, accessLog: accessLog, tls: nil)
    }

    /// A server like ``init(host:port:service:logger:accessLog:)`` that, with `tls`, serves HTTPS
    /// (HTTP/2 and HTTP/1.1 through ALPN) with that certificate and key; `nil` serves cleartext.
    /// With `reflection` it also serves gRPC server reflection (``ServerConfiguration/serverReflection``).
    ///
    /// - Throws: `ProtoHTTPError` if the routes cannot be built (they always can).
    public init(host: String = "127.0.0.1", port: Int = 0, service: NotesService = NotesService(),
                logger: Logger = Logger(label: "protohttp.server"), accessLog: Bool = true, tls: ServerTLS?,
                reflection: Bool = false) throws(ProtoHTTPError) {
        var configuration = ServerConfiguration(
            host: host, port: port, plainRoutes: [Self.listRoute],
            shutdownGracePeriod: .seconds(5), threads: 2, logger: logger, accessLog: accessLog
        )
        configuration.tls = tls
        configuration.serverReflection = reflection
        server = try ProtoHTTPServer(configuration: configuration, services: [service, service.feed])
    }

    /// Binds and starts serving.
    ///
    /// - Throws: `ProtoHTTPError` (`unavailable`) when the address cannot be bound, or
    ///   (`invalid_argument`) when a TLS file is missing or not PEM (the message names it).
    public func start() async throws(ProtoHTTPError) {
        try await server.start()
    }

    /// Lets calls in flight finish, closes every connection and stops.
    public func shutdown() async {
        await server.shutdown()
    }

    /// The bound port, once started.
    public var port: Int? { server.port }

    /// `http://<host>:<port>` (`https://` with TLS), once started (the configured port before).
    public var baseURL: String {
        let host = server.configuration.host
        let shown = host.contains(":") ? "[\(host)]" : host
        let scheme = server.configuration.tls == nil ? "http" : "https"
        return "\(scheme)://\(shown):\(server.port ?? server.configuration.port)"
    }

    /// The method paths served, `/notes.Notes/<Method>`, sorted.
    public var methodPaths: [String] { server.methodPaths }

    /// The number of open client connections.
    public var connectionCount: Int { server.connectionCount }
}
