// ProtoHTTPManager+EncodedUnary.swift: a unary RPC named by its descriptor, with an already-encoded body: bytes in, bytes and Content-Type out.
public import ProtoHTTPCore


extension ProtoHTTPManager {
    /// Calls the unary RPC `method` with a body that is already encoded, and returns the
    /// response body undecoded: for callers that have no generated types, such as the
    /// `protohttp call` command, which encodes and decodes through descriptors.
    ///
    /// The call takes the same path as a typed ``unary(_:_:options:)``: the wire protocol
    /// (the call's, else the manager's, else Connect) routes `method.path`, adds its headers and
    /// sets the `Content-Type` for `body.encoding`; Connect GET applies when the protocol asks for
    /// it and `method.idempotencyLevel` is `.noSideEffects`; deadlines, retries, interceptors and
    /// validation apply as configured. Error responses become the protocol's `ProtoHTTPError`
    /// (Connect's `code`, `message` and `details`, Twirp's `code`, `msg` and `meta`).
    ///
    /// ```swift
    /// let method = MethodDescriptor(path: "/notes.Notes/GetNote", inputTypeName: "notes.GetNoteRequest",
    ///                               outputTypeName: "notes.Note")
    /// let reply = try await manager.unaryEncoded(method, EncodedMessage(bytes: Array(#"{"id":"n1"}"#.utf8), encoding: .json))
    /// print(reply.output.encoding, reply.metadata.contentType ?? "")   // json application/json
    /// ```
    ///
    /// - Returns: the response body with the encoding its `Content-Type` names (see
    ///   ``EncodedMessageResponseSerializer``), and the status and headers.
    /// - Throws: the call's `ProtoHTTPError`: an RPC error the server sent, or a transport,
    ///   deadline or validation failure.
    public func unaryEncoded(
        _ method: MethodDescriptor, _ body: EncodedMessage, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<EncodedMessage> {
        try await call(CallTarget(httpMethod: .post, path: method.path, rpc: method), input: body,
                       requestSerializer: EncodedMessageRequestSerializer(), responseSerializer: EncodedMessageResponseSerializer(),
                       options: options)
    }
}
