// CallOptions.swift: what one call may change: cancellation grouping, context, headers, parameters, and overrides of the manager's defaults.
public import HTTPTypes
public import ProtoHTTPCore


/// Per-call settings: grouping for cancellation, extra headers and parameters, and overrides
/// of the manager's defaults. Every field has a default, so set only what the call needs:
///
/// ```swift
/// let options = CallOptions(tag: 7, headers: [.acceptLanguage: "de"], timeout: .seconds(2), encoding: .json)
/// let traced = CallOptions(headers: try HTTPFields(validating: ["X-Trace": id]))  // names as text: checked
/// ```
public struct CallOptions: Sendable {
    /// A group name for ``ProtoHTTPManager/cancelAll(category:)``.
    public var category: String?
    /// A number for ``ProtoHTTPManager/cancelAll(tag:)``.
    public var tag: Int?
    /// Anything the caller wants back in interceptors (``CallInfo/context``), over the
    /// manager's ``ManagerConfiguration/userInfo``.
    public var context: [String: any Sendable]
    /// Extra headers; they replace the manager's headers of the same name (compared
    /// case-insensitively, as `HTTPField.Name`s are).
    public var headers: HTTPFields
    /// Extra query parameters; they replace the manager's parameters of the same name.
    public var parameters: [String: String]
    /// The call's time limit. Default: the manager's.
    public var timeout: CallTimeout
    /// The wire protocol, replacing the manager's.
    public var wireProtocol: (any WireProtocol)?
    /// The body encoding of message calls, replacing the manager's ``ManagerConfiguration/encoding``.
    public var encoding: BodyEncoding?
    /// Whether this call's body is gzipped, replacing the manager's
    /// ``ManagerConfiguration/requestCompression``; `nil` (the default) keeps the manager's.
    public var requestCompression: RequestCompression?
    /// The validators, replacing the manager's.
    public var validators: [any ResponseValidator]?
    /// The retry policy, replacing the manager's (``RetryPolicy/never`` for one attempt).
    public var retryPolicy: RetryPolicy?
    /// Response processors run after the manager's, for this call only.
    public var responseProcessors: [any ResponseProcessor] = []
    /// Accessories told about this call, after the manager's (YTKNetwork's per-request
    /// accessories).
    public var accessories: [any CallAccessory] = []
    /// Failure filters run after the manager's, for this call only (YTKNetwork's
    /// `requestFailedFilter`).
    public var failureFilters: [any FailureFilter] = []
    /// A base URL for this call instead of the manager's, e.g. a CDN's (YTKNetwork's `cdnUrl`).
    public var baseURL: String?
    /// Whether the manager's base URL applies (when ``baseURL`` is not set). Default `true`.
    public var useBaseURL = true
    /// Whether the call goes to the manager's ``ManagerConfiguration/cdnBaseURL`` instead of its
    /// base URL (XMNetworking's `useCDN`; ``baseURL`` still wins when set). Default `false`. A
    /// call to a relative path with it on fails before sending when no CDN base URL is set.
    public var useCDN = false
    /// Whether the manager's general headers are sent. Default `true`.
    public var useGeneralHeaders = true
    /// Whether the manager's general query parameters are added. Default `true`.
    public var useGeneralParameters = true
    /// Whether the manager's secret headers (``ManagerConfiguration/secretHeaderNames``) and
    /// general parameters go with this call even when its URL is not on a trusted origin
    /// (``ManagerConfiguration/trustedOrigins``). Default `false`.
    public var sendsSecretsToAnyOrigin = false
    /// Receives the call's upload and download progress on the manager's callback queue
    /// (``ProgressHandler``; ``withProgress(_:)`` and ``withProgressStream(bufferingNewest:)``
    /// set it). `nil` (the default) asks for none, at no cost.
    public var progress: ProgressHandler?
    /// What the call carries for stages and modules beyond the client (ProtoHTTPOffline's
    /// `cache` and `queuesWhenOffline`), by key type: read and written through
    /// ``subscript(_:)``.
    var extensions: [ObjectIdentifier: any Sendable] = [:]

    /// Creates options; every argument defaults to "as the manager says".
    public init(category: String? = nil, tag: Int? = nil, context: [String: any Sendable] = [:],
                headers: HTTPFields = [:], parameters: [String: String] = [:], timeout: CallTimeout = .managerDefault,
                wireProtocol: (any WireProtocol)? = nil, encoding: BodyEncoding? = nil,
                validators: [any ResponseValidator]? = nil, retryPolicy: RetryPolicy? = nil,
                responseProcessors: [any ResponseProcessor] = [], baseURL: String? = nil) {
        self.category = category
        self.tag = tag
        self.context = context
        self.headers = headers
        self.parameters = parameters
        self.timeout = timeout
        self.wireProtocol = wireProtocol
        self.encoding = encoding
        self.validators = validators
        self.retryPolicy = retryPolicy
        self.responseProcessors = responseProcessors
        self.baseURL = baseURL
    }
}

/// The key of ``CallOptions/priority``.
enum CallPriorityKey: CallOptionKey {
    static let defaultValue = CallPriority.normal
}

extension CallOptions {
    /// How urgent the call is (YTKNetwork's `requestPriority`): with the transport's
    /// ``TransportConfiguration/maxConcurrentTransfers`` reached, waiting calls start high
    /// first, then normal, then low; over HTTP/2 it is also the stream's weight. Default
    /// ``CallPriority/normal``.
    public var priority: CallPriority {
        get { self[CallPriorityKey.self] }
        set { self[CallPriorityKey.self] = newValue }
    }
}
