// TransportError.swift: libcurl's report of a failed transfer (its code, summary and error buffer), the cause of a ProtoHTTPError it made.
public import ProtoHTTPCore


/// What libcurl said about a failed transfer: the `CURLcode`, curl's one-line summary of that
/// code (`curl_easy_strerror`) and the transfer-specific text from `CURLOPT_ERRORBUFFER`.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The numeric `CURLcode` (e.g. 7 for "couldn't connect", 28 for "timeout").
    public var curlCode: Int
    /// curl's generic description of ``curlCode``.
    public var summary: String
    /// The transfer-specific detail from curl's error buffer; empty when curl wrote none.
    public var detail: String

    /// Creates a transport error from libcurl's code and texts.
    public init(curlCode: Int, summary: String, detail: String) {
        self.curlCode = curlCode
        self.summary = summary
        self.detail = detail
    }

    /// `curl <code>: <detail or summary>`.
    public var description: String {
        "curl \(curlCode): \(detail.isEmpty ? summary : detail)"
    }
}

extension ProtoHTTPError {
    /// The libcurl failure behind this error, or `nil` when libcurl did not report one: the
    /// ``TransportError`` among the error's causes. Setting it makes it the cause.
    public var transportError: TransportError? {
        get { cause(as: TransportError.self) }
        set { cause = newValue }
    }

    /// An error that libcurl's failure `transportError` caused; the other fields as in
    /// `init(code:message:httpStatus:cause:details:meta:responseBody:)`.
    public init(code: Code, message: String, httpStatus: Int? = nil, transportError: TransportError) {
        self.init(code: code, message: message, httpStatus: httpStatus, cause: transportError)
    }
}
