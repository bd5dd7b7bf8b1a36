// ProtoHTTPManager+Unary.swift: calls of an RPC method named by its generated metadata type, callback and async forms.
import ProtoWire
public import ProtoHTTPCore

extension ProtoHTTPManager {
    /// Calls the RPC method `method` (a generated metadata type such as
    /// `Notes_NotesMetadata.GetNote`): its path, message types and idempotency come from the type.
    /// Generated clients call this. The protocol is the call's, else the manager's, else Connect.
    ///
    /// ```swift
    /// manager.unary(Notes_NotesMetadata.GetNote.self, request,
    ///               success: { note, metadata in … }, failure: { error in … })
    /// ```
    ///
    /// Callbacks as in ``post(_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``.
    @discardableResult
    public func unary<M: RPCMethod>(
        _ method: M.Type,
        _ request: M.Input,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (M.Output, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<M.Output, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        startCall(Self.target(method), input: request, requestSerializer: messageSerializer(M.Input.self),
                  responseSerializer: MessageResponseSerializer<M.Output>(), options: options, completion: completion,
                  success: success, failure: failure, finished: finished)
    }

    /// The async form of ``unary(_:_:options:completion:success:failure:finished:)``: returns the output;
    /// cancelling the `Task` cancels the call.
    public func unary<M: RPCMethod>(
        _ method: M.Type, _ request: M.Input, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> M.Output {
        try await unaryForResponse(method, request, options: options).output
    }

    /// Like the async ``unary(_:_:options:)``, with the response's status and headers.
    public func unaryForResponse<M: RPCMethod>(
        _ method: M.Type, _ request: M.Input, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<M.Output> {
        try await call(Self.target(method), input: request, requestSerializer: messageSerializer(M.Input.self),
                       responseSerializer: MessageResponseSerializer<M.Output>(), options: options)
    }

    /// A POST to the method's path, carrying its description.
    static func target<M: RPCMethod>(_ method: M.Type) -> CallTarget {
        CallTarget(httpMethod: .post, path: M.path, rpc: M.descriptor)
    }
}

extension CallOptions {
    /// These options with `wireProtocol` filled in when they name none: how a generated client
    /// applies its own protocol under the call's.
    public func defaulting(wireProtocol: (any WireProtocol)?) -> CallOptions {
        guard self.wireProtocol == nil, let wireProtocol else { return self }
        var options = self
        options.wireProtocol = wireProtocol
        return options
    }
}
