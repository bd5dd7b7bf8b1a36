// MemoryIdempotencyStore.swift: answers for Idempotency-Keys kept in memory for a while, bounded in count.
import Synchronization

/// An ``IdempotencyStore`` in memory: each answer is kept for ``retention`` after its call
/// succeeded, at most ``capacity`` keys at once (past that the oldest answers go first; keys
/// whose calls are running are never dropped). A restarted server forgets them all.
public final class MemoryIdempotencyStore: IdempotencyStore {
    /// How long an answer is given again.
    public let retention: Duration
    /// The most keys kept.
    public let capacity: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let entries = Mutex(Entries())

    private struct Entry {
        var fingerprint: [UInt8]
        /// `nil` while the owning call runs.
        var answer: [UInt8]?
        var expires: ContinuousClock.Instant?
    }

    private struct Entries {
        var byKey: [IdempotencyKey: Entry] = [:]
        /// Answered keys in the order they were answered, for expiry and eviction.
        var answeredOrder: [IdempotencyKey] = []
    }

    /// A store keeping answers for `retention` (default 24 hours, as payment APIs keep theirs),
    /// at most `capacity` keys; `now` is its clock (tests pass their own).
    public init(retention: Duration = .seconds(24 * 3600), capacity: Int = 100_000,
                now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.retention = retention
        self.capacity = max(1, capacity)
        self.now = now
    }

    public func claim(_ key: IdempotencyKey, fingerprint: [UInt8]) async throws -> IdempotencyClaim {
        let now = now()
        return entries.withLock { entries in
            Self.expire(&entries, now: now)
            if let entry = entries.byKey[key] {
                guard entry.fingerprint == fingerprint else { return .mismatch }
                return entry.answer.map(IdempotencyClaim.answered) ?? .inProgress
            }
            if entries.byKey.count >= capacity, let oldest = entries.answeredOrder.first {
                entries.answeredOrder.removeFirst()
                entries.byKey[oldest] = nil
            }
            entries.byKey[key] = Entry(fingerprint: fingerprint)
            return .owned
        }
    }

    public func complete(_ key: IdempotencyKey, answer: [UInt8]) async throws {
        let expires = now() + retention
        entries.withLock { entries in
            guard entries.byKey[key] != nil else { return }
            entries.byKey[key]?.answer = answer
            entries.byKey[key]?.expires = expires
            entries.answeredOrder.append(key)
        }
    }

    public func release(_ key: IdempotencyKey) async throws {
        entries.withLock { entries in
            if entries.byKey[key]?.answer == nil { entries.byKey[key] = nil }
        }
    }

    /// How many keys are kept now (running and answered).
    public var count: Int { entries.withLock { $0.byKey.count } }

    /// Drops the answers whose time is up (they expire in the order they were answered).
    private static func expire(_ entries: inout Entries, now: ContinuousClock.Instant) {
        var dropped = 0
        for key in entries.answeredOrder {
            guard let expires = entries.byKey[key]?.expires, expires <= now else { break }
            entries.byKey[key] = nil
            dropped += 1
        }
        if dropped > 0 { entries.answeredOrder.removeFirst(dropped) }
    }
}
