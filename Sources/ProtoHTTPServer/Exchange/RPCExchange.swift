// RPCExchange.swift: the server's view of one HTTP exchange, independent of NIO: request in, response out.
import HTTPTypes
import ProtoHTTPGzip
import ProtoHTTPCore


/// A complete HTTP request as the dispatcher sees it.
struct RPCRequest: Sendable {
    var method: HTTPMethod
    var uri: String
    var headers: HTTPFields
    var body: [UInt8]
    var remoteAddress: String?
    /// The HTTP major version the request came over (gRPC needs 2).
    var httpMajorVersion = 1
    /// What the connection did with the body's `Content-Encoding` while it arrived.
    var bodyDecoding = BodyDecoding.asSent
    /// Where the handler's deadline timer runs: the connection's event loop, or Dispatch.
    var deadlineTimers = DeadlineTimers.dispatch
    /// The task that serves this request, when the transport gives a handle on it: a passed
    /// deadline then cancels it, and the handler runs in it rather than in a child task.
    var taskCanceller: RequestTaskCanceller?

    /// Whether the body is still as sent, or the connection inflated it as it arrived
    /// (``ContentEncoding/inflatesOnArrival(method:contentType:contentEncoding:)``).
    enum BodyDecoding: Sendable {
        /// As sent: the dispatcher undoes its `Content-Encoding`.
        case asSent
        /// Inflated from gzip as it arrived.
        case inflated
        /// Gzip that could not be inflated; the body is empty.
        case failed(Gzip.Failure)
    }

    /// The first value of header `name` (case-insensitive, as `HTTPField.Name`s compare).
    func header(_ name: HTTPField.Name) -> String? { headers.firstValue(name) }
}

/// A complete HTTP response.
struct RPCResponse: Sendable {
    var status: Int
    var headers: HTTPFields
    var body: [UInt8]
    /// Trailers sent after the body (gRPC's status), or `nil` for none.
    var trailers: HTTPFields?
}

/// What the access log records about an exchange besides the HTTP line.
struct RPCOutcome: Sendable {
    var wireProtocol: RPCProtocol?
    var encoding: BodyEncoding?
    var code: ProtoHTTPError.Code?
}
