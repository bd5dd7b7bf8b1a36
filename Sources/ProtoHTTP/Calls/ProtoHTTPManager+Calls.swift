// ProtoHTTPManager+Calls.swift: typed calls in callback form, and the one path every call takes (prepare → intercept → send → settle).
import Dispatch
public import ProtoWire
public import ProtoHTTPCore
import ProtoHTTPObservability
import Tracing

extension ProtoHTTPManager {
    /// Posts `input` to `path` (a method path, a path under the base URL, or an absolute URL)
    /// with any serializer pair: the short form of ``request(_:_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``
    /// for the RPC method, POST.
    ///
    /// - Parameters:
    ///   - path: a method path (`/pkg.Service/Method`), a path under the base URL, or an
    ///     absolute URL.
    ///   - input: what `requestSerializer` turns into the body.
    ///   - requestSerializer: how `input` becomes the body and its `Content-Type`.
    ///   - responseSerializer: how the response body becomes the output.
    ///   - options: what this call changes of the manager's settings.
    ///   - completion: runs once the request has been handed to the transport (not at all
    ///     when the call ends before that, e.g. cancelled while queued).
    ///   - success: the typed output and the response's status and headers.
    ///   - failure: the error. Exactly one of `success` and `failure` runs as the outcome, once,
    ///     on the callback queue, also under cancellation and timeout. (Under ProtoHTTPOffline's
    ///     `.cacheThenNetwork` a cached answer may reach `success` first, flagged
    ///     ``ResponseMetadata/isFromCache``.)
    ///   - finished: runs once right after whichever of them ran, with the same result: the
    ///     output or the error (XMNetworking's `onFinished(response, error)`).
    /// - Returns: the call's handle.
    @discardableResult
    public func post<S: RequestSerializer, R: ResponseSerializer>(
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
        request(.post, path, input: input, requestSerializer: requestSerializer, responseSerializer: responseSerializer,
                options: options, completion: completion, success: success, failure: failure, finished: finished)
    }

    /// Posts a protobuf message and decodes a protobuf message. The request body is binary
    /// protobuf or proto3 JSON as ``CallOptions/encoding`` (else the manager's
    /// ``ManagerConfiguration/encoding``) says; the response is read by its `Content-Type`.
    @discardableResult
    public func post<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String,
        _ request: Request,
        as responseType: Response.Type,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (Response, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<Response, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        post(path, input: request, requestSerializer: messageSerializer(Request.self),
             responseSerializer: MessageResponseSerializer<Response>(), options: options,
             completion: completion, success: success, failure: failure, finished: finished)
    }

    // MARK: The one call path

    /// The request serializer of a message call: the call's encoding, else the manager's, as
    /// resolved from the one settings snapshot the call is prepared from.
    func messageSerializer<M: ProtoMessage>(_ type: M.Type) -> MessageRequestSerializer<M> {
        .callsEncoding
    }

    /// A handle for a call about to start under `settings`, reporting to `sink`.
    func makeHandle(_ target: CallTarget, options: CallOptions, settings: SettingsSnapshot, sink: CallHandle.Sink) -> CallHandle {
        let wireProtocol = wireProtocol(for: target, options: options, configuration: settings.configuration)
        let info = CallInfo(id: CallHandle.makeID(), path: target.path, category: options.category, tag: options.tag,
                            context: settings.configuration.context(of: options), rpcProtocol: wireProtocol.rpcProtocol, method: target.rpc)
        let observation = RPCCallObservation.start(settings.configuration.observability, side: .client, path: target.rpc?.path ?? target.path,
                                                   rpcProtocol: wireProtocol.rpcProtocol, context: ServiceContext.current ?? .topLevel)
        let (accessories, failureFilters) = (settings.configuration.accessories, settings.configuration.failureFilters)
        return CallHandle(info: info, registry: registry, sink: sink,
                          accessories: options.accessories.isEmpty ? accessories : accessories + options.accessories,
                          failureFilters: options.failureFilters.isEmpty ? failureFilters : failureFilters + options.failureFilters,
                          observation: observation)
    }

    /// Starts a call in callback form: a handle reporting on the callback queue, then ``run``.
    func startCall<S: RequestSerializer, R: ResponseSerializer>(
        _ target: CallTarget, input: S.Input, requestSerializer: S, responseSerializer: R, options: CallOptions,
        completion: (@Sendable () -> Void)?, success: @escaping @Sendable (R.Output, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void, finished: (@Sendable (Result<R.Output, ProtoHTTPError>) -> Void)?,
        wrapSender: SenderWrapper? = nil
    ) -> CallHandle {
        let settings = snapshot()
        // `finished` runs right after whichever callback ran, in the same delivery (between the
        // accessories' willStop and didStop), with the result that callback got.
        let interim = success  // a stage's interim answer (a cached one) is no outcome: no `finished`
        var success = success
        var failure = failure
        if let finished {
            success = { [success] output, metadata in
                success(output, metadata)
                finished(.success(output))
            }
            failure = { [failure] error in
                failure(error)
                finished(.failure(error))
            }
        }
        let sink = CallHandle.Sink(queue: callbackQueue, completion: completion, failure: failure, progress: options.progress)
        let handle = makeHandle(target, options: options, settings: settings, sink: sink)
        run(handle, settings: settings, target: target, input: input, requestSerializer: requestSerializer,
            responseSerializer: responseSerializer, options: options, wrapSender: wrapSender, success: success, interim: interim)
        return handle
    }

    /// Runs a call through its ``CallPipeline``: register, prepare, route, send (stages,
    /// interceptors, attempts, settle); the handle delivers.
    ///
    /// The transport reports on the engine thread; the send stage moves results to the work
    /// queue, where interceptors and decoding run; the handle then makes the one hop to the
    /// callback queue (none for the async form). Two hops for a result, one for `completion`.
    /// A plain call (see `settleQueue`) is settled on the manager's own callback queue
    /// instead: one hop for a result. A call some stage applies to starts its stages on the
    /// work queue (a cache reads its store there, not on the caller's thread).
    ///
    /// `wrapSender` puts a call kind's own step between the interceptors and the transport
    /// (a download's resume: `Range` and the body file, per attempt).
    func run<S: RequestSerializer, R: ResponseSerializer>(
        _ handle: CallHandle, settings: SettingsSnapshot, target: CallTarget, input: S.Input, requestSerializer: S,
        responseSerializer: R, options: CallOptions, wrapSender: SenderWrapper? = nil,
        success: @escaping @Sendable (R.Output, ResponseMetadata) -> Void,
        interim: (@Sendable (R.Output, ResponseMetadata) -> Void)? = nil
    ) {
        let pipeline = CallPipeline(manager: self, handle: handle, settings: settings, target: target, options: options,
                                    responseSerializer: responseSerializer, wrapSender: wrapSender, success: success, interim: interim)
        guard pipeline.register() else { return }
        guard let prepared = pipeline.prepare(input, with: requestSerializer) else { return }
        let route = pipeline.route(for: prepared)
        pipeline.send(prepared, along: route)
    }

    /// Where the send stage delivers results to be settled. The manager's own callback queue
    /// when nothing on the way needs the work queue: no interceptors (user code that may
    /// block), no stage (a response cache or offline queue: storage I/O), no response
    /// processors, no call-kind step (downloads), and a handle that delivers on that queue.
    /// Settling there decodes on the thread that then runs `success`, so the result costs one
    /// thread hop (engine thread → callback queue) instead of two. `nil`: the work queue. (The
    /// send stage still uses the work queue for failures and for bodies over `inlineSettleLimit`.)
    func settleQueue(handle: CallHandle, configuration: ManagerConfiguration, processors: [any ResponseProcessor],
                     staged: Bool, wrapped: Bool) -> DispatchQueue? {
        guard ownsCallbackQueue, handle.deliveryQueue === callbackQueue, configuration.interceptors.isEmpty,
              processors.isEmpty, !staged, !wrapped else { return nil }
        return callbackQueue
    }
}
