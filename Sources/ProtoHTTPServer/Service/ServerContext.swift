// ServerContext.swift: what a handler knows about the call besides the request message.
import Logging

/// The call a handler is serving: method, protocol, encoding, headers, peer and deadline.
///
/// ```swift
/// func getNote(_ request: GetNoteRequest, context: ServerContext) async throws -> Note {
///     context.logger.info("get", metadata: ["id": "\(request.id)"])
///     if context.header("Authorization") == nil { throw ProtoHTTPError(code: .unauthenticated, message: "sign in first") }
///     …
/// }
/// ```
public struct ServerContext: Sendable {
    /// The method path, `/pkg.Service/Method`.
    public var method: String
    /// The wire protocol the client used.
    public var wireProtocol: RPCProtocol
    /// The body encoding of the request and the response.
    public var encoding: BodyEncoding
    /// The request's headers, in order.
    public var requestHeaders: [HTTPHeader]
    /// The client's address, `ip:port`, when known.
    public var remoteAddress: String?
    /// When the call must be answered (from `Connect-Timeout-Ms`), or `nil` for no deadline.
    /// The server cancels the handler's task when it passes.
    public var deadline: ContinuousClock.Instant?
    /// The server's logger with the method in its metadata.
    public var logger: Logger

    /// Creates a context (the server does this; tests of handlers may too).
    public init(
        method: String, wireProtocol: RPCProtocol = .connect, encoding: BodyEncoding = .binary,
        requestHeaders: [HTTPHeader] = [], remoteAddress: String? = nil,
        deadline: ContinuousClock.Instant? = nil, logger: Logger = Logger(label: "ProtoHTTPServer")
    ) {
        self.method = method
        self.wireProtocol = wireProtocol
        self.encoding = encoding
        self.requestHeaders = requestHeaders
        self.remoteAddress = remoteAddress
        self.deadline = deadline
        self.logger = logger
    }

    /// The first value of the request header `name` (case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        requestHeaders.first(named: name)
    }
}
