// ManagerConfiguration.swift: what a ProtoHTTPManager merges into every call: base URL, headers, parameters, timeout, queue, logger.
public import Dispatch
public import Logging
public import HTTPTypes
public import ProtoHTTPCore
public import ProtoHTTPObservability

/// The settings of a ``ProtoHTTPManager``, applied to every call it makes.
public struct ManagerConfiguration: Sendable {
    /// Prefixed to every path that is not an absolute URL, e.g. `"https://api.example.com"`.
    public var baseURL: String?
    /// The base URL of calls made with ``CallOptions/useCDN`` (XMNetworking's `cdn` server),
    /// e.g. `"https://cdn.example.com"`. Its origin is not trusted with the secret general
    /// headers or the general parameters unless ``trustedOrigins`` lists it.
    public var cdnBaseURL: String?
    /// The app's version (YTKNetwork's `appVersion`), e.g. `"2.3.0"`: part of every response
    /// cache key (ProtoHTTPOffline), so an upgrade never reads answers an older version stored,
    /// whose shape it may no longer expect. `nil` (the default) leaves it out.
    public var appVersion: String?
    /// Headers sent with every call; a call's own headers of the same name replace them.
    /// Those named in ``secretHeaderNames`` go only to trusted origins (see ``trustedOrigins``).
    public var headers: HTTPFields = [:]
    /// Query parameters added to every call's URL; a call's own parameters of the same name win.
    /// They go only to trusted origins (see ``trustedOrigins``): general parameters are often keys.
    public var parameters: [String: String] = [:]
    /// Where ``parameters`` go: the query (the default), merged into form, JSON and multipart
    /// bodies, or chosen per call (``ParameterPlacement/automatic``).
    public var parameterPlacement: ParameterPlacement = .query
    /// Values every call carries to its interceptors (XMNetworking's `generalUserInfo`): merged
    /// under each call's ``CallOptions/context`` into ``CallInfo/context``, a call's own key
    /// winning. Never sent anywhere.
    public var userInfo: [String: any Sendable] = [:]
    /// The origins, besides ``baseURL``'s, that get the secret general headers and the general
    /// parameters, e.g. `"https://upload.example.com"` (scheme, host and port; a path is ignored).
    ///
    /// A call to an absolute URL on any other origin (a CDN download, a signed upload URL, a
    /// third-party API) gets neither, unless it sets ``CallOptions/sendsSecretsToAnyOrigin``;
    /// its own ``CallOptions/headers`` and ``CallOptions/parameters`` always go. A call's own
    /// ``CallOptions/baseURL`` is trusted for that call.
    public var trustedOrigins: [String] = []
    /// The general headers that are secrets, compared case-insensitively (as `HTTPField.Name`s
    /// are): sent only to trusted
    /// origins. Default `Authorization`, `Proxy-Authorization`, `Cookie`, `X-API-Key`.
    public var secretHeaderNames: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie, .xAPIKey]
    /// The default total time limit of a call. Default 60 s.
    public var timeout: Duration? = .seconds(60)
    /// Whether a call made inside a ProtoHTTPServer handler whose request has a deadline gets
    /// at most the time left before it (`HandlerDeadline`, ProtoHTTPCore), whatever its own timeout says, as
    /// gRPC propagates deadlines. Default `true`; `false` lets the calls outlive the handler's caller.
    public var inheritsHandlerDeadline = true
    /// Whether unary calls record OpenTelemetry RPC metrics (`rpc.client.*`) and a client span
    /// each, continuing the trace of `ServiceContext.current` (a server handler's) and
    /// injecting it into the request headers. Default off; see `RPCObservability` (ProtoHTTPObservability).
    public var observability = RPCObservability.off
    /// The wire protocol of every call that does not name one. `nil` (the default) means
    /// Connect for RPC methods (``ProtoHTTPManager/unary(_:_:options:completion:success:failure:finished:)``,
    /// which generated clients use, as ProtoHTTPServer and connectrpc serve them) and plain HTTP
    /// for calls to a path (`post`).
    public var wireProtocol: (any WireProtocol)?
    /// How message bodies are encoded unless a call says otherwise. Default binary protobuf.
    public var encoding: BodyEncoding = .binary
    /// Whether a message call whose binary protobuf body is answered `415 Unsupported Media
    /// Type` is sent once more in proto3 JSON, and its endpoint (URL without query) remembered
    /// so the manager's later calls to it start in JSON. Default `false`: a 415 fails the call.
    /// Only bodies of serializers that follow the call's encoding can fall back (the message
    /// calls' and generated clients'); ``ProtoHTTPManager/jsonFallbackEndpoints`` lists what
    /// was remembered.
    public var fallbackToJSON = false
    /// Whether request bodies are gzipped (``RequestCompression``). Default `.off`.
    public var requestCompression: RequestCompression = .off
    /// The default validators. Default: status 200–299.
    public var validators: [any ResponseValidator] = [StatusCodeValidator()]
    /// How failed calls are sent again. Default ``RetryPolicy/never``: one attempt.
    public var retryPolicy: RetryPolicy = .never
    /// Rewrite every call's URL, in order, after the base URL and parameters (``URLFilter``).
    public var urlFilters: [any URLFilter] = []
    /// Observers told when every call starts and stops (``CallAccessory``).
    public var accessories: [any CallAccessory] = []
    /// Run, in order, on every failed call's error before its failure callback (YTKNetwork's
    /// `requestFailedFilter`); a call's own ``CallOptions/failureFilters`` run after them.
    public var failureFilters: [any FailureFilter] = []
    /// Hooks on every decoded output (``ResponseProcessor``), in order.
    public var responseProcessors: [any ResponseProcessor] = []
    /// The interceptors around every call, outermost first.
    public var interceptors: [any CallInterceptor] = []
    /// Where completion, success and failure run. `nil` (the default) makes a private serial queue.
    public var callbackQueue: DispatchQueue?
    /// Receives one debug line per request and per response, with `Authorization`,
    /// `Proxy-Authorization`, `Cookie` and `Set-Cookie` values redacted.
    public var logger = Logger(label: "ProtoHTTP")

    /// Settings for `baseURL`, every other field at its default (see each property).
    public init(baseURL: String? = nil) { self.baseURL = baseURL }

    /// Sets the general header `name` to `value`, replacing every field of that name
    /// (case-insensitive); `nil` removes them.
    ///
    /// ```swift
    /// manager.updateConfiguration { $0.setHeader("Bearer \(token)", for: .authorization) }
    /// ```
    public mutating func setHeader(_ value: String?, for name: HTTPField.Name) {
        headers.removeAll { $0.name == name }
        if let value { headers.append(HTTPField(name: name, value: value)) }
    }

    /// Sets the general header named by the text `name` (from a configuration file, say) to
    /// `value`, as ``setHeader(_:for:)`` does.
    ///
    /// - Throws: `ProtoHTTPError` with code `invalidArgument` when `name` is not a valid
    ///   header name, or `value` holds a line break or NUL; the headers are then unchanged.
    public mutating func setHeader(_ value: String?, forName name: String) throws(ProtoHTTPError) {
        let field = try HTTPField.Name(validating: name)
        if let value { _ = try HTTPFields.checkedValue(value, of: name) }
        setHeader(value, for: field)
    }

    /// Sets the general query parameter `key` to `value`; `nil` removes it.
    public mutating func setParameter(_ value: String?, forKey key: String) {
        parameters[key] = value
    }
}

extension ManagerConfiguration {
    /// A call's ``CallInfo/context``: ``userInfo`` with the call's own context over it.
    func context(of options: CallOptions) -> [String: any Sendable] {
        userInfo.merging(options.context) { _, callsOwn in callsOwn }
    }
}
