// CacheCurve.swift: hit and store ns of the memory and disk response caches holding 10^3 to 10^5 entries.
import BenchProcesses
import BenchSupport
import ProtoHTTPOffline
import Synchronization

/// `RESULT scale=cache n=<entries> store=<memory|disk> op=<hit|store> ns=… min_ns=… fill_us=… batch=…`
///
/// cache-bench's entries and operations (a 200 with `Content-Type`, `ETag` and a 1 KiB body,
/// keys made like a call's), with the number of entries held as the variable: each cache is
/// filled with n entries (`fill_us` = the fill's time per entry), then ``Harness`` times
/// `hit` (`response(for:)`) and `store` (`store(_:for:)` replacing an entry) cycling over all
/// n keys in a scattered order (index × 7,919 mod n), so larger caches are not read in the
/// order they were filled. Budgets hold everything: the run fails if a read missed or an
/// entry was evicted. Disk: `DiskResponseCache` (SQLite, WAL, `synchronous=NORMAL`) in the temp folder.
enum CacheCurve {
    /// The entry counts.
    static func points(quick: Bool) -> [Int] { quick ? [1_000] : [1_000, 10_000, 100_000] }

    /// Measures every point, memory and disk side by side.
    static func run(options: Options, folder: TempFolder) throws {
        for entries in points(quick: options.quick) {
            try measure(entries: entries, folder: folder, batches: options.quick ? 3 : 9)
        }
    }

    private static func measure(entries: Int, folder: TempFolder, batches: Int) throws {
        let keys = (0..<entries).map(key)
        let responses = (0..<entries).map(response)
        let order = (0..<entries).map { ($0 &* 7_919) % entries }
        let failures = Mutex<[OfflineError]>([])
        let path = folder.file("cache-\(entries).sqlite")
        let memory = MemoryResponseCache(maxBytes: 1 << 40)
        let disk = try DiskResponseCache(path: path, maxBytes: 1 << 40, onError: { error in failures.withLock { $0.append(error) } })
        defer {
            disk.close()
            for suffix in ["", "-wal", "-shm"] { folder.remove("cache-\(entries).sqlite\(suffix)") }
        }
        var contenders: [(store: String, op: String, run: (Int) -> Void)] = []
        var fills: [String: Double] = [:]
        for (name, store) in [("memory", memory as any ResponseCacheStore), ("disk", disk)] {
            let start = MonotonicClock.nanoseconds()
            for index in 0..<entries { store.store(responses[index], for: keys[index]) }
            fills[name] = MonotonicClock.seconds(since: start) * 1e6 / Double(entries)
            contenders.append((name, "hit", { n in
                var next = 0
                for _ in 0..<n {
                    blackHole(store.response(for: keys[order[next]]))
                    next = next + 1 == entries ? 0 : next + 1
                }
            }))
            contenders.append((name, "store", { n in
                var next = 0
                for _ in 0..<n {
                    store.store(responses[order[next]], for: keys[order[next]])
                    next = next + 1 == entries ? 0 : next + 1
                }
            }))
        }
        let results = Harness(batches: batches).measure(contenders.map(\.run))
        let memoryStatistics = memory.statistics, diskStatistics = disk.statistics
        guard memoryStatistics.misses + memoryStatistics.evictions + diskStatistics.misses + diskStatistics.evictions == 0 else {
            throw ScaleError("cache n=\(entries): a read missed or an entry was evicted (memory \(memoryStatistics); disk \(diskStatistics))")
        }
        if let first = failures.withLock({ $0.first }) { throw ScaleError("cache n=\(entries): the disk cache reported \(first)") }
        for (contender, result) in zip(contenders, results) {
            var line = ResultLine(.cache, n: entries)
            line.add("store", contender.store)
            line.add("op", contender.op)
            line.add("ns", result.medianNanoseconds, digits: 0)
            line.add("min_ns", result.minNanoseconds, digits: 0)
            line.add("fill_us", fills[contender.store] ?? 0, digits: 1)
            line.add("batch", result.iterations)
            line.emit()
        }
        note("cache n=\(entries): disk file \(folder.size("cache-\(entries).sqlite") / 1024) KiB (+ wal \(folder.size("cache-\(entries).sqlite-wal") / 1024) KiB)")
    }

    /// The `index`th key, as a call makes one (a POST to a method path with a distinct body).
    private static func key(_ index: Int) -> ResponseCacheKey {
        ResponseCacheKey(method: "POST", url: "https://api.example.com/notes.Notes/GetNote", rpcProtocol: .connect,
                         contentType: "application/proto", accept: nil, body: Array("id-\(index)".utf8), salt: "", version: 1)
    }

    /// The `index`th response: a 200 with a protobuf `Content-Type`, an `ETag` and a 1 KiB body.
    private static func response(_ index: Int) -> CachedResponse {
        CachedResponse(status: 200, headers: [.contentType: "application/proto", .eTag: "\"rev-\(index)\""],
                       body: (0..<1_024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }, storedAt: 1_700_000_000, version: 1)
    }
}
