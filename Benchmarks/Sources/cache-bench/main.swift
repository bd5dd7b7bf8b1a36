// main.swift: cache-bench: hit and store of ProtoHTTPOffline's memory and disk response caches, 1 KiB and 64 KiB bodies; prints RESULT lines.
import BenchSupport
import Foundation
import ProtoHTTPOffline

/// One measured configuration: a body size and how many distinct keys the loop cycles through.
struct CacheCase {
    let bodyBytes: Int
    let keyCount: Int
}

/// What went wrong, printed before exiting with status 1.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

/// A response as the client stores it: a protobuf body, its Content-Type and an ETag.
func response(bodyBytes: Int, seed: Int) -> CachedResponse {
    CachedResponse(status: 200,
                   headers: [.contentType: "application/proto", .eTag: "\"rev-\(seed)\""],
                   body: (0..<bodyBytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) },
                   storedAt: 1_700_000_000, version: 1)
}

/// Keys as calls make them (a POST to a method path with a small body).
func keys(_ count: Int) -> [ResponseCacheKey] {
    (0..<count).map { index in
        ResponseCacheKey(method: "POST", url: "https://api.example.com/notes.Notes/GetNote", rpcProtocol: .connect,
                         contentType: "application/proto", accept: nil, body: Array("id-\(index)".utf8), salt: "", version: 1)
    }
}

/// `hit`: reads cycling over the stored keys; `store`: stores replacing the entries in turn.
func contenders(_ store: any ResponseCacheStore, keys: [ResponseCacheKey], responses: [CachedResponse]) -> [(Int) -> Void] {
    for (key, response) in zip(keys, responses) { store.store(response, for: key) }
    let hit: (Int) -> Void = { n in
        var next = 0
        for _ in 0..<n {
            blackHole(store.response(for: keys[next]))  // misses are counted by the store and checked after the run
            next = next + 1 == keys.count ? 0 : next + 1
        }
    }
    let write: (Int) -> Void = { n in
        var next = 0
        for _ in 0..<n {
            store.store(responses[next], for: keys[next])
            next = next + 1 == keys.count ? 0 : next + 1
        }
    }
    return [hit, write]
}

func run() throws {
    var harness = Harness()
    let options = try Options(CommandLine.arguments.dropFirst())
    harness.batches = options.batches
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-bench-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let failures = LockedErrors()
    for cacheCase in [CacheCase(bodyBytes: 1 << 10, keyCount: 1_000), CacheCase(bodyBytes: 64 << 10, keyCount: 200)] {
        let keys = keys(cacheCase.keyCount)
        let responses = (0..<cacheCase.keyCount).map { response(bodyBytes: cacheCase.bodyBytes, seed: $0) }
        let budget = 1 << 30  // everything fits: hits and stores are measured without eviction
        let memory = MemoryResponseCache(maxBytes: budget)
        let disk = try DiskResponseCache(path: folder + "/cache-\(cacheCase.bodyBytes).sqlite", maxBytes: budget, onError: { failures.append($0) })
        print("# body=\(cacheCase.bodyBytes) B, \(cacheCase.keyCount) keys cycled, entry cost \(responses[0].byteCount) B; disk: \(disk.path) (WAL, synchronous=NORMAL)")
        let all = zip([("memory", "hit"), ("memory", "store"), ("disk", "hit"), ("disk", "store")],
                      contenders(memory, keys: keys, responses: responses) + contenders(disk, keys: keys, responses: responses))
        let chosen = all.filter { options.includes(cache: $0.0.0, op: $0.0.1) }
        let results = harness.measure(chosen.map(\.1))
        for ((name, op), result) in zip(chosen.map(\.0), results) {
            print("RESULT cache=\(name) op=\(op) ns=\(Int(result.medianNanoseconds.rounded())) bytes=\(cacheCase.bodyBytes) min_ns=\(Int(result.minNanoseconds.rounded())) n=\(result.iterations)")
        }
        let diskStatistics = disk.statistics, memoryStatistics = memory.statistics
        print("# memory \(memoryStatistics)")
        print("# disk \(diskStatistics)")
        disk.close()
        guard diskStatistics.evictions + memoryStatistics.evictions + diskStatistics.misses + memoryStatistics.misses == 0 else {
            throw BenchFailure(description: "an entry was evicted or missed; the figures above do not measure hits and stores only")
        }
    }
    if let first = failures.first { throw BenchFailure(description: "the disk cache reported: \(first)") }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("cache-bench: \(error)\n".utf8))
    exit(1)
}
