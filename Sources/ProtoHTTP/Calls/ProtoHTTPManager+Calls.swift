// ProtoHTTPManager+Calls.swift: typed POST calls: callback form (completion/success/failure) and async form.
import Dispatch
import ProtoWire
import Synchronization

extension ProtoHTTPManager {
    /// Posts `input` to `path` (a method path, a path under the base URL, or an absolute URL)
    /// with any serializer pair.
    ///
    /// - Parameters:
    ///   - completion: runs once the request has been handed to the transport (not at all
    ///     when the call ends before that, e.g. cancelled while queued).
    ///   - success: the typed output and the response's status and headers.
    ///   - failure: the error. Exactly one of `success` and `failure` runs, once, on the
    ///     callback queue, also under cancellation and timeout.
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
        failure: @escaping @Sendable (ProtoHTTPError) -> Void
    ) -> CallHandle {
        let handle = CallHandle(path: path, category: options.category, tag: options.tag, callbackQueue: callbackQueue)
        let registry = self.registry
        let deadlines = self.deadlines
        handle.install(onCompletion: completion, onResult: { result in
            if case .failure(let error) = result { failure(error) }
        }, onFinish: { finished in
            registry.remove(finished)
            withExtendedLifetime(deadlines) {}  // a live call keeps the deadline timer, even past the manager
        })
        let wireProtocol = options.wireProtocol ?? configuration.wireProtocol
        let timeout = options.timeout ?? configuration.timeout
        let deadline = timeout.map { (DispatchTime.now() + $0.fractionalSeconds).uptimeNanoseconds } ?? .max
        registry.add(handle, deadline: deadline, timeout: timeout)
        if deadline != .max { deadlines.arm(deadline) }

        let body: SerializedBody
        do {
            body = try requestSerializer.serialize(input, context: wireProtocol.serializationContext)
        } catch {
            handle.finish(.failure(error))
            return handle
        }
        let request = TransportRequest(
            method: "POST",
            url: makeURL(path, wireProtocol: wireProtocol, parameters: options.parameters),
            headers: makeHeaders(protocolHeaders: wireProtocol.headers(timeout: timeout), contentType: body.contentType, callHeaders: options.headers),
            body: body.bytes,
            timeout: timeout
        )
        let info = CallInfo(id: handle.id, path: path, category: options.category, tag: options.tag,
                            context: options.context, protocolName: wireProtocol.name)
        let validators = options.validators ?? configuration.validators
        let logger = configuration.logger
        let transport = self.transport
        // A serial queue per call keeps its hand-off callback ahead of its result; without a
        // completion callback there is no hand-off to order, and the shared work queue will do.
        let callQueue = completion == nil ? workQueue : DispatchQueue(label: "ProtoHTTP.call", target: workQueue)

        // Without a completion callback the hand-off has nothing to report: no hop for it.
        var handedOff: (@Sendable () -> Void)?
        if completion != nil { handedOff = { handle.handedOff() } }
        let terminal: InterceptorNext = { [handedOff] request, done in
            RequestLogging.logRequest(logger, id: info.id, request: request)
            let call = transport.send(request, on: callQueue, handedOff: handedOff) { result in
                RequestLogging.logResponse(logger, id: info.id, result: result)
                done(result)
            }
            handle.attach(call)
        }
        let chain = InterceptorChain.build(configuration.interceptors, info: info, terminal: terminal)
        let settle: @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void = { result in
            switch Self.decode(result, wireProtocol: wireProtocol, validators: validators, serializer: responseSerializer) {
            case .success(let (output, metadata)):
                handle.finish(.success(()), deliver: { success(output, metadata) })
            case .failure(let error):
                handle.finish(.failure(error))
            }
        }
        // Without interceptors the result comes straight from the transport, already on
        // `callQueue`: decode in place. An interceptor may complete on any thread.
        let direct = configuration.interceptors.isEmpty
        chain(request) { result in
            if direct {
                settle(result)
            } else {
                callQueue.async { settle(result) }
            }
        }
        return handle
    }

    /// Protocol errors, then validation, then serialization.
    static func decode<R: ResponseSerializer>(
        _ result: Result<TransportResponse, ProtoHTTPError>, wireProtocol: any WireProtocol,
        validators: [any ResponseValidator], serializer: R
    ) -> Result<(R.Output, ResponseMetadata), ProtoHTTPError> {
        let response: TransportResponse
        switch result {
        case .failure(let error): return .failure(error)
        case .success(let value): response = value
        }
        if let error = wireProtocol.error(from: response) { return .failure(error) }
        let metadata = ResponseMetadata(status: response.status, headers: response.headers)
        do throws(ProtoHTTPError) {
            for validator in validators { try validator.validate(metadata, body: response.body) }
            return .success((try serializer.serialize(response.body, metadata: metadata), metadata))
        } catch {
            return .failure(error)
        }
    }

    /// Posts a protobuf message and decodes a protobuf message: binary request body (or proto3
    /// JSON with `json: true`), response negotiated by `Content-Type`.
    @discardableResult
    public func post<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String,
        _ request: Request,
        as responseType: Response.Type,
        json: Bool = false,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (Response, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void
    ) -> CallHandle {
        if json {
            return post(path, input: request, requestSerializer: ProtoJSONRequestSerializer<Request>(),
                        responseSerializer: MessageResponseSerializer<Response>(), options: options,
                        completion: completion, success: success, failure: failure)
        }
        return post(path, input: request, requestSerializer: ProtobufRequestSerializer<Request>(),
                    responseSerializer: MessageResponseSerializer<Response>(), options: options,
                    completion: completion, success: success, failure: failure)
    }

    /// The async form of ``post(_:input:requestSerializer:responseSerializer:options:completion:success:failure:)``:
    /// returns the output and metadata, throws ``ProtoHTTPError``; cancelling the `Task` cancels the call.
    public func post<S: RequestSerializer, R: ResponseSerializer>(
        _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> (R.Output, ResponseMetadata) {
        let box = HandleBox()
        let result: Result<(R.Output, ResponseMetadata), ProtoHTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let handle = post(path, input: input, requestSerializer: requestSerializer, responseSerializer: responseSerializer,
                                  options: options,
                                  success: { continuation.resume(returning: .success(($0, $1))) },
                                  failure: { continuation.resume(returning: .failure($0)) })
                box.set(handle)
            }
        } onCancel: {
            box.cancel()
        }
        return try result.get()
    }

    /// The async form of the message ``post(_:_:as:json:options:completion:success:failure:)``.
    public func post<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String, _ request: Request, as responseType: Response.Type, json: Bool = false, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> Response {
        if json {
            return try await post(path, input: request, requestSerializer: ProtoJSONRequestSerializer<Request>(),
                                  responseSerializer: MessageResponseSerializer<Response>(), options: options).0
        }
        return try await post(path, input: request, requestSerializer: ProtobufRequestSerializer<Request>(),
                              responseSerializer: MessageResponseSerializer<Response>(), options: options).0
    }
}

/// Holds the handle of an async call so Task cancellation can reach it, whichever comes first.
final class HandleBox: Sendable {
    private let state = Mutex<(handle: CallHandle?, cancelled: Bool)>((nil, false))

    func set(_ handle: CallHandle) {
        let cancelled = state.withLock { state in
            state.handle = handle
            return state.cancelled
        }
        if cancelled { handle.cancel() }
    }

    func cancel() {
        let handle = state.withLock { state in
            state.cancelled = true
            return state.handle
        }
        handle?.cancel()
    }
}
