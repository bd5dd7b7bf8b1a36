// Request.swift: a call as a value of its own type (YTKNetwork's YTKRequest subclass): method, path, input, serializers and options in one place.
public import ProtoHTTPCore

/// A call described by a type of its own, the role of a `YTKRequest` subclass: the method, the
/// path, the input and its serializers, and what a YTKNetwork user overrides per request (the
/// timeout, the validators, the accessories, the priority, and every other ``CallOptions`` field: cache,
/// retry, headers, category…). Start one with ``ProtoHTTPManager/start(_:completion:success:failure:finished:)``
/// or ``ProtoHTTPManager/send(_:)``, or hand it to a batch or a chain (`PendingCall(request)`, `.call(request)`).
/// Generated clients remain the short path for RPC methods; a request type suits an endpoint
/// called from many places, or one with settings of its own.
///
/// Only ``path``, ``input``, ``requestSerializer`` and ``responseSerializer`` are required; the
/// rest have defaults (POST, the manager's timeout and validators, no accessories).
///
/// ```swift
/// struct FeedPage: Request {
///     var page: Int
///     var method: HTTPMethod { .get }
///     var path: String { "/v1/feed" }
///     var input: [String: String] { ["page": "\(page)"] }
///     var requestSerializer: FormURLEncodedRequestSerializer { .formURLEncoded }
///     var responseSerializer: JSONResponseSerializer<Feed> { .json(Feed.self) }
///     var timeout: CallTimeout? { .after(.seconds(5)) }
/// }
/// let feed = try await manager.send(FeedPage(page: 2)).output
/// ```
public protocol Request<Output>: Sendable {
    /// What the call delivers: ``responseSerializer``'s output.
    associatedtype Output: Sendable
    /// What writes ``input`` into the request.
    associatedtype Body: RequestSerializer
    /// What reads the response.
    associatedtype Reader: ResponseSerializer where Reader.Output == Output

    /// The HTTP method. Default POST.
    var method: HTTPMethod { get }
    /// The path (joined to the manager's base URL) or an absolute URL.
    var path: String { get }
    /// The call's input: a message, parameters, bytes, as ``requestSerializer`` takes it.
    var input: Body.Input { get }
    /// Writes ``input`` (the body, or the query for GET and HEAD).
    var requestSerializer: Body { get }
    /// Reads the response into ``Output``.
    var responseSerializer: Reader { get }
    /// Everything else about the call. Default `CallOptions()`; ``timeout``, ``validators``,
    /// ``accessories`` and ``priority`` override their fields of it when they say something.
    var options: CallOptions { get }
    /// The call's time limit (YTKRequest's `requestTimeoutInterval`); `nil` (the default)
    /// leaves ``options``'s.
    var timeout: CallTimeout? { get }
    /// The checks before the response is read (YTKRequest's `statusCodeValidator` and
    /// `jsonValidator`); `nil` (the default) leaves ``options``'s.
    var validators: [any ResponseValidator]? { get }
    /// Told when this request starts and stops (YTKRequest's accessories), after ``options``'s
    /// own. Default none.
    var accessories: [any CallAccessory] { get }
    /// How urgent the call is (YTKRequest's `requestPriority`); `nil` (the default) leaves
    /// ``options``'s.
    var priority: CallPriority? { get }
}

extension Request {
    /// POST.
    public var method: HTTPMethod { .post }
    /// `CallOptions()`.
    public var options: CallOptions { CallOptions() }
    /// `nil`: the options' timeout.
    public var timeout: CallTimeout? { nil }
    /// `nil`: the options' validators.
    public var validators: [any ResponseValidator]? { nil }
    /// None.
    public var accessories: [any CallAccessory] { [] }
    /// `nil`: the options' priority.
    public var priority: CallPriority? { nil }

    /// ``options`` with ``timeout``, ``validators``, ``accessories`` and ``priority`` applied: what the call
    /// is made with.
    public var resolvedOptions: CallOptions {
        var resolved = options
        if let timeout { resolved.timeout = timeout }
        if let validators { resolved.validators = validators }
        if let priority { resolved.priority = priority }
        resolved.accessories += accessories
        return resolved
    }
}

extension ProtoHTTPManager {
    /// Starts `request` (YTKNetwork's `[request start]`): as
    /// ``request(_:_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``
    /// with the request's method, path, input, serializers and ``Request/resolvedOptions``.
    @discardableResult
    public func start<R: Request>(
        _ request: R,
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (R.Output, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<R.Output, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        self.request(request.method, request.path, input: request.input, requestSerializer: request.requestSerializer,
                     responseSerializer: request.responseSerializer, options: request.resolvedOptions,
                     completion: completion, success: success, failure: failure, finished: finished)
    }

    /// Sends `request` and waits: the output with the response's status and headers;
    /// cancelling the `Task` cancels the call.
    public func send<R: Request>(_ request: R) async throws(ProtoHTTPError) -> CallResponse<R.Output> {
        try await self.request(request.method, request.path, input: request.input, requestSerializer: request.requestSerializer,
                               responseSerializer: request.responseSerializer, options: request.resolvedOptions)
    }
}

extension PendingCall {
    /// `request`, for a batch or a chain to start (YTKBatchRequest and YTKChainRequest take
    /// request objects).
    public init<R: Request>(_ request: R) where R.Output == Output {
        self.init { manager, success, failure in
            manager.start(request, success: success, failure: failure)
        }
    }
}

extension PendingCall where Output == any Sendable {
    /// `request` with its output erased, for lists of calls of different types:
    /// `manager.batch([.call(FeedPage(page: 1)), .call(Profile(id: "u1"))], …)`.
    public static func call<R: Request>(_ request: R) -> PendingCall<any Sendable> {
        PendingCall<R.Output>(request).erased()
    }
}
