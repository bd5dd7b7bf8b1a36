// ManagerConfiguration.swift: what a ProtoHTTPManager merges into every call: base URL, headers, parameters, timeout, queue, logger.
import Dispatch
import Logging

/// The settings of a ``ProtoHTTPManager``, applied to every call it makes.
public struct ManagerConfiguration: Sendable {
    /// Prefixed to every path that is not an absolute URL, e.g. `"https://api.example.com"`.
    public var baseURL: String?
    /// Headers sent with every call; a call's own headers of the same name replace them.
    public var headers: [HTTPHeader] = []
    /// Query parameters added to every call's URL; a call's own parameters of the same name win.
    public var parameters: [String: String] = [:]
    /// The default total time limit of a call. Default 60 s.
    public var timeout: Duration? = .seconds(60)
    /// The default wire protocol. Default ``PlainProtocol``.
    public var wireProtocol: any WireProtocol = PlainProtocol()
    /// The default validators. Default: status 200–299.
    public var validators: [any ResponseValidator] = [StatusCodeValidator()]
    /// The interceptors around every call, outermost first.
    public var interceptors: [any CallInterceptor] = []
    /// Where completion, success and failure run. `nil` (the default) makes a private serial queue.
    public var callbackQueue: DispatchQueue?
    /// Receives one debug line per request and per response, with `Authorization`,
    /// `Proxy-Authorization`, `Cookie` and `Set-Cookie` values redacted.
    public var logger = Logger(label: "ProtoHTTP")

    /// Creates a configuration.
    public init(baseURL: String? = nil) { self.baseURL = baseURL }
}

/// Per-call settings: grouping for cancellation, extra headers and parameters, and overrides
/// of the manager's defaults.
public struct CallOptions: Sendable {
    /// A group name for ``ProtoHTTPManager/cancelAll(category:)``.
    public var category: String?
    /// A number for ``ProtoHTTPManager/cancelAll(tag:)``.
    public var tag: Int?
    /// Anything the caller wants back in interceptors (``CallInfo/context``).
    public var context: [String: any Sendable] = [:]
    /// Extra headers; they replace the manager's headers of the same name.
    public var headers: [HTTPHeader] = []
    /// Extra query parameters.
    public var parameters: [String: String] = [:]
    /// The call's time limit, replacing the manager's.
    public var timeout: Duration??
    /// The wire protocol, replacing the manager's.
    public var wireProtocol: (any WireProtocol)?
    /// The validators, replacing the manager's.
    public var validators: [any ResponseValidator]?

    /// Creates options.
    public init(category: String? = nil, tag: Int? = nil, context: [String: any Sendable] = [:],
                headers: [HTTPHeader] = [], timeout: Duration?? = nil, wireProtocol: (any WireProtocol)? = nil) {
        self.category = category
        self.tag = tag
        self.context = context
        self.headers = headers
        self.timeout = timeout
        self.wireProtocol = wireProtocol
    }
}
