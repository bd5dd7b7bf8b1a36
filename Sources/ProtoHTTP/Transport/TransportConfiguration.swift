// TransportConfiguration.swift: engine-wide settings: HTTP version, TLS, proxy, timeouts, limits.
public import HTTPTypes


/// Settings of one ``HTTPTransport``, fixed when it is created.
public struct TransportConfiguration: Sendable {
    /// Which HTTP version to speak.
    public enum HTTPVersion: Sendable, Hashable {
        /// HTTP/1.1 only.
        case http1_1
        /// HTTP/2 over TLS when the server offers it through ALPN, HTTP/1.1 otherwise
        /// (including every cleartext `http://` URL). The default.
        case http2
        /// HTTP/2 without TLS and without upgrade (h2c, "prior knowledge"). Only for servers
        /// known to speak h2c; an HTTP/1.1 server rejects these calls. Connections are reused,
        /// also with libcurl older than 8.0.0, whose reuse of prior-knowledge connections is
        /// broken: there later calls reuse the first call's connection by asking for HTTP/2
        /// plainly, and should it have closed meanwhile, a gRPC call is sent again with prior
        /// knowledge on a new one.
        case http2PriorKnowledge
    }

    /// Where the proxy comes from.
    public enum Proxy: Sendable, Hashable {
        /// The `http_proxy`, `https_proxy` and `no_proxy` environment variables, as curl reads them.
        case environment
        /// No proxy, whatever the environment says.
        case none
        /// This proxy URL (e.g. `"http://proxy:3128"`), bypassed for the comma-separated
        /// hosts in `noProxy`.
        case url(String, noProxy: String? = nil)
    }

    /// TLS settings. Verification is on unless switched off here.
    public struct TLS: Sendable, Hashable {
        /// Verify the server's certificate chain. Default `true`.
        public var verifyPeer: Bool = true
        /// Verify that the certificate names the host. Default `true`.
        public var verifyHost: Bool = true
        /// A PEM file of CA certificates to trust instead of the system's.
        public var caBundlePath: String?
        /// Public-key pinning in curl's form: `"sha256//<base64>"` (several joined by `;`) or
        /// the path of a PEM/DER public key. The handshake fails when the server's key differs.
        public var pinnedPublicKey: String?
        /// A PEM file holding the client's certificate (and chain), for servers that ask for
        /// one (mutual TLS); `nil` sends none.
        public var clientCertificatePath: String?
        /// The PEM file of the client certificate's private key, when it is not in
        /// ``clientCertificatePath`` too.
        public var clientKeyPath: String?

        /// Creates TLS settings (verification on, system CAs, no pin).
        public init(verifyPeer: Bool = true, verifyHost: Bool = true, caBundlePath: String? = nil, pinnedPublicKey: String? = nil) {
            self.verifyPeer = verifyPeer
            self.verifyHost = verifyHost
            self.caBundlePath = caBundlePath
            self.pinnedPublicKey = pinnedPublicKey
        }
    }

    /// The HTTP version preference. Default ``HTTPVersion/http2``.
    public var httpVersion: HTTPVersion = .http2
    /// TLS settings.
    public var tls: TLS = TLS()
    /// The proxy. Default ``Proxy/environment``.
    public var proxy: Proxy = .environment
    /// The default total time limit of a call; `nil` for none. Default 60 s.
    public var timeout: Duration? = .seconds(60)
    /// The default connect time limit. Default 10 s.
    public var connectTimeout: Duration? = .seconds(10)
    /// The default maximum response body size in bytes (after decompression). Default 64 MiB.
    /// Applies to bodies held in memory; bodies written to a file have ``maxDownloadSize``.
    public var maxResponseSize: Int = 64 << 20
    /// The default largest file a response body written to a file (``ResponseBodyFile``,
    /// `download`) may make, in bytes. Default 64 GiB.
    public var maxDownloadSize: Int64 = 64 << 30
    /// Ask for compressed responses (`Accept-Encoding` with every encoding curl decodes:
    /// gzip, deflate, br, zstd) and decompress them. Default `true`.
    public var acceptCompressedResponses: Bool = true
    /// Multiplex calls over one HTTP/2 connection when possible. Default `true`.
    public var multiplexHTTP2: Bool = true
    /// The most connections open to one host at once; 0 for no limit. Default 0.
    public var maxConnectionsPerHost: Int = 0
    /// The most transfers running at once; 0 for no limit (the default). Calls past it wait in
    /// the transport, and start as slots free up in ``CallPriority`` order: high first, then
    /// normal, then low, each in the order the calls were made (``TransportRequest/priority``,
    /// `CallOptions.priority`). A call cancelled or past its deadline while waiting never starts.
    public var maxConcurrentTransfers: Int = 0
    /// The longest the engine thread's `curl_multi_poll` waits when nothing wakes it (no
    /// socket ready, no call, no libcurl timer due sooner). Default 1 s. Tests raise it, so a
    /// transfer that only goes on at the poll's timeout shows as a hang instead of a delay.
    package var idlePollLimit: Duration = .seconds(1)
    /// How many idle connections the cache keeps for reuse. Default 64.
    public var connectionCacheSize: Int = 64
    /// The `User-Agent` header; `nil` sends none. Default `"ProtoHTTP"`.
    public var userAgent: String? = "ProtoHTTP"
    /// Follow HTTP redirects (at most 10). Default `false`: RPC endpoints do not redirect.
    ///
    /// Whatever this says, the transport speaks only `http` and `https`: a request URL of
    /// another scheme fails with `invalid_argument`, and a redirect to one (`file://`, `ftp://`…)
    /// is not followed (the call fails, curl code 1). Every TLS connection is TLS 1.2 or newer.
    public var followRedirects: Bool = false
    /// The request headers that must not follow a redirect to another origin (scheme, host or
    /// port), compared case-insensitively (as `HTTPField.Name`s are). Default `Authorization`, `Proxy-Authorization`,
    /// `Cookie`, `X-API-Key`.
    ///
    /// With ``followRedirects`` on, a request carrying one of them has its redirects followed by
    /// the transport rather than by libcurl (which keeps custom headers on every hop and drops
    /// only `Authorization` and `Cookie`): each hop resolves `Location`, applies the method rules
    /// (303 → GET; 301 and 302 turn POST into GET; 307 and 308 keep method and body), and leaves
    /// these headers behind from the first hop that changes origin on. At most 10 hops.
    public var secretHeaderNames: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie, .xAPIKey]

    /// Creates the default configuration.
    public init() {}
}
