// TieredResponseCacheTests.swift: memory in front of disk: reads promote, stores and removals reach both tiers, the disk tier outlives the memory one.
import Dispatch
@testable import ProtoHTTPOffline
import Synchronization
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

    @Test func manyThreadsAtOnceNeverSeeATornOrFailedEntry() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let failures = Mutex<Int>(0)
            let disk = try DiskResponseCache(path: folder + "/cache.sqlite", maxBytes: 15_000) { _ in failures.withLock { $0 += 1 } }
            let tiered = TieredResponseCache(memory: MemoryResponseCache(maxBytes: 8_000), disk: disk)
            let keys = (0..<24).map { CacheFixtures.key("t\($0)") }
            let torn = Mutex<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for round in 0..<200 {
                    let key = keys[(round * 5 + thread * 11) % keys.count]
                    switch round % 5 {
                    case 0: tiered.store(CacheFixtures.response(cost: 900 + round, tag: UInt8(thread * 50 + round % 50)), for: key)
                    case 4 where round % 10 == 4: tiered.removeResponse(for: key)
                    default:
                        // Every body is one repeated byte: a mix of two stores would show.
                        if let body = tiered.response(for: key)?.body, Set(body).count > 1 { torn.withLock { $0 += 1 } }
                    }
                }
            }
            #expect(torn.withLock { $0 } == 0 && failures.withLock { $0 } == 0)
            #expect(tiered.memory.statistics.bytes <= 8_000 && disk.statistics.bytes <= 15_000)
            // Every key stored once more, whatever the interleaving left: both budgets must evict.
            for (index, key) in keys.enumerated() { tiered.store(CacheFixtures.response(cost: 900, tag: UInt8(index)), for: key) }
            #expect(tiered.memory.statistics.bytes <= 8_000 && disk.statistics.bytes <= 15_000)
            #expect(tiered.memory.statistics.evictions > 0 && disk.statistics.evictions > 0)
        }
    }
}
