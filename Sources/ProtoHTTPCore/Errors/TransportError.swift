// TransportError.swift: libcurl's report of a failed transfer (its code, summary and error buffer).

/// What libcurl said about a failed transfer: the `CURLcode`, curl's one-line summary of that
/// code (`curl_easy_strerror`) and the transfer-specific text from `CURLOPT_ERRORBUFFER`.
public struct TransportError: Hashable, Sendable, CustomStringConvertible {
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
