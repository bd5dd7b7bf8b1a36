// ProtoHTTPError.swift: the RPC error client and server share: a code, the HTTP status, a message, details, the transport cause.

/// An RPC error, as both sides see it.
///
/// On the client it is the failure of a call: the transport failed, the call was cancelled or
/// timed out, validation or decoding failed, or the server answered with an error body. On the
/// server a handler throws it, and its code, message, details and meta reach the client in the
/// protocol's error format (``ConnectErrorBody``, ``TwirpErrorBody``).
///
/// Every error carries an RPC ``code`` from Connect's code set, the HTTP ``httpStatus`` when a
/// response arrived, a ``message`` that says what happened and how to fix it, and, when libcurl
/// reported the failure, the underlying ``transportError`` (curl's code and error text).
///
/// ```swift
/// transport.send(request, on: .main) { result in
///     if case .failure(let error) = result, error.code == .deadlineExceeded {
///         print(error)  // "deadline_exceeded: the call did not finish within 2.0 s ... (curl 28: ...)"
///     }
/// }
/// throw ProtoHTTPError(code: .notFound, message: "no note has the id \"n4\"")   // in a handler
/// ```
public struct ProtoHTTPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The RPC status code (Connect's code set, shared with gRPC).
    public var code: Code
    /// The HTTP status of the response, or `nil` when no response arrived.
    public var httpStatus: Int?
    /// What happened and how to fix it, in one or two sentences.
    public var message: String
    /// The libcurl failure behind this error, or `nil` when libcurl did not report one.
    public var transportError: TransportError?
    /// Connect error details from the server's error body (type name and raw bytes), in order.
    public var details: [ErrorDetail] = []
    /// Twirp error metadata from the server's error body (`meta`).
    public var meta: [String: String] = [:]
    /// The raw error response body, when the server answered with an error status.
    public var responseBody: [UInt8]?
    /// Set on a client call's failure when the call was stored in an offline queue to be sent
    /// again later: the queue entry's id (the client's `CallOptions.queuesWhenOffline`).
    public var queueEntryID: String?

    /// An error with `code` and a `message` that says what happened and how to fix it; the other fields are optional.
    ///
    /// - Parameters:
    ///   - code: the RPC code.
    ///   - message: what happened and how to fix it.
    ///   - httpStatus: the HTTP status, when a response arrived.
    ///   - transportError: the libcurl failure behind the error, if any.
    ///   - details: Connect error details from the error body.
    ///   - meta: Twirp error metadata from the error body.
    ///   - responseBody: the raw error response body.
    public init(
        code: Code, message: String, httpStatus: Int? = nil, transportError: TransportError? = nil,
        details: [ErrorDetail] = [], meta: [String: String] = [:], responseBody: [UInt8]? = nil
    ) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.transportError = transportError
        self.details = details
        self.meta = meta
        self.responseBody = responseBody
    }

    /// `code: message`, followed by the HTTP status and curl's report when present.
    public var description: String {
        var text = "\(code): \(message)"
        if let httpStatus { text += " (HTTP \(httpStatus))" }
        if let transportError { text += " (\(transportError))" }
        if !details.isEmpty { text += " [details: \(details.map(\.type).joined(separator: ", "))]" }
        if !meta.isEmpty { text += " [meta: \(meta.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))]" }
        return text
    }
}
