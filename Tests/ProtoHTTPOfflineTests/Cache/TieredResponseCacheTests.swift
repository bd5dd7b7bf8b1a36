// TieredResponseCacheTests.swift: memory in front of disk: reads promote, stores and removals reach both tiers, the disk tier outlives the memory one.
@testable import ProtoHTTPOffline
import Testing

@Suite struct TieredResponseCacheTests {
    let a = CacheFixtures.key("a"), b = CacheFixtures.key("b")

    @Test func aDiskHitIsPromotedAndWritesReachBothTiers() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let path = folder + "/cache.sqlite"
            let disk = try DiskResponseCache(path: path)
            disk.store(CacheFixtures.response(cost: 500, tag: 1), for: a)  // only on disk
            let tiered = TieredResponseCache(memory: MemoryResponseCache(maxBytes: 10_000), disk: disk)
            #expect(tiered.memory.response(for: a) == nil)
            #expect(tiered.response(for: a)?.body.first == 1)  // from disk, promoted
            #expect(tiered.memory.keysByRecency == [a])
            let diskHits = disk.statistics.hits
            #expect(tiered.response(for: a)?.body.first == 1)  // from memory now
            #expect(disk.statistics.hits == diskHits)

            tiered.store(CacheFixtures.response(cost: 600, tag: 2), for: b)
            #expect(tiered.memory.response(for: b)?.body.first == 2 && disk.response(for: b)?.body.first == 2)
            tiered.removeResponse(for: a)
            #expect(tiered.memory.response(for: a) == nil && disk.response(for: a) == nil && tiered.response(for: a) == nil)

            // A new process: an empty memory tier, the disk tier as it was.
            disk.close()
            let reopened = TieredResponseCache(memory: MemoryResponseCache(), disk: try DiskResponseCache(path: path))
            #expect(reopened.response(for: b)?.body.first == 2)
            reopened.removeAll()
            #expect(reopened.response(for: b) == nil && reopened.disk.statistics.entryCount == 0)
        }
    }

    @Test func aPromotionNeverUndoesANewerStore() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let disk = try DiskResponseCache(path: folder + "/cache.sqlite")
            let memory = MemoryResponseCache()
            disk.store(CacheFixtures.response(cost: 300, tag: 1), for: a)
            // A read that missed memory, then a store, then the read's promotion: it must lose.
            let (_, epoch) = memory.lookup(a)
            let old = try #require(disk.response(for: a))
            let tiered = TieredResponseCache(memory: memory, disk: disk)
            tiered.store(CacheFixtures.response(cost: 300, tag: 2), for: a)
            #expect(!memory.store(old, for: a, ifUnchangedSince: epoch))
            #expect(tiered.response(for: a)?.body.first == 2)
        }
    }
}
