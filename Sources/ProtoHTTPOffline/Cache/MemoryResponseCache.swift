// MemoryResponseCache.swift: the in-memory response cache: an LRU within a byte budget, thread-safe, O(1) per operation.
import Synchronization

/// A `ResponseCacheStore` in memory: the least recently used entries are evicted when the
/// entries together would cost more than ``maxBytes`` (each entry costs its
/// `CachedResponse.byteCount`: body, kept headers and a fixed overhead). An entry costing more
/// than the whole budget is not stored. Reads, stores and evictions are O(1); one `Mutex`
/// guards the state, held only for the bookkeeping (bodies are shared, never copied).
///
/// ```swift
/// manager.use(cache: MemoryResponseCache(maxBytes: 8 << 20))
/// ```
///
/// Entries do not outlive the process; put a ``DiskResponseCache`` behind it with
/// ``TieredResponseCache`` for that.
public final class MemoryResponseCache: ResponseCacheStore, Sendable {
    /// The default budget, 16 MiB.
    public static let defaultMaxBytes = 16 << 20

    private struct State {
        var entries: ByteBudgetLRU<ResponseCacheKey, CachedResponse>
        var statistics = ResponseCacheStatistics()
        /// Bumped by every store and removal, so ``TieredResponseCache`` can tell whether an
        /// entry it read from disk may still be promoted.
        var epoch: UInt64 = 0
    }

    private let state: Mutex<State>

    /// The budget the entries share, in bytes.
    public let maxBytes: Int

    /// An empty cache holding at most `maxBytes` worth of entries (16 MiB by default).
    public init(maxBytes: Int = MemoryResponseCache.defaultMaxBytes) {
        self.maxBytes = max(0, maxBytes)
        state = Mutex(State(entries: ByteBudgetLRU(budget: max(0, maxBytes))))
    }

    /// The entry under `key`, which becomes the most recently used.
    public func response(for key: ResponseCacheKey) -> CachedResponse? {
        lookup(key).response
    }

    /// Stores `response` under `key` as the most recently used, evicting the least recently
    /// used entries as the budget requires; a response costing more than ``maxBytes`` is not
    /// stored (and the old entry under `key` is removed).
    public func store(_ response: CachedResponse, for key: ResponseCacheKey) {
        let cost = response.byteCount
        state.withLock { state in
            state.epoch &+= 1
            Self.insert(response, for: key, cost: cost, into: &state)
        }
    }

    /// Removes the entry under `key`, if any.
    public func removeResponse(for key: ResponseCacheKey) {
        state.withLock { state in
            state.epoch &+= 1
            state.entries.removeValue(for: key)
        }
    }

    /// Removes every entry (the counters stay).
    public func removeAll() {
        state.withLock { state in
            state.epoch &+= 1
            state.entries.removeAll()
        }
    }

    /// The counters, with the entries and bytes held now.
    public var statistics: ResponseCacheStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.entryCount = state.entries.count
            statistics.bytes = state.entries.totalCost
            return statistics
        }
    }

    /// The keys held, most recently used first.
    public var keysByRecency: [ResponseCacheKey] {
        state.withLock { $0.entries.keysByRecency }
    }

    /// The entry under `key` (counted as a hit or a miss) and the epoch it was read at.
    func lookup(_ key: ResponseCacheKey) -> (response: CachedResponse?, epoch: UInt64) {
        state.withLock { state in
            let response = state.entries.value(for: key)
            if response == nil { state.statistics.misses += 1 } else { state.statistics.hits += 1 }
            return (response, state.epoch)
        }
    }

    /// Stores `response` only if nothing was stored or removed since `epoch` (a promotion
    /// from a slower tier must not overwrite a newer store or undo a removal); returns whether
    /// it was stored.
    @discardableResult
    func store(_ response: CachedResponse, for key: ResponseCacheKey, ifUnchangedSince epoch: UInt64) -> Bool {
        let cost = response.byteCount
        return state.withLock { state in
            guard state.epoch == epoch else { return false }
            state.epoch &+= 1
            return Self.insert(response, for: key, cost: cost, into: &state)
        }
    }

    @discardableResult
    private static func insert(_ response: CachedResponse, for key: ResponseCacheKey, cost: Int, into state: inout State) -> Bool {
        let outcome = state.entries.insert(response, for: key, cost: cost)
        state.statistics.evictions += outcome.evicted
        if outcome.stored { state.statistics.stores += 1 } else { state.statistics.rejected += 1 }
        return outcome.stored
    }
}
