// CallInterceptor.swift: the ordered interceptor chain around a call's transport exchange.
public import ProtoHTTPCore


/// What an interceptor knows about the call it wraps.
public struct CallInfo: Sendable {
    /// The call's id (``CallHandle/id``).
    public var id: UInt64
    /// The path or URL the caller gave.
    public var path: String
    /// The call's category.
    public var category: String?
    /// The call's tag.
    public var tag: Int?
    /// The call's ``CallOptions/context`` over the manager's ``ManagerConfiguration/userInfo``.
    public var context: [String: any Sendable]
    /// The call's wire protocol: Connect, Twirp or plain HTTP.
    public var rpcProtocol: RPCProtocol
    /// The RPC method, for calls made with ``ProtoHTTPManager/unary(_:_:options:completion:success:failure:finished:)``
    /// (generated clients): its path, types and idempotency. `nil` for calls to a path.
    public var method: MethodDescriptor?

    package init(id: UInt64, path: String, category: String? = nil, tag: Int? = nil, context: [String: any Sendable], rpcProtocol: RPCProtocol,
                 method: MethodDescriptor? = nil) {
        self.id = id
        self.path = path
        self.category = category
        self.tag = tag
        self.context = context
        self.rpcProtocol = rpcProtocol
        self.method = method
    }
}

/// The rest of the chain: sends a request on and calls back once with its result.
public typealias InterceptorNext = @Sendable (TransportRequest, @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void) -> Void

/// A hook around the transport exchange of every call. Interceptors run in order, outermost
/// first; each may change the request, call `next` zero or more times (a cache answers
/// without it, a retry calls it again), and must call `completion` exactly once.
///
/// ```
///  call ─► interceptor 1 ─► interceptor 2 ─► … ─► transport
///  result ◄───────────────◄────────────────◄─────┘
/// ```
/// Validation and response serialization run after the chain; cancellation and the call's
/// deadline finish the call whatever the chain is doing (a late `completion` is ignored).
///
/// Streaming calls (``ProtoHTTPManager/serverStream(_:_:options:)`` and the others) go through
/// the same chain once: `next` starts the transfer, and `completion` comes when the stream has
/// ended, with its status, headers and trailers (the messages went to the stream's reader, so
/// the response's `body` is empty). An interceptor may change the request (an auth header) or
/// refuse the call by completing without `next`; a second `next` fails with
/// `failed_precondition`, as a stream's request messages are sent as they are written.
/// ``CallInfo/method`` says which kind of call it is.
public protocol CallInterceptor: Sendable {
    /// Handles one exchange.
    func intercept(
        _ request: TransportRequest,
        info: CallInfo,
        next: @escaping InterceptorNext,
        completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void
    )
}

/// An interceptor made from a closure.
public struct ClosureInterceptor: CallInterceptor {
    private let body: @Sendable (TransportRequest, CallInfo, @escaping InterceptorNext, @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void) -> Void

    /// An interceptor that runs `body(request, info, next, completion)` for every exchange.
    public init(_ body: @escaping @Sendable (TransportRequest, CallInfo, @escaping InterceptorNext, @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void) -> Void) {
        self.body = body
    }

    /// Calls `body` with the exchange.
    public func intercept(_ request: TransportRequest, info: CallInfo, next: @escaping InterceptorNext,
                          completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void) {
        body(request, info, next, completion)
    }
}

enum InterceptorChain {
    /// Wraps `terminal` in `interceptors`, the first outermost.
    static func build(_ interceptors: [any CallInterceptor], info: CallInfo, terminal: @escaping InterceptorNext) -> InterceptorNext {
        var next = terminal
        for interceptor in interceptors.reversed() {
            let inner = next
            next = { request, completion in
                interceptor.intercept(request, info: info, next: inner, completion: completion)
            }
        }
        return next
    }
}
