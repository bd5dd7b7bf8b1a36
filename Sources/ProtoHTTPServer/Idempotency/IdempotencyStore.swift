// IdempotencyStore.swift: where a server remembers the answers it gave for Idempotency-Keys, and what a claim on a key finds.

/// Remembers, per method and `Idempotency-Key`, the answer a call got, so that a repeat of the
/// call (a client's retry, an offline queue's replay) gets that answer again instead of running
/// its handler twice. ``MemoryIdempotencyStore`` keeps them in memory; a store of your own
/// (a database shared by several servers, say) conforms to this protocol.
///
/// A call first ``claim(_:fingerprint:)``s its key. The first claim owns it until it
/// ``complete(_:answer:)``s (the answer is kept until it expires) or ``release(_:)``s it (the
/// handler failed: a repeat may run it again).
public protocol IdempotencyStore: Sendable {
    /// Claims `key` for a call whose request is `fingerprint` (its message's bytes).
    func claim(_ key: IdempotencyKey, fingerprint: [UInt8]) async throws -> IdempotencyClaim
    /// The call that owns `key` succeeded with `answer` (the response message's bytes).
    func complete(_ key: IdempotencyKey, answer: [UInt8]) async throws
    /// The call that owns `key` failed: forget the claim.
    func release(_ key: IdempotencyKey) async throws
}

/// One call's key: the method it was made to and the client's `Idempotency-Key`.
public struct IdempotencyKey: Hashable, Sendable {
    /// `/pkg.Service/Method`.
    public var method: String
    /// The `Idempotency-Key` header's value.
    public var key: String

    /// The key `key` of a call to `method`.
    public init(method: String, key: String) {
        self.method = method
        self.key = key
    }
}

/// What a claim on a key finds.
public enum IdempotencyClaim: Sendable, Equatable {
    /// No call had the key (or its answer expired): this call owns it and runs.
    case owned
    /// A call with the key and the same request succeeded: its answer, to give again.
    case answered([UInt8])
    /// A call with the key is running now.
    case inProgress
    /// A call with the key carried a different request: the client reused a key.
    case mismatch
}
