// ServerConfiguration.swift: where the server listens, its limits, routes, shutdown grace, logging, HTTP/2 and TLS.
public import Logging
public import NIOCore
public import ProtoHTTPCore
public import ProtoHTTPObservability

/// How a ``ProtoHTTPServer`` listens and serves.
///
/// ```swift
/// var config = ServerConfiguration(port: 8080)
/// config.maxRequestBodySize = 1 << 20
/// config.plainRoutes = [PlainRoute("/api/notes/list", method: "/acme.NotesService/ListNotes", encodings: [.json])]
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to bind; loopback by default.
    public var host: String
    /// The port to bind; 0 picks a free one (read it from ``ProtoHTTPServer/port`` after start).
    public var port: Int
    /// The largest request body accepted, in bytes (default 4 MiB). Larger requests are
    /// answered `resource_exhausted` with HTTP 413 and their bodies are not read on.
    public var maxRequestBodySize: Int
    /// The path prefix of Twirp routes (default `/twirp`).
    public var twirpPrefix: String
    /// Extra plain POST endpoints mapped to registered methods.
    public var plainRoutes: [PlainRoute]
    /// How long ``ProtoHTTPServer/shutdown()`` lets in-flight calls finish before closing
    /// their connections anyway (default 10 s).
    public var shutdownGracePeriod: Duration
    /// How long a connection may stay silent between requests before it is closed (default 60 s).
    public var idleTimeout: Duration
    /// The most bytes of header names and values one HTTP/1.1 request may carry, all its
    /// headers together (default 16 KiB, as Node.js; nginx allows 8 KiB a line). A larger head
    /// is answered 431 (Request Header Fields Too Large) and the connection closes, once this
    /// many bytes were read: a client sending megabytes of headers costs the server no more.
    /// HTTP/2 streams have swift-nio-http2's limit, 16 KiB of header list.
    public var maxRequestHeadSize = 16 * 1024
    /// How long a request's head (request line and headers) may take to arrive once its first
    /// byte has (default 30 s); past it the connection closes, however regularly the client
    /// sends: a client trickling a header a byte at a time holds nothing for long. A new
    /// connection must also have finished its TLS handshake and shown which HTTP version it
    /// speaks within this time.
    public var requestHeadTimeout: Duration = .seconds(30)
    /// How long a request body may go without a byte arriving (default 30 s); past it the
    /// connection (or HTTP/2 stream) closes and the request is not served.
    public var requestBodyTimeout: Duration = .seconds(30)
    /// How many times its compressed size a gzip request body (or gRPC / Connect stream message)
    /// may inflate to, once it has inflated past 256 KiB (default 200, as Apache's
    /// `DeflateInflateRatioLimit`); `nil` for no ratio limit. A request body is inflated as it
    /// arrives, and one whose `Content-Length` would inflate past 256 KiB at the ratio shown by
    /// its first 32 KiB out is refused then: a compression bomb (1 GiB of zeros is 1 MiB
    /// gzipped) gets `resource_exhausted` after its first kilobyte, and the connection closes
    /// without reading the rest. Ordinary JSON and protobuf compress 3 to 20 times, and bodies
    /// that inflate to under 256 KiB are never refused for how well they compress.
    public var maxRequestInflationRatio: Int? = ServerConfiguration.defaultMaxRequestInflationRatio
    /// The default ``maxRequestInflationRatio``.
    public static let defaultMaxRequestInflationRatio: Int? = 200
    /// How long a streaming call whose request is still open (client streaming or
    /// bidirectional) may go with nothing sent either way (default 5 minutes, as Envoy's
    /// `stream_idle_timeout`); past it the stream (or HTTP/1.1 connection) closes and the
    /// handler is cancelled. It stands in for ``requestBodyTimeout`` while a stream is open,
    /// since a client may rightly pause between messages; the call's deadline bounds it as a whole.
    public var streamIdleTimeout: Duration = .seconds(300)
    /// How long a connection may stay unable to take more output because its client does not
    /// read (default 30 s); past it the connection closes. Meanwhile the server reads and serves
    /// no more of that client's requests, so a client that sends without reading costs one
    /// answer's worth of memory, not one per request. The kernel holds at most 32 KiB of a
    /// connection's output unsent (`TCP_NOTSENT_LOWAT`; otherwise its send buffer grows to
    /// megabytes), so such a client gets only a few hundred answers served before the server
    /// notices, whatever the machine's TCP buffer settings.
    public var responseWriteTimeout: Duration = .seconds(30)
    /// The most client connections open at once (default 4,096). At the limit the server stops
    /// accepting: new connections wait in the kernel's listen backlog until one closes. Keep the
    /// process's descriptor limit (`ulimit -n`) above it.
    public var maxConnections = 4_096
    /// The most requests being served at once, over all connections and HTTP/2 streams
    /// (default 4,096). A request beyond it is answered at once with `unavailable` (HTTP 503,
    /// which clients retry with backoff) and never queued, so a flood of slow calls cannot grow
    /// the server's memory without bound.
    public var maxConcurrentRequests = 4_096
    /// Event-loop threads (default: one per CPU core) of the group the server makes; unused
    /// when the server is given the caller's group (`ProtoHTTPServer(…, eventLoopGroup:)`).
    public var threads: Int
    /// The server's logger: startup, handler failures, and the access log.
    public var logger: Logger
    /// Whether each exchange is logged at `.info`: method, path, status, bytes, duration,
    /// protocol, encoding and RPC code (default on).
    public var accessLog: Bool
    /// How much the server logs through ``logger``; `nil` (the default) leaves the logger's own
    /// level. `.silent` quiets everything, start and stop lines included, with no swift-log
    /// import needed: `ServerConfiguration(verbosity: .silent)`.
    public var verbosity: ServerVerbosity?
    /// Where request tasks, and so your handlers, run (default ``HandlerExecution/eventLoop``:
    /// on the connection's event-loop thread, with no thread hop per request). Pick
    /// ``HandlerExecution/concurrencyPool`` when handlers block or compute for long.
    public var handlerExecution = HandlerExecution.eventLoop
    /// Whether and how responses are gzipped for clients that accept it (default: bodies of
    /// 1 KiB or more, zlib level 6; `.off` never compresses).
    public var responseCompression = ResponseCompression.gzip()
    /// Whether a request to a path no method serves is answered with the list of the methods
    /// this server serves (up to ten), a help while developing. Default `false`: the 404 says
    /// only that no method is at that path, so a stranger probing the server learns nothing
    /// about its API.
    public var listsMethodsWhenNotFound = false
    /// Interceptors around every handler this server calls, reflection and health included,
    /// in order (the first is the outermost) and outside each service's own
    /// (``ProtoHTTPService/intercepted(by:)``). See ``ServerInterceptor``.
    public var interceptors: [any ServerInterceptor] = []
    /// Whether calls that reach a handler record OpenTelemetry RPC metrics (`rpc.server.*`)
    /// and spans, whose context the handler's `ServiceContext.current` carries. Default off;
    /// see `RPCObservability` (ProtoHTTPObservability).
    public var observability = RPCObservability.off
    /// Whether the server serves gRPC server reflection (`grpc.reflection.v1.ServerReflection`
    /// and `v1alpha`), describing every registered service from its generated descriptors, so
    /// grpcurl, Postman or `protohttp list` can call the server without its `.proto` files.
    /// Default `false`: like the 404's method list, it tells anyone who asks the server's whole API.
    public var serverReflection = false

    // MARK: HTTP versions and TLS

    /// Whether the server speaks HTTP/2 as well as HTTP/1.1 (default on, with the package trait
    /// `HTTP2`, which is on unless the dependency turns it off): over TLS it offers
    /// `h2` before `http/1.1` through ALPN; in cleartext it serves h2c to clients that start
    /// with the HTTP/2 connection preface ("prior knowledge", e.g. `curl --http2-prior-knowledge`).
    /// HTTP/1.1 `Upgrade: h2c` is not offered: such requests are answered over HTTP/1.1. Off,
    /// every connection is HTTP/1.1.
    ///
    /// Each HTTP/2 connection has swift-nio-http2's defences, which its tests check: at most 100
    /// concurrent streams (`SETTINGS_MAX_CONCURRENT_STREAMS`), a header list of at most 16 KiB,
    /// at most 5 CONTINUATION frames in a row, and at most 200 stream errors and 200 control
    /// frames (PING, SETTINGS floods) per 30 s. Past any of them the connection gets GOAWAY with
    /// the matching error code and is closed. swift-nio-http2's count of RST_STREAM frames
    /// (200 per 30 s) is raised to 100,000: it counted resets of streams already answered too,
    /// which libcurl before 8.0 sends after every call, so such clients lost their connection at
    /// their 201st call. Against the "rapid reset" attack the server counts the resets that cost
    /// it work instead: once a client has reset 20 streams before answering them (the request
    /// still arriving, or its handler running), and those are more than half the streams it
    /// opened, its connection gets GOAWAY (ENHANCE_YOUR_CALM) and closes; streams it opens after
    /// that get no handler. Every stream also has the HTTP/1.1 request limits:
    /// ``maxRequestBodySize``, ``requestBodyTimeout``, ``maxConcurrentRequests``.
    ///
    /// In a build without the trait `HTTP2` (a dependency with `traits: []`) the default is off,
    /// and turning it on makes ``ProtoHTTPServer/start()`` fail (`failed_precondition`).
    public var http2: Bool = ServerConfiguration.http2Built
    /// Whether this build has HTTP/2 (the package trait `HTTP2`).
    #if HTTP2
    static let http2Built = true
    #else
    static let http2Built = false
    #endif
    /// Serve HTTPS with this certificate chain and private key (PEM files); `nil` (the default)
    /// serves cleartext HTTP. The files are read when the server starts, which fails with a
    /// message naming the file and the cause if one is missing or not PEM. HTTPS needs the
    /// package trait `TLS` (on by default); in a build without it, starting with `tls` set fails
    /// (`failed_precondition`) with a message saying so.
    ///
    /// ```swift
    /// var config = ServerConfiguration(host: "0.0.0.0", port: 8443)
    /// config.tls = ServerTLS(certificateChainPath: "/etc/notes/cert.pem", privateKeyPath: "/etc/notes/key.pem")
    /// ```
    public var tls: ServerTLS?

    /// A configuration; every parameter has a default.
    public init(
        host: String = "127.0.0.1", port: Int = 0, maxRequestBodySize: Int = 4 << 20, twirpPrefix: String = "/twirp",
        plainRoutes: [PlainRoute] = [], shutdownGracePeriod: Duration = .seconds(10), idleTimeout: Duration = .seconds(60),
        threads: Int = System.coreCount, logger: Logger = Logger(label: "ProtoHTTPServer"), accessLog: Bool = true,
        verbosity: ServerVerbosity? = nil
    ) {
        self.host = host
        self.port = port
        self.maxRequestBodySize = maxRequestBodySize
        self.twirpPrefix = twirpPrefix
        self.plainRoutes = plainRoutes
        self.shutdownGracePeriod = shutdownGracePeriod
        self.idleTimeout = idleTimeout
        self.threads = threads
        self.logger = logger
        self.accessLog = accessLog
        self.verbosity = verbosity
    }
}
