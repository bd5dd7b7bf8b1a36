// TransportResponse.swift: a complete HTTP response (status, headers, decoded body, metrics).
public import HTTPTypes


/// A complete HTTP response, whatever its status: the transport reports 404 or 503 as a
/// response; deciding that a status is an error belongs to the validation layer above.
public struct TransportResponse: Sendable {
    /// The HTTP status code, e.g. 200.
    public var status: Int
    /// The response header fields of the final response, in order.
    public var headers: HTTPFields
    /// The body, already decompressed when the server used gzip, br or zstd.
    public var body: [UInt8]
    /// Facts about how the transfer went.
    public var metrics: TransportMetrics
    /// Where the body went when the request had a ``TransportRequest/bodyFile`` and the
    /// response was written to it (``body`` is then empty); `nil` otherwise.
    public var bodyFile: WrittenBodyFile?

    /// A response with `status`, `headers` and the decoded `body`; `metrics` default to empty.
    public init(status: Int, headers: HTTPFields, body: [UInt8], metrics: TransportMetrics = TransportMetrics()) {
        self.status = status
        self.headers = headers
        self.body = body
        self.metrics = metrics
    }
}

/// Facts about one transfer, from `curl_easy_getinfo`.
public struct TransportMetrics: Sendable, Hashable {
    /// The HTTP version used: `"1.0"`, `"1.1"`, `"2"` or `"3"`.
    public var httpVersion: String
    /// How many new connections this transfer opened (0 when it reused a kept-alive one).
    public var newConnections: Int
    /// The whole transfer's duration.
    public var totalTime: Duration

    /// Creates metrics.
    public init(httpVersion: String = "", newConnections: Int = 0, totalTime: Duration = .zero) {
        self.httpVersion = httpVersion
        self.newConnections = newConnections
        self.totalTime = totalTime
    }
}
