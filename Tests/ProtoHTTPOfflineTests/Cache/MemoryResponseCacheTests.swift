// MemoryResponseCacheTests.swift: the memory LRU: recency order, the byte budget, oversize entries, counters, many threads at once.
import Dispatch
import ProtoHTTPOffline
import Synchronization
import Testing
import HTTPTypes

@Suite struct MemoryResponseCacheTests {
    let a = CacheFixtures.key("a"), b = CacheFixtures.key("b"), c = CacheFixtures.key("c"), d = CacheFixtures.key("d")

    @Test func readsMoveEntriesToTheFrontAndTheLeastRecentIsEvicted() {
        let cache = MemoryResponseCache(maxBytes: 300)
        cache.store(CacheFixtures.response(cost: 100, tag: 1), for: a)
        cache.store(CacheFixtures.response(cost: 100, tag: 2), for: b)
        cache.store(CacheFixtures.response(cost: 100, tag: 3), for: c)
        #expect(cache.keysByRecency == [c, b, a])
        #expect(cache.response(for: a)?.body.first == 1)  // a becomes the most recent
        #expect(cache.keysByRecency == [a, c, b])
        cache.store(CacheFixtures.response(cost: 100, tag: 4), for: d)  // evicts b, the least recent
        #expect(cache.keysByRecency == [d, a, c])
        #expect(cache.response(for: b) == nil)
        let statistics = cache.statistics
        #expect(statistics.evictions == 1 && statistics.entryCount == 3 && statistics.bytes == 300)
        #expect(statistics.hits == 1 && statistics.misses == 1 && statistics.stores == 4)
    }

    @Test func aLargeEntryEvictsAsManyAsItNeedsAndNoMore() {
        let cache = MemoryResponseCache(maxBytes: 1_000)
        for (index, key) in [a, b, c].enumerated() { cache.store(CacheFixtures.response(cost: 300, tag: UInt8(index)), for: key) }
        cache.store(CacheFixtures.response(cost: 650), for: d)  // 900 + 650: a and b must go, c stays
        #expect(cache.keysByRecency == [d, c])
        #expect(cache.statistics.bytes == 950)
        #expect(cache.statistics.evictions == 2)
    }

    @Test func replacingAnEntryRecountsItsBytes() {
        let cache = MemoryResponseCache(maxBytes: 1_000)
        cache.store(CacheFixtures.response(cost: 400, tag: 1), for: a)
        cache.store(CacheFixtures.response(cost: 200, tag: 2), for: a)
        #expect(cache.statistics.bytes == 200 && cache.statistics.entryCount == 1)
        #expect(cache.response(for: a)?.body.first == 2)
        // A bigger replacement moves to the front and evicts the least recent others, never itself.
        cache.store(CacheFixtures.response(cost: 300, tag: 3), for: b)
        cache.store(CacheFixtures.response(cost: 300, tag: 4), for: c)
        cache.store(CacheFixtures.response(cost: 700, tag: 5), for: a)  // 700 + 300 + 300: b, the least recent, goes
        #expect(cache.keysByRecency == [a, c])
        #expect(cache.statistics.bytes == 1_000 && cache.statistics.evictions == 1)
        #expect(cache.response(for: a)?.body.first == 5)
    }

    @Test func anEntryBiggerThanTheWholeBudgetIsNotStoredAndEvictsNothing() {
        let cache = MemoryResponseCache(maxBytes: 500)
        cache.store(CacheFixtures.response(cost: 200, tag: 1), for: a)
        cache.store(CacheFixtures.response(cost: 200, tag: 2), for: b)
        cache.store(CacheFixtures.response(cost: 501), for: c)
        #expect(cache.response(for: c) == nil)
        #expect(cache.keysByRecency.count == 2)
        // An oversize replacement removes the stale entry it would have replaced.
        cache.store(CacheFixtures.response(cost: 900), for: a)
        #expect(cache.response(for: a) == nil)
        #expect(cache.keysByRecency == [b])
        #expect(cache.statistics.rejected == 2 && cache.statistics.evictions == 0)
        // Exactly the budget fits.
        cache.store(CacheFixtures.response(cost: 500), for: d)
        #expect(cache.keysByRecency == [d])
    }

    @Test func removalsFreeTheirBytesAndSlotsAreReused() {
        let cache = MemoryResponseCache(maxBytes: 10_000)
        for round in 0..<50 {
            let key = CacheFixtures.key("k\(round % 5)")
            cache.store(CacheFixtures.response(cost: 100 + round), for: key)
            if round % 3 == 0 { cache.removeResponse(for: key) }
        }
        let held = cache.keysByRecency
        let bytes = held.reduce(0) { $0 + (cache.response(for: $1)?.byteCount ?? 0) }
        #expect(cache.statistics.bytes == bytes && cache.statistics.entryCount == held.count)
        cache.removeAll()
        #expect(cache.statistics.entryCount == 0 && cache.statistics.bytes == 0 && cache.keysByRecency.isEmpty)
    }

    @Test func responsesComeBackAsStored() {
        let cache = MemoryResponseCache()
        let stored = CachedResponse(status: 203, headers: HTTPFields([HTTPField(name: .contentType, value: "application/json"),
                                                           HTTPField(name: .eTag, value: "\"x\""), HTTPField(name: .setCookie, value: "s=1")]),
                                    body: Array("{}".utf8), storedAt: 12.5, version: 3)
        cache.store(stored, for: a)
        let read = cache.response(for: a)
        #expect(read == stored)
        #expect(read?.etag == "\"x\"" && read?.headers.count == 2)
    }

    @Test func manyThreadsAtOnceKeepTheBudgetAndTheCounts() {
        let budget = 20_000
        let cache = MemoryResponseCache(maxBytes: budget)
        let keys = (0..<64).map { CacheFixtures.key("t\($0)") }
        let threads = 8, operations = 3_000
        let reads = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var seed = UInt64(thread + 1) &* 0x9E37_79B9_7F4A_7C15
            for _ in 0..<operations {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let key = keys[Int(seed >> 33) % keys.count]
                switch (seed >> 20) % 10 {
                case 0..<6:
                    reads.add(1, ordering: .relaxed)
                    if let response = cache.response(for: key) { precondition(response.body.count + 64 <= budget) }
                case 6..<9: cache.store(CacheFixtures.response(cost: 200 + Int(seed >> 40) % 1_500), for: key)
                default: cache.removeResponse(for: key)
                }
            }
        }
        let statistics = cache.statistics
        #expect(statistics.bytes <= budget)
        #expect(statistics.entryCount == cache.keysByRecency.count)
        #expect(statistics.hits + statistics.misses == reads.load(ordering: .relaxed))
        #expect(statistics.hits > 0 && statistics.evictions > 0)
        let recount = cache.keysByRecency.reduce(0) { $0 + (cache.response(for: $1)?.byteCount ?? 0) }
        #expect(recount == statistics.bytes)
    }
}
