// IdempotencyLevel.swift: a method's `option idempotency_level`, as descriptor.proto defines it.

/// What a method's `option idempotency_level` promises about repeating it.
///
/// ```proto
/// rpc GetNote(GetNoteRequest) returns (Note) { option idempotency_level = NO_SIDE_EFFECTS; }
/// ```
///
/// Connect lets clients send ``noSideEffects`` methods as HTTP `GET`; retry policies may repeat
/// ``noSideEffects`` and ``idempotent`` methods after a failure that left the outcome unknown.
public enum IdempotencyLevel: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No option given: the method may have side effects and must not be repeated blindly.
    case unknown = 0
    /// `NO_SIDE_EFFECTS`: the method only reads; safe to repeat and to send as HTTP GET.
    case noSideEffects = 1
    /// `IDEMPOTENT`: repeating the call has the same effect as making it once.
    case idempotent = 2

    /// Whether the method may be sent again after a failure: ``noSideEffects`` or ``idempotent``.
    public var isIdempotent: Bool { self != .unknown }

    /// The name in descriptor.proto: `IDEMPOTENCY_UNKNOWN`, `NO_SIDE_EFFECTS` or `IDEMPOTENT`.
    public var description: String {
        switch self {
        case .unknown: "IDEMPOTENCY_UNKNOWN"
        case .noSideEffects: "NO_SIDE_EFFECTS"
        case .idempotent: "IDEMPOTENT"
        }
    }
}
