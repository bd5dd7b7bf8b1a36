// TransportResponse.swift: a complete HTTP response (status, headers, decoded body, metrics).
public import HTTPTypes


/// A complete HTTP response, whatever its status: the transport reports 404 or 503 as a
/// response; deciding that a status is an error belongs to the validation layer above.
public struct TransportResponse: Sendable {
    /// The HTTP status code, e.g. 200.
    public var status: Int
    /// The response header fields of the final response, in order.
    public var headers: HTTPFields
    /// The trailer fields that followed the body (gRPC sends its status there), in order;
    /// empty when there were none.
    public var trailers: HTTPFields = [:]
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

/// Facts about one transfer, from `curl_easy_getinfo` (AFNetworking's task metrics).
///
/// The phase times are each measured from the start of the transfer, as libcurl reports
/// them: ``nameLookupTime`` ≤ ``connectTime`` ≤ ``tlsHandshakeTime`` ≤ ``firstByteTime`` ≤
/// ``totalTime``. A phase the transfer skipped (a reused connection needs no lookup, connect
/// or handshake; cleartext has no handshake) reports zero.
public struct TransportMetrics: Sendable, Hashable {
    /// The HTTP version used: `"1.0"`, `"1.1"`, `"2"` or `"3"`.
    public var httpVersion: String
    /// How many new connections this transfer opened (0 when it reused a kept-alive one).
    public var newConnections: Int
    /// The whole transfer's duration.
    public var totalTime: Duration
    /// Until the host name was resolved (`CURLINFO_NAMELOOKUP_TIME_T`).
    public var nameLookupTime: Duration = .zero
    /// Until the TCP connection was made (`CURLINFO_CONNECT_TIME_T`).
    public var connectTime: Duration = .zero
    /// Until the TLS handshake was done (`CURLINFO_APPCONNECT_TIME_T`); zero in cleartext.
    public var tlsHandshakeTime: Duration = .zero
    /// Until the first byte of the response arrived (`CURLINFO_STARTTRANSFER_TIME_T`).
    public var firstByteTime: Duration = .zero
    /// Request body bytes sent (`CURLINFO_SIZE_UPLOAD_T`).
    public var bodyBytesSent: Int64 = 0
    /// Request header bytes sent (`CURLINFO_REQUEST_SIZE`).
    public var headerBytesSent: Int64 = 0
    /// Response body bytes received, before any decompression (`CURLINFO_SIZE_DOWNLOAD_T`).
    public var bodyBytesReceived: Int64 = 0
    /// Response header bytes received (`CURLINFO_HEADER_SIZE`).
    public var headerBytesReceived: Int64 = 0

    /// Whether the transfer went over a connection kept alive from an earlier one.
    public var reusedConnection: Bool { newConnections == 0 }

    /// Creates metrics; the phase times and byte counts start at zero.
    public init(httpVersion: String = "", newConnections: Int = 0, totalTime: Duration = .zero) {
        self.httpVersion = httpVersion
        self.newConnections = newConnections
        self.totalTime = totalTime
    }
}
