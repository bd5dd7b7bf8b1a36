// ProtoHTTPManager+Methods.swift: calls with any HTTP method (GET, HEAD, PUT, PATCH, DELETE, POST), callback and async forms.
public import ProtoWire
public import ProtoHTTPCore

extension ProtoHTTPManager {
    /// Calls `path` with any HTTP method and serializer pair. Everything a POST gets applies:
    /// base URL, general headers and parameters, protocol, interceptors, validators, deadline,
    /// the callback queue and cancellation by handle, id, tag or category.
    ///
    /// GET and HEAD send no body: the request serializer puts `input` in the URL's query
    /// instead (``RequestSerializer/queryItems(_:context:)``): a `[String: String]` with
    /// `.formURLEncoded`, a message's fields with a message serializer, a Codable value with `.json()`.
    ///
    /// ```swift
    /// manager.request(.get, "/notes", input: ["tag": "home"], requestSerializer: .formURLEncoded,
    ///                 responseSerializer: .message(Notes_ListNotesResponse.self),
    ///                 success: { list, _ in … }, failure: { error in … })
    /// manager.request(.delete, "/notes/n1", input: [], requestSerializer: .raw, responseSerializer: .raw, …)
    /// ```
    ///
    /// Callbacks as in ``post(_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``.
    @discardableResult
    public func request<S: RequestSerializer, R: ResponseSerializer>(
        _ method: HTTPMethod,
        _ path: String,
        input: S.Input,
        requestSerializer: S,
        responseSerializer: R,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (R.Output, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<R.Output, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        startCall(CallTarget(httpMethod: method, path: path), input: input, requestSerializer: requestSerializer,
                  responseSerializer: responseSerializer, options: options, completion: completion, success: success,
                  failure: failure, finished: finished)
    }

    /// Sends a protobuf message with any HTTP method and decodes a protobuf message: a body in
    /// the call's encoding, or for GET and HEAD the message's fields in the query
    /// (``ProtoWire/ProtoMessage/queryItems()``). The response is read by its `Content-Type`.
    @discardableResult
    public func request<Request: ProtoMessage, Response: ProtoMessage>(
        _ method: HTTPMethod,
        _ path: String,
        _ message: Request,
        as responseType: Response.Type,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (Response, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<Response, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        request(method, path, input: message, requestSerializer: messageSerializer(Request.self),
                responseSerializer: MessageResponseSerializer<Response>(), options: options,
                completion: completion, success: success, failure: failure, finished: finished)
    }

    /// The async form of ``request(_:_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``:
    /// the output with the response's status and headers; cancelling the `Task` cancels the call.
    public func request<S: RequestSerializer, R: ResponseSerializer>(
        _ method: HTTPMethod, _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R,
        options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<R.Output> {
        try await call(CallTarget(httpMethod: method, path: path), input: input, requestSerializer: requestSerializer,
                       responseSerializer: responseSerializer, options: options)
    }

    /// The async form of the message ``request(_:_:_:as:options:completion:success:failure:finished:)``.
    public func request<Request: ProtoMessage, Response: ProtoMessage>(
        _ method: HTTPMethod, _ path: String, _ message: Request, as responseType: Response.Type, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<Response> {
        try await request(method, path, input: message, requestSerializer: messageSerializer(Request.self),
                          responseSerializer: MessageResponseSerializer<Response>(), options: options)
    }
}
