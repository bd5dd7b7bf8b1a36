// ProtoHTTPManager+AsyncCalls.swift: typed calls in async form: the output, or the output with the response's metadata.
public import ProtoWire
public import ProtoHTTPCore

extension ProtoHTTPManager {
    /// The async form of ``post(_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``:
    /// returns the output and metadata, throws `ProtoHTTPError`; cancelling the `Task` cancels the call.
    public func post<S: RequestSerializer, R: ResponseSerializer>(
        _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> (R.Output, ResponseMetadata) {
        let response = try await request(.post, path, input: input, requestSerializer: requestSerializer,
                                         responseSerializer: responseSerializer, options: options)
        return (response.output, response.metadata)
    }

    /// The async form of the message ``post(_:_:as:options:completion:success:failure:finished:)``.
    public func post<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String, _ request: Request, as responseType: Response.Type, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> Response {
        try await postForResponse(path, request, as: responseType, options: options).output
    }

    /// Like the async message `post`, but returns the response's status and headers with the output.
    ///
    /// ```swift
    /// let response = try await manager.postForResponse(path, request, as: Reply.self)
    /// print(response.output, response.metadata.status, response.metadata.headers.firstValue(.eTag) ?? "")
    /// ```
    public func postForResponse<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String, _ request: Request, as responseType: Response.Type, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<Response> {
        try await self.request(.post, path, request, as: responseType, options: options)
    }

    /// Runs one call and waits for it. The result is handed over directly, without a hop to
    /// the callback queue; cancelling the `Task` cancels the call (exactly one `canceled`).
    func call<S: RequestSerializer, R: ResponseSerializer>(
        _ target: CallTarget, input: S.Input, requestSerializer: S, responseSerializer: R, options: CallOptions,
        wrapSender: SenderWrapper? = nil
    ) async throws(ProtoHTTPError) -> CallResponse<R.Output> {
        let bridge = ContinuationBridge<Result<CallResponse<R.Output>, ProtoHTTPError>>()
        let settings = snapshot()
        // With a progress handler, reports and the outcome both go through the callback queue,
        // so every report has run before the call returns; without one, no hop at all.
        let sink = CallHandle.Sink(queue: options.progress == nil ? nil : callbackQueue, completion: nil,
                                   failure: { bridge.resume(.failure($0)) }, progress: options.progress)
        let handle = makeHandle(target, options: options, settings: settings, sink: sink)
        // Run inside the handler: in a Task that is already cancelled, `onCancel` runs first and
        // the call never starts.
        let result = await withTaskCancellationHandler {
            run(handle, settings: settings, target: target, input: input, requestSerializer: requestSerializer,
                responseSerializer: responseSerializer, options: options, wrapSender: wrapSender) { bridge.resume(.success(CallResponse(output: $0, metadata: $1))) }
            return await bridge.wait()
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }
}

/// A call's typed output with the response's status and headers.
public struct CallResponse<Output: Sendable>: Sendable {
    /// The decoded output.
    public var output: Output
    /// The response's status and headers.
    public var metadata: ResponseMetadata

    /// The output of a call with the response's `metadata`.
    public init(output: Output, metadata: ResponseMetadata) {
        self.output = output
        self.metadata = metadata
    }
}
