// ProtoHTTPError.swift: the RPC error client and server share: a code, the HTTP status, a message, details, and the cause beneath it.

/// An RPC error, as both sides see it.
///
/// On the client it is the failure of a call: the transport failed, the call was cancelled or
/// timed out, validation or decoding failed, or the server answered with an error body. On the
/// server a handler throws it, and its code, message, details and meta reach the client in the
/// protocol's error format (``ConnectErrorBody``, ``TwirpErrorBody``).
///
/// Every error carries an RPC ``code`` from Connect's code set, the HTTP ``httpStatus`` when a
/// response arrived, a ``message`` that says what happened and how to fix it, and, when another
/// layer reported the failure, its ``cause``: the client's transport error (curl's code and
/// text, `error.transportError` with ProtoHTTP), or an offline queue's entry
/// (`error.queueEntryID` with ProtoHTTPOffline). Read any layer with ``cause(as:)``.
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
    /// What lies beneath this error, when another layer reported it (the client's transport
    /// error, an offline queue's entry over it); `nil` otherwise. Compared and hashed by its
    /// description.
    public var cause: (any Error & Sendable)?
    /// Connect error details from the server's error body (type name and raw bytes), in order.
    public var details: [ErrorDetail] = []
    /// Twirp error metadata from the server's error body (`meta`).
    public var meta: [String: String] = [:]
    /// The raw error response body, when the server answered with an error status.
    public var responseBody: [UInt8]?

    /// An error with `code` and a `message` that says what happened and how to fix it; the other fields are optional.
    ///
    /// - Parameters:
    ///   - code: the RPC code.
    ///   - message: what happened and how to fix it.
    ///   - httpStatus: the HTTP status, when a response arrived.
    ///   - cause: what lies beneath the error, if another layer reported it.
    ///   - details: Connect error details from the error body.
    ///   - meta: Twirp error metadata from the error body.
    ///   - responseBody: the raw error response body.
    public init(
        code: Code, message: String, httpStatus: Int? = nil, cause: (any Error & Sendable)? = nil,
        details: [ErrorDetail] = [], meta: [String: String] = [:], responseBody: [UInt8]? = nil
    ) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.cause = cause
        self.details = details
        self.meta = meta
        self.responseBody = responseBody
    }

    /// `code: message`, followed by the HTTP status and the cause when present.
    public var description: String {
        var text = "\(code): \(message)"
        if let httpStatus { text += " (HTTP \(httpStatus))" }
        if let cause { text += " (\(cause))" }
        if !details.isEmpty { text += " [details: \(details.map(\.type).joined(separator: ", "))]" }
        if !meta.isEmpty { text += " [meta: \(meta.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))]" }
        return text
    }
}

extension ProtoHTTPError {
    /// The first error of type `E` down the chain of causes: ``cause``, then the cause of each
    /// ``LayeredError`` on the way.
    ///
    /// ```swift
    /// if let curl = error.cause(as: TransportError.self) { print(curl.curlCode) }
    /// ```
    public func cause<E: Error>(as type: E.Type) -> E? {
        var next = cause
        while let current = next {
            if let found = current as? E { return found }
            next = (current as? any LayeredError)?.cause
        }
        return nil
    }

    /// Equal when every field is, the causes compared by their descriptions.
    public static func == (lhs: ProtoHTTPError, rhs: ProtoHTTPError) -> Bool {
        lhs.code == rhs.code && lhs.httpStatus == rhs.httpStatus && lhs.message == rhs.message
            && lhs.details == rhs.details && lhs.meta == rhs.meta && lhs.responseBody == rhs.responseBody
            && lhs.causeText == rhs.causeText
    }

    /// Hashes every field, the cause by its description.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(httpStatus)
        hasher.combine(message)
        hasher.combine(details)
        hasher.combine(meta)
        hasher.combine(responseBody)
        hasher.combine(causeText)
    }

    private var causeText: String? { cause.map { String(reflecting: $0) } }
}

/// An error that a layer puts over another as a ``ProtoHTTPError/cause`` (an offline queue's
/// entry over the transport error that made the call fail), so ``ProtoHTTPError/cause(as:)``
/// can look through it.
public protocol LayeredError: Error, Sendable {
    /// The error beneath this one.
    var cause: (any Error & Sendable)? { get }
}
