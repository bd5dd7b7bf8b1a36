// DiskResponseCache.swift: the SQLite response cache: entries that outlive the process, within a size cap, least recently used evicted first.
import Foundation
import GRDB
import Synchronization

/// A `ResponseCacheStore` in an SQLite file (`response-cache.sqlite`, through GRDB, WAL,
/// `synchronous=NORMAL`: a commit survives a crash of the process; a power loss may undo the
/// last ones, which a cache can afford). Migration `v1-response-cache` makes the table
/// `response_cache`: `key` (the digest, primary key), `status`, `storedAt`, `version`,
/// `byteCount`, `headers` (a length-prefixed blob: a format byte `1`, then per header a
/// big-endian `UInt32` length and the UTF-8 name, the same for the value) and `body`. Each
/// entry's `lastAccess` lives in a narrow side table, `response_cache_access` (indexed), since
/// SQLite rewrites a whole row, body included, on any update; a one-row
/// `response_cache_totals` kept by triggers holds the count and the bytes, so the cap is
/// checked without a scan.
///
/// - **Size cap.** The entries together cost at most ``maxBytes`` (each entry costs its
///   `CachedResponse.byteCount`: body, kept headers and a fixed overhead; SQLite's own page
///   overhead comes on top). Each store is one transaction that writes the entry and, in the
///   same transaction, evicts the least recently accessed entries until the total fits. An
///   entry costing more than the whole cap is not stored (and the old one under its key is
///   removed).
/// - **Access order, batched.** A read is a plain `SELECT`: it does not write. It notes the
///   access in memory (a logical clock, not a time), and the noted accesses are written in
///   the next store or removal transaction, before its eviction, or on their own once
///   ``accessBatchSize`` are pending, or by ``close()``. Accesses noted but never written
///   (the process was killed) only make eviction order a little less exact.
/// - **Failures never fail a call.** A read, store or removal that fails (a full disk, a
///   damaged file, a closed cache) is reported to the error handler as an `OfflineError`
///   (`.storage`) and counted in ``ResponseCacheStatistics/failures``; the read answers
///   `nil` (a miss). A file found damaged when the cache opens is reported, deleted and
///   started anew: it only held copies of what the server can send again.
///
/// ```swift
/// let disk = try DiskResponseCache(app: "notes", maxBytes: 64 << 20) { error in
///     logger.warning("response cache: \(error)")
/// }
/// manager.use(cache: disk)
/// ```
///
/// One process at a time should own a file: two can share it safely (SQLite locks), but each
/// keeps its own access clock, so eviction order between them is approximate.
public final class DiskResponseCache: ResponseCacheStore, Sendable {
    /// Receives what went wrong in a store that keeps answering (as misses).
    public typealias ErrorHandler = @Sendable (OfflineError) -> Void

    /// The file name inside an `OfflineStorageLocation`.
    public static let fileName = "response-cache.sqlite"
    /// The default size cap, 64 MiB.
    public static let defaultMaxBytes = 64 << 20
    /// How many noted reads are written together when no store or removal comes first.
    public static let accessBatchSize = 128

    private struct State {
        /// The logical clock of `lastAccess`: the highest value handed out.
        var clock: Int64
        /// Accesses noted by reads and not yet written: key digest → clock value.
        var pendingAccesses: [String: Int64] = [:]
        var statistics = ResponseCacheStatistics()
        var isClosed = false
    }

    /// The database file.
    public let path: String
    /// The size cap, in bytes (see the type's description).
    public let maxBytes: Int
    private let database: DatabasePool
    private let state: Mutex<State>
    private let onError: ErrorHandler?

    /// The cache `response-cache.sqlite` in the user's cache directory for `app`
    /// (`OfflineStorageLocation.userCache(app:)`: `$XDG_CACHE_HOME/<app>`, else `~/.cache/<app>`).
    ///
    /// - Throws: `OfflineError` `.storage` when the folder or the file cannot be created.
    public convenience init(app: String, maxBytes: Int = DiskResponseCache.defaultMaxBytes,
                            onError: ErrorHandler? = nil) throws(OfflineError) {
        try self.init(location: try OfflineStorageLocation.userCache(app: app), maxBytes: maxBytes, onError: onError)
    }

    /// The cache `response-cache.sqlite` in `location`'s folder, created when missing.
    ///
    /// - Throws: `OfflineError` `.storage` when the folder or the file cannot be created.
    public convenience init(location: OfflineStorageLocation, maxBytes: Int = DiskResponseCache.defaultMaxBytes,
                            onError: ErrorHandler? = nil) throws(OfflineError) {
        try location.create()
        try self.init(path: location.path(of: Self.fileName), maxBytes: maxBytes, onError: onError)
    }

    /// The cache in the SQLite file at `path` (its folder must exist), holding at most
    /// `maxBytes` worth of entries; `onError` hears of every failure the cache absorbs.
    ///
    /// - Throws: `OfflineError` `.storage` when the file cannot be opened or created (a
    ///   missing or read-only folder). A damaged file is not an error: it is reported to
    ///   `onError`, deleted, and the cache starts empty.
    public init(path: String, maxBytes: Int = DiskResponseCache.defaultMaxBytes, onError: ErrorHandler? = nil) throws(OfflineError) {
        self.path = path
        self.maxBytes = max(0, maxBytes)
        self.onError = onError
        database = try DiskCacheFile.open(path: path, onError: onError)
        let clock: Int64
        do {
            clock = try database.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(lastAccess) FROM response_cache_access") } ?? 0
        } catch {
            throw OfflineError(.storage, "the response cache \(path) could not be read (\(error)); delete the file to start empty.", underlying: error)
        }
        state = Mutex(State(clock: clock))
    }

    deinit { flushAccesses() }

    // MARK: ResponseCacheStore

    /// The entry under `key`, or `nil` (also when the read fails: reported, counted, a miss).
    public func response(for key: ResponseCacheKey) -> CachedResponse? {
        guard !isClosed else { return nil }
        let found: DiskCacheRow.Read
        do {
            found = try database.unsafeRead { db in try DiskCacheRow.read(key.digest, in: db) }
        } catch {
            fail("reading an entry", error)
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        switch found {
        case .missing:
            state.withLock { $0.statistics.misses += 1 }
            return nil
        case .damaged:
            fail("reading an entry", OfflineError(.storage, "the entry \(key) in \(path) has headers in an unknown format; it was removed, and the next call fetches it again."))
            state.withLock { $0.statistics.misses += 1 }
            removeResponse(for: key)
            return nil
        case .found(let response):
            let batchIsFull = state.withLock { state in
                state.statistics.hits += 1
                state.clock += 1
                state.pendingAccesses[key.digest] = state.clock
                return state.pendingAccesses.count >= Self.accessBatchSize
            }
            if batchIsFull { flushAccesses() }
            return response
        }
    }

    /// Stores `response` under `key` and evicts the least recently accessed entries beyond
    /// ``maxBytes``, in one transaction. A failure is reported and counted; nothing else happens.
    public func store(_ response: CachedResponse, for key: ResponseCacheKey) {
        let cost = response.byteCount
        let maxBytes = maxBytes
        let outcome = write("storing an entry") { db, access in
            guard cost <= maxBytes else {
                try DiskCacheRow.delete(key.digest, in: db)
                return (stored: false, evicted: 0)
            }
            try DiskCacheRow.upsert(response, key: key.digest, byteCount: cost, access: access, in: db)
            return (stored: true, evicted: try DiskCacheRow.evict(toFit: maxBytes, keeping: key.digest, in: db))
        }
        guard let outcome else { return }
        state.withLock { state in
            state.statistics.evictions += outcome.evicted
            if outcome.stored { state.statistics.stores += 1 } else { state.statistics.rejected += 1 }
        }
    }

    /// Removes the entry under `key`, if any.
    public func removeResponse(for key: ResponseCacheKey) {
        write("removing an entry") { db, _ in try DiskCacheRow.delete(key.digest, in: db) }
    }

    // MARK: Maintenance

    /// Removes every entry (the counters stay).
    public func removeAll() {
        write("removing every entry") { db, _ in try db.execute(sql: "DELETE FROM response_cache") }
    }

    /// The counters, with the entries and bytes held now (read from the file; zero if that fails).
    public var statistics: ResponseCacheStatistics {
        var statistics = state.withLock { $0.statistics }
        guard !isClosed else { return statistics }
        do {
            if let totals = try database.unsafeRead({ db in try Row.fetchOne(db, sql: "SELECT entries, bytes FROM response_cache_totals WHERE id = 0") }) {
                statistics.entryCount = try totals.decode(Int.self, atIndex: 0)
                statistics.bytes = try totals.decode(Int.self, atIndex: 1)
            }
        } catch {
            fail("reading the totals", error)
        }
        return statistics
    }

    /// The keys held, least recently accessed (the next evicted) first, with the accesses
    /// noted so far written first.
    public var keysByAccess: [ResponseCacheKey] {
        flushAccesses()
        guard !isClosed else { return [] }
        do {
            return try database.unsafeRead { db in
                try String.fetchAll(db, sql: "SELECT key FROM response_cache_access ORDER BY lastAccess, key").map(ResponseCacheKey.init(digest:))
            }
        } catch {
            fail("listing the keys", error)
            return []
        }
    }

    /// Writes the noted accesses and closes the file. Later reads miss and later stores are
    /// dropped, silently; open a new `DiskResponseCache` on the same path to go on.
    public func close() {
        flushAccesses()
        guard state.withLock({ state in defer { state.isClosed = true }; return !state.isClosed }) else { return }
        do {
            try database.close()
        } catch {
            fail("closing the file", error)
        }
    }

    // MARK: Internals

    /// Limits the file to its current size plus `pages` more pages, so later writes fail
    /// with SQLite's "database or disk is full": how tests make a full disk. The limit holds
    /// for this instance's writer connection only.
    func limitGrowth(toPages pages: Int) throws {
        try database.writeWithoutTransaction { db in
            let used = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(used + pages)")
        }
    }

    private var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Writes the accesses noted by reads, on their own.
    private func flushAccesses() {
        guard state.withLock({ !$0.pendingAccesses.isEmpty }) else { return }
        write("recording reads") { _, _ in }
    }

    /// Runs `body` in one write transaction, after writing the pending accesses, with the next
    /// clock value for the row it writes; `nil` when it fails (reported as failing `operation`, counted).
    @discardableResult
    private func write<T>(_ operation: String, _ body: (Database, Int64) throws -> T) -> T? {
        let taken: (accesses: [String: Int64], clock: Int64)? = state.withLock { state in
            guard !state.isClosed else { return nil }
            defer { state.pendingAccesses = [:] }
            state.clock += 1
            return (state.pendingAccesses, state.clock)
        }
        guard let taken else { return nil }
        do {
            return try database.write { db in
                try DiskCacheRow.recordAccesses(taken.accesses, in: db)
                return try body(db, taken.clock)
            }
        } catch {
            fail(operation, error)
            return nil
        }
    }

    /// Reports `error` from `operation` and counts it (unless the cache was closed meanwhile).
    private func fail(_ operation: String, _ error: any Error) {
        let closed = state.withLock { state in
            if !state.isClosed { state.statistics.failures += 1 }
            return state.isClosed
        }
        guard !closed, let onError else { return }
        if let error = error as? OfflineError {
            onError(error)
        } else {
            onError(OfflineError(.storage, "the response cache \(path) failed while \(operation) (\(error)); calls go on without it meanwhile. Free disk space, or delete the file to start empty.", underlying: error))
        }
    }
}
