// ResponseCacheStatistics.swift: what a response cache store counted: hits, misses, stores, evictions, and what it holds.

/// A snapshot of a store's counters (``MemoryResponseCache/statistics``,
/// ``DiskResponseCache/statistics``), for tests, benchmarks and an app's diagnostics.
/// Counters start at zero when the store is created (they are not persisted).
public struct ResponseCacheStatistics: Sendable, Hashable, CustomStringConvertible {
    /// Reads that found an entry.
    public var hits: Int = 0
    /// Reads that found none.
    public var misses: Int = 0
    /// Entries stored.
    public var stores: Int = 0
    /// Entries removed to keep the store within its byte budget.
    public var evictions: Int = 0
    /// Entries not stored because each alone costs more than the whole budget.
    public var rejected: Int = 0
    /// Operations that failed (storage errors, reported to the store's error handler).
    public var failures: Int = 0
    /// Entries held now.
    public var entryCount: Int = 0
    /// What the entries held now cost (the sum of `CachedResponse.byteCount`).
    public var bytes: Int = 0

    /// Counters at zero.
    public init() {}

    /// `hits=… misses=… stores=… evictions=… rejected=… failures=… entries=… bytes=…`.
    public var description: String {
        "hits=\(hits) misses=\(misses) stores=\(stores) evictions=\(evictions) rejected=\(rejected) failures=\(failures) entries=\(entryCount) bytes=\(bytes)"
    }
}
