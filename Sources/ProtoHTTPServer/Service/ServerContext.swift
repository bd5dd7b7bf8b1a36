// ServerContext.swift: what a handler knows about the call besides the request message.
public import Logging
public import HTTPTypes
public import ProtoHTTPCore

/// The call a handler is serving: method, protocol, encoding, headers, peer and deadline, and
/// the headers and trailers its response is to carry.
///
/// ```swift
/// func getNote(_ request: GetNoteRequest, context: ServerContext) async throws -> Note {
///     context.logger.info("get", metadata: ["id": "\(request.id)"])
///     if context.header(.authorization) == nil { throw ProtoHTTPError(code: .unauthenticated, message: "sign in first") }
///     …
/// }
/// ```
public struct ServerContext: Sendable {
    /// The RPC method's path, `/pkg.Service/Method` (the HTTP method is ``httpMethod``).
    public var method: String
    /// The request's HTTP method: `.post`, or `.get` for a Connect GET of a method marked
    /// `idempotency_level = NO_SIDE_EFFECTS`.
    public var httpMethod: HTTPMethod
    /// The wire protocol the client used.
    public var wireProtocol: RPCProtocol
    /// The body encoding of the request and the response.
    public var encoding: BodyEncoding
    /// The request's headers, in order, repeated fields kept; look names up with
    /// `HTTPField.Name`s, which compare case-insensitively (`requestHeaders[values: .cookie]`).
    public var requestHeaders: HTTPFields
    /// The client's address, `ip:port`, when known.
    public var remoteAddress: String?
    /// When the call must be answered (from `Connect-Timeout-Ms` or `grpc-timeout`), or `nil` for no deadline.
    /// The server cancels the handler's task when it passes. Client calls the handler makes get
    /// at most the time left before it (`HandlerDeadline`, ProtoHTTPCore).
    public var deadline: ContinuousClock.Instant?
    /// The server's logger with the method in its metadata.
    public var logger: Logger
    /// Where the response headers and trailers set through this context (and its copies) go.
    let responseFields = HandlerResponseFields()

    /// Headers the response carries besides the protocol's own, set by the handler or an
    /// interceptor: `context.responseHeaders[HTTPField.Name("x-request-id")!] = id`. Every copy of the
    /// context sets the same call's headers. A stream's headers go out with its first message
    /// (set them before sending); a unary call's with its answer, error or not. The fields the
    /// server sets itself (`Content-Type`, compression, `grpc-status`, …) are dropped, with a
    /// warning in ``logger``.
    public var responseHeaders: HTTPFields {
        get { responseFields.snapshot.headers }
        nonmutating set { responseFields.update { $0.headers = newValue } }
    }

    /// Trailers the response ends with, after the handler returned or threw. gRPC sends them as
    /// HTTP/2 trailers, gRPC-Web in its trailer frame, Connect streams in the end-of-stream
    /// message's `metadata`, and Connect unary (and Twirp and plain) as headers named
    /// `trailer-` and the name, the Connect protocol's rule; the client's
    /// `ResponseMetadata.trailers` holds them in every case.
    public var responseTrailers: HTTPFields {
        get { responseFields.snapshot.trailers }
        nonmutating set { responseFields.update { $0.trailers = newValue } }
    }

    /// Creates a context (the server does this; tests of handlers may too).
    public init(
        method: String, httpMethod: HTTPMethod = .post, wireProtocol: RPCProtocol = .connect, encoding: BodyEncoding = .binary,
        requestHeaders: HTTPFields = [:], remoteAddress: String? = nil,
        deadline: ContinuousClock.Instant? = nil, logger: Logger = Logger(label: "ProtoHTTPServer")
    ) {
        self.method = method
        self.httpMethod = httpMethod
        self.wireProtocol = wireProtocol
        self.encoding = encoding
        self.requestHeaders = requestHeaders
        self.remoteAddress = remoteAddress
        self.deadline = deadline
        self.logger = logger
    }

    /// The first value of the request header `name` (case-insensitive), or `nil`. Every value
    /// of a repeated field, in order: `requestHeaders[values: name]`.
    public func header(_ name: HTTPField.Name) -> String? {
        requestHeaders.firstValue(name)
    }
}
