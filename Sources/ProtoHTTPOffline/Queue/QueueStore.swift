// QueueStore.swift: the offline queue's SQLite table: schema v1 and v2, and one transaction per state change.
import Foundation
import GRDB
import HTTPTypes
import ProtoHTTPCore

/// The rows of `offline-queue.sqlite`, one per queued call, read and written through GRDB.
///
/// Every change is one write transaction, committed with `synchronous=FULL` before the call
/// that made it returns: storing an entry, counting an attempt (before the send), recording a
/// failure, removing entries. Order within a category is the `seq` column (SQLite's
/// `AUTOINCREMENT`, which never reuses a value), so "oldest first" holds across processes.
struct QueueStore: Sendable {
    let pool: DatabasePool
    let path: String
    /// This boot's id, against which write-ahead owners are judged alive.
    let bootID: String

    /// The append-only migrations of the queue's file.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-offline-queue") { db in
            try db.execute(sql: """
                CREATE TABLE queue_entry (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    protocol TEXT NOT NULL,
                    path TEXT NOT NULL,
                    method TEXT NOT NULL,
                    body BLOB NOT NULL,
                    content_type TEXT,
                    headers TEXT NOT NULL,
                    category TEXT,
                    tag INTEGER,
                    context TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    created_at REAL NOT NULL,
                    idempotency_key TEXT NOT NULL,
                    last_error TEXT
                );
                CREATE INDEX queue_entry_by_category ON queue_entry(category, seq);
                """)
        }
        // When a transient answer lets an entry go again (not_before, wall-clock seconds), the
        // boot it was stored in and the boot clock then (its age without wall-clock jumps), and
        // its size against maxBytes (rows of v1 sized from their columns).
        migrator.registerMigration("v2-transient-bounds-boot-age") { db in
            try db.execute(sql: """
                ALTER TABLE queue_entry ADD COLUMN not_before REAL;
                ALTER TABLE queue_entry ADD COLUMN boot_id TEXT;
                ALTER TABLE queue_entry ADD COLUMN boot_time REAL;
                ALTER TABLE queue_entry ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
                UPDATE queue_entry SET size = LENGTH(CAST(body AS BLOB)) + LENGTH(CAST(path AS BLOB)) + LENGTH(CAST(headers AS BLOB));
                """)
        }
        // A call stored before it is sent (write-ahead) names its sender until it is answered or
        // fails (InFlightOwner's text); NULL for a call waiting to be replayed.
        migrator.registerMigration("v3-write-ahead") { db in
            try db.execute(sql: "ALTER TABLE queue_entry ADD COLUMN in_flight TEXT;")
        }
        // The count and bytes of all entries, kept by triggers (as the response cache's are):
        // checking maxEntries/maxBytes on every store summed the whole table, so filling a
        // queue of n entries cost n² (bench-scale: 135 µs an enqueue at 10^3, 578 at 10^4).
        // A file of an older schema gets its totals from its rows here, once.
        migrator.registerMigration("v4-totals") { db in
            try db.execute(sql: """
                CREATE TABLE queue_totals (
                    id INTEGER PRIMARY KEY CHECK (id = 0),
                    entries INTEGER NOT NULL,
                    bytes INTEGER NOT NULL
                );
                INSERT INTO queue_totals (id, entries, bytes) SELECT 0, COUNT(*), COALESCE(SUM(size), 0) FROM queue_entry;
                CREATE TRIGGER queue_entry_inserted AFTER INSERT ON queue_entry BEGIN
                    UPDATE queue_totals SET entries = entries + 1, bytes = bytes + NEW.size WHERE id = 0;
                END;
                CREATE TRIGGER queue_entry_deleted AFTER DELETE ON queue_entry BEGIN
                    UPDATE queue_totals SET entries = entries - 1, bytes = bytes - OLD.size WHERE id = 0;
                END;
                CREATE TRIGGER queue_entry_resized AFTER UPDATE OF size ON queue_entry BEGIN
                    UPDATE queue_totals SET bytes = bytes - OLD.size + NEW.size WHERE id = 0;
                END;
                """)
        }
        return migrator
    }

    /// Opens (creating and migrating) the queue at `path`, other processes opening it at the
    /// same time waiting on its `OpeningLock`; `bootID` is this boot's (``QueueClock/bootID()``).
    init(path: String, bootID: String) throws(OfflineError) {
        self.path = path
        self.bootID = bootID
        pool = try OfflineDatabase.open(path: path, label: "ProtoHTTPOffline.queue", durability: .full, migrator: Self.migrator)
    }

    /// What a full queue already holds, when it refuses an entry.
    struct Occupancy: Sendable, Equatable {
        var entries: Int
        var bytes: Int
    }

    /// Stores `entry`, unless it would take the queue past `maxEntries` entries or `maxBytes`
    /// bytes (``QueuedCall/storedSize``): then nothing is written and the occupancy that
    /// refused it is returned. The check and the insert are one transaction, so processes
    /// sharing the file cannot overshoot together.
    /// `inFlight`: the entry is a call about to be sent by this owner (write-ahead).
    func insert(_ entry: QueuedCall, maxEntries: Int?, maxBytes: Int?, inFlight: InFlightOwner? = nil) throws(OfflineError) -> Occupancy? {
        let headers = try Self.encode(entry.headers.map { [$0.name.rawName, $0.value] })
        let context = try Self.encode(entry.context)
        return try write("store the call \(entry.path)") { db -> Occupancy? in
            if maxEntries != nil || maxBytes != nil {
                let held = try Self.occupancy(db)
                if let maxEntries, held.entries + 1 > maxEntries { return held }
                if let maxBytes, held.bytes + entry.storedSize > maxBytes { return held }
            }
            try db.execute(sql: """
                INSERT INTO queue_entry (id, protocol, path, method, body, content_type, headers, category, tag, context,
                                         attempts, created_at, idempotency_key, last_error, not_before, boot_id, boot_time, size,
                                         in_flight)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [entry.id, entry.rpcProtocol.rawValue, entry.path, entry.httpMethod.rawValue, Data(entry.body),
                                 entry.contentType, headers, entry.category, entry.tag, context, entry.attempts,
                                 entry.createdAt.timeIntervalSince1970, entry.idempotencyKey, entry.lastError,
                                 entry.notBefore?.timeIntervalSince1970, entry.bootStamp?.bootID, entry.bootStamp?.bootTime,
                                 entry.storedSize, inFlight?.text])
            return nil
        }
    }

    /// The entries of `category` (`nil`: those without one), oldest first.
    func entries(category: String?) throws(OfflineError) -> [QueuedCall] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM queue_entry WHERE category IS ? ORDER BY seq", arguments: [category])
        }.map { row throws(OfflineError) in try entry(row) }
    }

    /// Every entry, oldest first.
    func allEntries() throws(OfflineError) -> [QueuedCall] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM queue_entry ORDER BY seq") }
            .map { row throws(OfflineError) in try entry(row) }
    }

    /// The categories that have entries, the one with the oldest entry first (`nil` for
    /// entries without a category).
    func categories() throws(OfflineError) -> [String?] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT category, MIN(seq) AS first FROM queue_entry GROUP BY category ORDER BY first")
                .map { $0["category"] as String? }
        }
    }

    /// The entry with `id`, or `nil`.
    func entry(id: String) throws(OfflineError) -> QueuedCall? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM queue_entry WHERE id = ?", arguments: [id]) }
            .map { row throws(OfflineError) in try entry(row) }
    }

    /// The number of entries.
    func count() throws(OfflineError) -> Int {
        try occupancy().entries
    }

    /// What the queue holds: its entries and their ``QueuedCall/storedSize`` bytes, from the
    /// totals the triggers keep (no scan of the table).
    func occupancy() throws(OfflineError) -> Occupancy {
        try read { db in try Self.occupancy(db) }
    }

    private static func occupancy(_ db: Database) throws -> Occupancy {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT entries, bytes FROM queue_totals WHERE id = 0"))
        return Occupancy(entries: row?["entries"] ?? 0, bytes: row?["bytes"] ?? 0)
    }

    /// The number of entries of `category`.
    func count(category: String?) throws(OfflineError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queue_entry WHERE category IS ?", arguments: [category]) ?? 0 }
    }

    /// Counts one more attempt of `id`, committed before the send; returns the new count, or
    /// `nil` when the entry is gone. A write-ahead entry whose owner is gone becomes the
    /// replay's own.
    func countAttempt(id: String) throws(OfflineError) -> Int? {
        try write("count an attempt of \(id)") { db in
            try db.execute(sql: "UPDATE queue_entry SET attempts = attempts + 1, in_flight = NULL WHERE id = ?", arguments: [id])
            return try Int.fetchOne(db, sql: "SELECT attempts FROM queue_entry WHERE id = ?", arguments: [id])
        }
    }

    /// Ends the write-ahead of `id`, whose call was answered or failed: `keep` makes it a
    /// stored call waiting for a replay, failed with `message`; otherwise it is removed.
    func endInFlight(id: String, keep: Bool, message: String?) throws(OfflineError) {
        try write(keep ? "keep the failed call \(id)" : "remove the answered call \(id)") { db in
            if keep {
                try db.execute(sql: "UPDATE queue_entry SET in_flight = NULL, last_error = ? WHERE id = ?", arguments: [message, id])
            } else {
                try db.execute(sql: "DELETE FROM queue_entry WHERE id = ?", arguments: [id])
            }
        }
    }

    /// Records why the last attempt of `id` failed.
    func recordFailure(id: String, message: String) throws(OfflineError) {
        try write("record the failure of \(id)") { db in
            try db.execute(sql: "UPDATE queue_entry SET last_error = ? WHERE id = ?", arguments: [message, id])
        }
    }

    /// Records why the last attempt of `id` got a transient answer, and when it may go again.
    func postpone(id: String, message: String, until notBefore: Date) throws(OfflineError) {
        try write("postpone \(id)") { db in
            try db.execute(sql: "UPDATE queue_entry SET last_error = ?, not_before = ? WHERE id = ?",
                           arguments: [message, notBefore.timeIntervalSince1970, id])
        }
    }

    /// Removes the entries with these ids, in one transaction; returns how many there were.
    @discardableResult
    func remove(ids: [String]) throws(OfflineError) -> Int {
        guard !ids.isEmpty else { return 0 }
        return try write("remove \(ids.count) entries") { db in
            var removed = 0
            for id in ids {
                try db.execute(sql: "DELETE FROM queue_entry WHERE id = ?", arguments: [id])
                removed += db.changesCount
            }
            return removed
        }
    }

    // MARK: Rows and transactions

    private func read<T>(_ body: (Database) throws -> T) throws(OfflineError) -> T {
        do { return try pool.read(body) } catch {
            throw OfflineError(.storage, "the offline queue \(path) could not be read (\(error)); check the file's permissions, or remove it to start empty.", underlying: error)
        }
    }

    private func write<T>(_ what: String, _ body: (Database) throws -> T) throws(OfflineError) -> T {
        do { return try pool.write(body) } catch {
            throw OfflineError(.storage, "the offline queue \(path) could not \(what) (\(error)); check that the disk is not full and the file is writable.", underlying: error)
        }
    }

    private static func encode<T: Encodable>(_ value: T) throws(OfflineError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            throw OfflineError(.queue, "a queued call's \(T.self) could not be written as JSON (\(error)).", underlying: error)
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String, id: String) throws(OfflineError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw OfflineError(.storage, "the queued call \(id) has an unreadable \(T.self) column (\(error)); remove it with OfflineQueue.remove(id:).", underlying: error)
        }
    }

    /// The stored `[name, value]` pairs as fields, in order. A pair whose name is no valid
    /// `HTTPField.Name` (only rows stored before headers were `HTTPFields` can hold one; the
    /// transport refused such names then too) is left out, so the rest of the call replays.
    private static func fields(_ pairs: [[String]], id: String) -> HTTPFields {
        HTTPFields(pairs.compactMap { pair in
            guard pair.count == 2, let name = HTTPField.Name(pair[0]) else { return nil }
            return HTTPField(name: name, value: pair[1])
        })
    }

    private func entry(_ row: Row) throws(OfflineError) -> QueuedCall {
        var entry = try Self.entry(row)
        entry.isInFlight = InFlightOwner(text: row["in_flight"])?.isAlive(currentBoot: bootID) ?? false
        return entry
    }

    private static func entry(_ row: Row) throws(OfflineError) -> QueuedCall {
        let id: String = row["id"]
        let headerPairs = try decode([[String]].self, row["headers"], id: id)
        let body: Data = row["body"] ?? Data()
        let protocolName: String = row["protocol"]
        guard let rpcProtocol = RPCProtocol(rawValue: protocolName) else {
            throw OfflineError(.storage, "the queued call \(id) names the wire protocol \"\(protocolName)\", which is not connect, twirp or plain; remove it with OfflineQueue.remove(id:).")
        }
        var entry = QueuedCall(
            id: id, rpcProtocol: rpcProtocol, path: row["path"], httpMethod: HTTPMethod(rawValue: row["method"]),
            body: [UInt8](body), contentType: row["content_type"],
            headers: Self.fields(headerPairs, id: id),
            category: row["category"], tag: row["tag"], context: try decode([String: QueueContextValue].self, row["context"], id: id),
            attempts: row["attempts"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
            idempotencyKey: row["idempotency_key"], lastError: row["last_error"],
            notBefore: (row["not_before"] as Double?).map(Date.init(timeIntervalSince1970:))
        )
        if let bootID: String = row["boot_id"], let bootTime: Double = row["boot_time"] {
            entry.bootStamp = BootStamp(bootID: bootID, bootTime: bootTime)
        }
        return entry
    }
}
