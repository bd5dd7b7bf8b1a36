// RPCMethod.swift: the static description of one RPC method that generated service metadata conforms to.
public import ProtoWire

/// One method of a protobuf service, described at the type level: generated service metadata
/// declares a caseless enum per method that conforms to this protocol.
///
/// ```swift
/// // Generated from `service Notes { rpc GetNote(GetNoteRequest) returns (Note) {...} }`:
/// Notes_NotesMetadata.GetNote.path              // "/notes.Notes/GetNote"
/// Notes_NotesMetadata.GetNote.Input.self        // Notes_GetNoteRequest
/// Notes_NotesMetadata.GetNote.idempotencyLevel  // .noSideEffects
/// Notes_NotesMetadata.GetNote.descriptor        // the same facts as a value
/// ```
///
/// Clients take a method type to know the path and the message types of a call, and its
/// idempotency to choose Connect GET or to allow retries; servers bind handlers to it. Method
/// types are `SendableMetatype`, so a described call (`PendingCall.unary`) can cross threads.
public protocol RPCMethod: SendableMetatype {
    /// The request message.
    associatedtype Input: ProtoMessage
    /// The response message.
    associatedtype Output: ProtoMessage
    /// The method name as declared in the `.proto` file, e.g. `"GetNote"`.
    static var name: String { get }
    /// The RPC path, `/<package>.<Service>/<Method>`.
    static var path: String { get }
    /// The method's `option idempotency_level`.
    static var idempotencyLevel: IdempotencyLevel { get }
    /// Whether the client sends a stream of requests.
    static var isClientStreaming: Bool { get }
    /// Whether the server sends a stream of responses.
    static var isServerStreaming: Bool { get }
}

extension RPCMethod {
    /// `idempotency_level = NO_SIDE_EFFECTS`: safe to retry and to send as HTTP GET.
    public static var hasNoSideEffects: Bool { idempotencyLevel == .noSideEffects }
    /// `idempotency_level` is `IDEMPOTENT` or `NO_SIDE_EFFECTS`: safe to retry.
    public static var isIdempotent: Bool { idempotencyLevel.isIdempotent }
    /// Whether neither side streams.
    public static var isUnary: Bool { !isClientStreaming && !isServerStreaming }
    /// The method's description as a value.
    public static var descriptor: MethodDescriptor {
        MethodDescriptor(
            path: path, inputTypeName: Input.protoMessageName, outputTypeName: Output.protoMessageName,
            idempotencyLevel: idempotencyLevel, isClientStreaming: isClientStreaming, isServerStreaming: isServerStreaming
        )
    }
}
