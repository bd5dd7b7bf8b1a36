// TieredResponseCache.swift: a memory cache in front of a disk cache: reads from memory, else from disk and promoted; writes to both.
/// A `ResponseCacheStore` made of a ``MemoryResponseCache`` in front of a ``DiskResponseCache``:
///
/// ```
///  read:   memory ─hit─► answer
///            └miss─► disk ─hit─► promote to memory ─► answer
///  store / remove:  disk, then memory
/// ```
///
/// Hot entries are answered from memory; every entry survives the process on disk. A disk
/// entry is promoted only if nothing was stored or removed in memory while it was being read,
/// so a promotion never brings back an entry just replaced or removed. Writes take no lock
/// across the tiers (a disk store's error handler may call back into the cache): two stores
/// of one key at the same moment may leave memory with one of the two responses and disk
/// with the other, both fresh answers to the same request; reads see memory's until it is
/// evicted.
///
/// ```swift
/// let cache = TieredResponseCache(memory: MemoryResponseCache(maxBytes: 8 << 20),
///                                 disk: try DiskResponseCache(app: "notes", maxBytes: 128 << 20))
/// manager.use(cache: cache)
/// ```
public final class TieredResponseCache: ResponseCacheStore, Sendable {
    /// The front tier.
    public let memory: MemoryResponseCache
    /// The back tier.
    public let disk: DiskResponseCache

    /// `memory` in front of `disk`.
    public init(memory: MemoryResponseCache, disk: DiskResponseCache) {
        self.memory = memory
        self.disk = disk
    }

    /// The entry from memory, else from disk (then kept in memory too), else `nil`.
    public func response(for key: ResponseCacheKey) -> CachedResponse? {
        let (inMemory, epoch) = memory.lookup(key)
        if let inMemory { return inMemory }
        guard let onDisk = disk.response(for: key) else { return nil }
        memory.store(onDisk, for: key, ifUnchangedSince: epoch)
        return onDisk
    }

    /// Stores `response` on disk, then in memory.
    public func store(_ response: CachedResponse, for key: ResponseCacheKey) {
        disk.store(response, for: key)
        memory.store(response, for: key)
    }

    /// Removes the entry from disk, then from memory.
    public func removeResponse(for key: ResponseCacheKey) {
        disk.removeResponse(for: key)
        memory.removeResponse(for: key)
    }

    /// Removes every entry from both tiers.
    public func removeAll() {
        disk.removeAll()
        memory.removeAll()
    }
}
