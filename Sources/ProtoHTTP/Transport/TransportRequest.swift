// TransportRequest.swift: one HTTP request as the transport sends it (method, URL, headers, body, limits).
public import HTTPTypes
public import ProtoHTTPCore


/// One HTTP request for ``HTTPTransport``: everything the transport needs, nothing RPC-specific.
///
/// Limits left `nil` fall back to the transport's ``TransportConfiguration``.
public struct TransportRequest: Sendable {
    /// The HTTP method, e.g. `.post` or `.get` (any token: `HTTPMethod(rawValue: "PROPFIND")`).
    public var method: HTTPMethod
    /// The absolute URL (`http://` or `https://`).
    public var url: String
    /// Header fields to send, in order. The transport adds no `Content-Type` of its own.
    public var headers: HTTPFields
    /// The request body, or `nil` for none.
    public var body: [UInt8]?
    /// A `multipart/form-data` body, sent instead of ``body`` (set one or the other): libcurl
    /// builds it, writes the boundary into `Content-Type`, and streams file parts from disk.
    public var multipart: MultipartForm?
    /// The path of a file sent as the whole body, instead of ``body`` and ``multipart``: read
    /// from disk while the request is sent (memory does not grow with the file), with its size
    /// as `Content-Length`, and opened again for every attempt.
    public var uploadFile: String?
    /// The whole call's time limit (connect, send, wait, receive); `nil` uses the configuration's.
    public var timeout: Duration?
    /// The time limit for establishing the connection; `nil` uses the configuration's.
    public var connectTimeout: Duration?
    /// The largest response body accepted, in bytes after decompression; `nil` uses the
    /// configuration's. The transfer aborts with `resource_exhausted` past it.
    public var maxResponseSize: Int?
    /// Receives upload and download progress (see ``ProgressHandler`` for where and how often);
    /// `nil` (the default) asks for none, and the transfer then pays nothing for it.
    public var progress: ProgressHandler?
    /// How urgent the call is: the order it starts in when it waits for a transfer slot
    /// (``TransportConfiguration/maxConcurrentTransfers``), and its HTTP/2 stream weight.
    /// Default ``CallPriority/normal``.
    public var priority: CallPriority = .normal
    /// Write a 2xx response body to this file instead of memory (``ResponseBodyFile``); `nil`
    /// (the default) keeps the body in ``TransportResponse/body``.
    public var bodyFile: ResponseBodyFile?
    /// The HTTP version for this request, over the transport's
    /// ``TransportConfiguration/httpVersion``; `nil` (the default) uses the configuration's.
    /// gRPC sets ``TransportConfiguration/HTTPVersion/http2PriorKnowledge`` for `http://` URLs.
    public var httpVersion: TransportConfiguration.HTTPVersion?
    /// Whether the transport's content negotiation goes with the request: libcurl's
    /// `Accept: */*` (unless ``headers`` has an `Accept`) and, with
    /// ``TransportConfiguration/acceptCompressedResponses``, `Accept-Encoding` and the decoding
    /// of a compressed response body. Default `true`. gRPC sets `false`: it negotiates message
    /// compression with `grpc-accept-encoding` and its bodies are never content-coded, so the
    /// two headers would only add their bytes to every call, on both sides.
    public var negotiatesContent = true
    /// For a streaming call: the request body is written to it while the request is sent, and
    /// the response's head and body are read from it as they arrive (``body`` and the other
    /// body forms stay `nil`; the response's ``TransportResponse/body`` stays empty). Such a
    /// transfer follows no redirects and has no time limit but ``timeout``.
    package var stream: TransportStream?

    /// A request: POST by default; `body` or `multipart` (not both); limits left `nil` take the transport configuration's.
    public init(
        method: HTTPMethod = .post,
        url: String,
        headers: HTTPFields = [:],
        body: [UInt8]? = nil,
        multipart: MultipartForm? = nil,
        timeout: Duration? = nil,
        connectTimeout: Duration? = nil,
        maxResponseSize: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.multipart = multipart
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxResponseSize = maxResponseSize
    }
}

extension TransportRequest {
    /// Whether the request moves a file (a response body to a file, a multipart form, a file
    /// body): such
    /// a transfer has no total time limit unless ``timeout`` sets one, only a stall limit.
    var isFileTransfer: Bool { bodyFile != nil || multipart != nil || uploadFile != nil }
}
