// ProtoHTTPManager+ReadOnlyCall.swift: a call prepared exactly as it would be sent, with the settle stage it would use, sending and registering nothing.
package import ProtoHTTPCore


/// A call prepared as it would be sent (URL, headers, body), and how it would read a response,
/// for code that answers a call without sending it (ProtoHTTPOffline's `loadCache`).
package struct ReadOnlyCall<Output: Sendable>: Sendable {
    /// The request the call would send.
    package let request: TransportRequest
    /// What its stages and interceptors would learn about it (id 0: it is never registered).
    package let info: CallInfo
    /// The manager's ``ManagerConfiguration/appVersion``.
    package let appVersion: String?
    /// Reads `response` as the call would: protocol errors, validators, serializer, processors.
    package let settle: @Sendable (_ response: TransportResponse, _ fromCache: Bool) -> Result<(Output, ResponseMetadata), ProtoHTTPError>
}

extension ProtoHTTPManager {
    /// The call `request` would make with `input` to `path`, sending nothing.
    ///
    /// - Throws: the request serializer's error.
    package func readOnlyCall<S: RequestSerializer, R: ResponseSerializer>(
        _ method: HTTPMethod, _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R, options: CallOptions
    ) throws(ProtoHTTPError) -> ReadOnlyCall<R.Output> {
        try readOnlyCall(CallTarget(httpMethod: method, path: path), input: input, requestSerializer: requestSerializer,
                         responseSerializer: responseSerializer, options: options)
    }

    /// The call `unary` would make to the RPC method `method` with `request`, sending nothing.
    ///
    /// - Throws: the request serializer's error.
    package func readOnlyCall<M: RPCMethod>(_ method: M.Type, _ request: M.Input, options: CallOptions) throws(ProtoHTTPError) -> ReadOnlyCall<M.Output> {
        try readOnlyCall(Self.target(method), input: request, requestSerializer: messageSerializer(M.Input.self),
                         responseSerializer: MessageResponseSerializer<M.Output>(), options: options)
    }

    private func readOnlyCall<S: RequestSerializer, R: ResponseSerializer>(
        _ target: CallTarget, input: S.Input, requestSerializer: S, responseSerializer: R, options: CallOptions
    ) throws(ProtoHTTPError) -> ReadOnlyCall<R.Output> {
        let settings = snapshot()
        let wireProtocol = wireProtocol(for: target, options: options, configuration: settings.configuration)
        let info = CallInfo(id: 0, path: target.path, category: options.category, tag: options.tag,
                            context: settings.configuration.context(of: options), rpcProtocol: wireProtocol.rpcProtocol, method: target.rpc)
        let prepared = try prepare(info: info, target: target, input: input, serializer: requestSerializer,
                                   options: options, settings: settings, deadline: nil)
        let processors = settings.configuration.responseProcessors + options.responseProcessors
        return ReadOnlyCall(request: prepared.request, info: info, appVersion: prepared.appVersion) { response, fromCache in
            CallSettlement.settle(.success(response), wireProtocol: prepared.wireProtocol, validators: prepared.validators,
                                  serializer: responseSerializer, attempts: 0, processors: processors, info: info, fromCache: fromCache)
        }
    }
}
