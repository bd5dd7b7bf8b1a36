// DiskResponseCacheTests.swift: the SQLite store: entries survive a reopen, the size cap evicts the least recently accessed, failures are reported and answered as misses.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTPOffline
import HTTPTypes

@Suite struct DiskResponseCacheTests {
    let a = CacheFixtures.key("a"), b = CacheFixtures.key("b"), c = CacheFixtures.key("c"), d = CacheFixtures.key("d")

    /// Collects what a cache reports.
    final class Reports: Sendable {
        private let errors = Mutex<[OfflineError]>([])
        var handler: DiskResponseCache.ErrorHandler { { error in self.errors.withLock { $0.append(error) } } }
        var all: [OfflineError] { errors.withLock { $0 } }
    }

    @Test func entriesSurviveClosingAndOpeningAgain() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let location = OfflineStorageLocation(directory: folder + "/nested/app")
            let stored = CachedResponse(status: 200, headers: HTTPFields([HTTPField(name: .contentType, value: "application/proto"),
                                                               HTTPField(name: .eTag, value: "\"v1\""),
                                                               HTTPField(name: .lastModified, value: "Mon, 01 Jan 2024 10:00:00 GMT")]),
                                        body: (0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 7) }, storedAt: 1_700_000_123.25, version: 4)
            let first = try DiskResponseCache(location: location)
            #expect(first.path == folder + "/nested/app/response-cache.sqlite")
            first.store(stored, for: a)
            first.store(CachedResponse(status: 204, headers: [:], body: [], storedAt: 1, version: 0), for: b)
            #expect(first.response(for: a) == stored)
            first.close()
            #expect(first.response(for: a) == nil)  // closed: a miss, silently

            let second = try DiskResponseCache(location: location)
            #expect(second.response(for: a) == stored)
            #expect(second.response(for: b)?.body == [])
            #expect(second.response(for: b)?.status == 204)
            #expect(second.statistics.entryCount == 2)
            #expect(second.statistics.bytes == stored.byteCount + 64)
            second.removeResponse(for: a)
            second.close()
            let third = try DiskResponseCache(path: location.path(of: DiskResponseCache.fileName))
            #expect(third.response(for: a) == nil && third.response(for: b) != nil)
            third.removeAll()
            #expect(third.statistics.entryCount == 0 && third.statistics.bytes == 0)
        }
    }

    @Test func theSizeCapEvictsTheLeastRecentlyAccessedFirst() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let cache = try DiskResponseCache(path: folder + "/cache.sqlite", maxBytes: 3_000)
            cache.store(CacheFixtures.response(cost: 1_000, tag: 1), for: a)
            cache.store(CacheFixtures.response(cost: 1_000, tag: 2), for: b)
            cache.store(CacheFixtures.response(cost: 1_000, tag: 3), for: c)
            #expect(cache.keysByAccess == [a, b, c])
            #expect(cache.response(for: a)?.body.first == 1)  // a read: a is now the most recent
            cache.store(CacheFixtures.response(cost: 1_000, tag: 4), for: d)  // evicts b
            #expect(cache.keysByAccess == [c, a, d])
            #expect(cache.response(for: b) == nil)
            cache.store(CacheFixtures.response(cost: 2_500, tag: 5), for: b)  // 2_500 + any other entry > 3_000: all three go
            #expect(cache.keysByAccess == [b])
            let statistics = cache.statistics
            #expect(statistics.evictions == 4 && statistics.entryCount == 1 && statistics.bytes == 2_500)
        }
    }

    @Test func theAccessOrderSurvivesAReopen() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let path = folder + "/cache.sqlite"
            let first = try DiskResponseCache(path: path, maxBytes: 3_000)
            for (index, key) in [a, b, c].enumerated() { first.store(CacheFixtures.response(cost: 1_000, tag: UInt8(index)), for: key) }
            _ = first.response(for: a)  // noted in memory, written by close()
            first.close()
            let second = try DiskResponseCache(path: path, maxBytes: 3_000)
            #expect(second.keysByAccess == [b, c, a])
            second.store(CacheFixtures.response(cost: 1_000), for: d)  // the clock went on from the file: b goes
            #expect(second.keysByAccess == [c, a, d])
        }
    }

    @Test func readsAreWrittenInBatches() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let cache = try DiskResponseCache(path: folder + "/cache.sqlite", maxBytes: 1 << 20)
            let keys = (0...DiskResponseCache.accessBatchSize).map { CacheFixtures.key("batch\($0)") }
            for key in keys { cache.store(CacheFixtures.response(cost: 100), for: key) }
            // Reading them all in reverse makes the first key the most recent.
            for key in keys.reversed() { #expect(cache.response(for: key) != nil) }
            #expect(cache.keysByAccess == keys.reversed())
        }
    }

    @Test func anEntryBiggerThanTheCapIsNotStored() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let cache = try DiskResponseCache(path: folder + "/cache.sqlite", maxBytes: 2_000)
            cache.store(CacheFixtures.response(cost: 1_500, tag: 1), for: a)
            cache.store(CacheFixtures.response(cost: 2_001), for: b)
            #expect(cache.response(for: b) == nil)
            #expect(cache.response(for: a)?.body.first == 1)  // nothing was evicted for it
            cache.store(CacheFixtures.response(cost: 2_001), for: a)  // an oversize replacement removes the stale entry
            #expect(cache.response(for: a) == nil)
            #expect(cache.statistics.rejected == 2 && cache.statistics.evictions == 0 && cache.statistics.entryCount == 0)
        }
    }

    @Test func aFullDiskIsReportedAndAnsweredAsAMissWithoutLosingWhatWasStored() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let reports = Reports()
            let cache = try DiskResponseCache(path: folder + "/cache.sqlite", onError: reports.handler)
            cache.store(CacheFixtures.response(cost: 500, tag: 1), for: a)
            try cache.limitGrowth(toPages: 2)
            cache.store(CacheFixtures.response(cost: 200_000, tag: 2), for: b)  // needs ~50 pages
            #expect(cache.response(for: b) == nil)
            #expect(cache.response(for: a)?.body.first == 1)
            let errors = reports.all
            #expect(errors.count == 1)
            #expect(errors.first?.code == .storage)
            #expect(errors.first?.message.contains("Free disk space") == true)
            #expect(errors.first?.underlying?.contains("full") == true)
            #expect(cache.statistics.failures == 1 && cache.statistics.stores == 1)
        }
    }

    @Test func aDamagedFileIsReportedDeletedAndStartedEmpty() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let path = folder + "/" + DiskResponseCache.fileName
            try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: path))
            let reports = Reports()
            let cache = try DiskResponseCache(location: OfflineStorageLocation(directory: folder), onError: reports.handler)
            #expect(reports.all.count == 1)
            #expect(reports.all.first?.message.contains("damaged") == true)
            #expect(cache.statistics.entryCount == 0)
            cache.store(CacheFixtures.response(cost: 300), for: a)
            #expect(cache.response(for: a) != nil)
        }
    }

    @Test func anUnwritableFolderIsAClearError() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let error = #expect(throws: OfflineError.self) {
                try DiskResponseCache(path: folder + "/missing/folder/cache.sqlite")
            }
            #expect(error?.code == .storage)
            #expect(error?.message.contains("could not be opened") == true)
        }
    }

    @Test func theHeadersBlobRoundTripsAndRejectsDamage() async throws {
        #expect(CachedHeaderCoding.decode([1, 0, 0, 0, 9, 65]) == nil)  // a length past the end
        #expect(CachedHeaderCoding.decode([2]) == nil)  // an unknown format
        #expect(CachedHeaderCoding.decode([1, 0, 0, 0, 1, 0xff, 0, 0, 0, 0]) == nil)  // not UTF-8
        let headers = HTTPFields([HTTPField(name: .eTag, value: "\"é\""), HTTPField(name: .contentType, value: "")])
        #expect(CachedHeaderCoding.decode(CachedHeaderCoding.encode(headers)) == headers)
        #expect(CachedHeaderCoding.decode(CachedHeaderCoding.encode([:])) == [:])
    }

    @Test func manyThreadsAtOnce() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let reports = Reports()
            let cache = try DiskResponseCache(path: folder + "/cache.sqlite", maxBytes: 20_000, onError: reports.handler)
            let keys = (0..<32).map { CacheFixtures.key("t\($0)") }
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for round in 0..<150 {
                    let key = keys[(round * 7 + thread * 13) % keys.count]
                    switch round % 4 {
                    case 0: cache.store(CacheFixtures.response(cost: 1_000 + round, tag: UInt8(thread)), for: key)
                    case 3 where round % 8 == 3: cache.removeResponse(for: key)
                    default: _ = cache.response(for: key)
                    }
                }
            }
            #expect(reports.all.isEmpty)
            let statistics = cache.statistics
            #expect(statistics.failures == 0 && statistics.bytes <= 20_000 && statistics.evictions > 0)
            #expect(statistics.entryCount == cache.keysByAccess.count)
        }
    }

    /// What Python's sqlite3 module reads in a cache file.
    struct ForeignView: Decodable {
        var migrations: [String]
        var columns: [String]
        var row: [String]
        var accessRows: Int
        var totals: [Int]
    }

    @Test func theFileIsPlainSQLiteThatAnotherReaderUnderstands() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let path = folder + "/cache.sqlite"
            let cache = try DiskResponseCache(path: path)
            let stored = CacheFixtures.response(cost: 2_000, etag: "\"e1\"", version: 3)
            cache.store(stored, for: a)
            cache.close()
            let script = """
                import json, sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                row = db.execute("SELECT status, version, byteCount, headers, length(body) FROM response_cache").fetchone()
                print(json.dumps({
                    "migrations": [r[0] for r in db.execute("SELECT identifier FROM grdb_migrations")],
                    "columns": [r[1] for r in db.execute("PRAGMA table_info(response_cache)")],
                    "row": [str(row[0]), str(row[1]), str(row[2]), row[3].hex(), str(row[4])],
                    "accessRows": db.execute("SELECT COUNT(*) FROM response_cache_access").fetchone()[0],
                    "totals": list(db.execute("SELECT entries, bytes FROM response_cache_totals").fetchone()),
                }))
                """
            let run = try await python(script, path)
            let view = try JSONDecoder().decode(ForeignView.self, from: Data(run.stdoutBytes))
            #expect(view.migrations == ["v1-response-cache"])
            #expect(view.columns == ["key", "status", "storedAt", "version", "byteCount", "headers", "body"])
            let headersHex = CachedHeaderCoding.encode(stored.headers).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            #expect(view.row == ["200", "3", "\(stored.byteCount)", headersHex, "\(stored.body.count)"])
            #expect(view.accessRows == 1 && view.totals == [1, stored.byteCount])
        }
    }

    @Test func anEntryWithDamagedHeadersIsReportedRemovedAndAMiss() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let path = folder + "/cache.sqlite"
            let reports = Reports()
            let cache = try DiskResponseCache(path: path, onError: reports.handler)
            cache.store(CacheFixtures.response(cost: 500), for: a)
            cache.store(CacheFixtures.response(cost: 500), for: b)
            // Another writer (Python's sqlite3) damages a's headers blob.
            _ = try await python("""
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.execute("UPDATE response_cache SET headers = X'0200' WHERE key = ?", (sys.argv[2],))
                db.commit()
                """, path, a.digest)
            #expect(cache.response(for: a) == nil)
            #expect(reports.all.count == 1 && reports.all.first?.message.contains("unknown format") == true)
            #expect(cache.keysByAccess == [b])
            #expect(cache.statistics.entryCount == 1 && cache.response(for: b) != nil)
        }
    }

    /// Runs `script` with `python3 -c` and `arguments`, off the cooperative pool; expects it to succeed.
    func python(_ script: String, _ arguments: String...) async throws -> ChildProcess.Completed {
        let completed = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try ChildProcess.run("python3", ["-c", script] + arguments, timeout: .seconds(30)) })
            }
        }
        let run = try #require(completed)
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }
}
