// MethodDefinition+RPCMethod.swift: binding a handler to generated method metadata (an RPCMethod).
public import ProtoHTTPCore

extension MethodDefinition {
    /// A unary method described by generated metadata: its path and message types come from
    /// `method`, so a binding cannot pair a path with the wrong types.
    ///
    /// ```swift
    /// .unary(Notes_NotesMetadata.GetNote.self) { request, context in try await store.get(request) }
    /// ```
    ///
    /// The same as ``unary(_:_:_:handler:)`` with `Method.path`, `Method.Input` and `Method.Output`,
    /// plus the method's idempotency: a `NO_SIDE_EFFECTS` method also answers Connect GETs.
    public static func unary<Method: RPCMethod>(
        _ method: Method.Type,
        handler: @escaping @Sendable (Method.Input, ServerContext) async throws -> Method.Output
    ) -> MethodDefinition {
        var definition = MethodDefinition.unary(Method.path, Method.Input.self, Method.Output.self, handler: handler)
        definition.idempotencyLevel = Method.idempotencyLevel
        return definition
    }
}
