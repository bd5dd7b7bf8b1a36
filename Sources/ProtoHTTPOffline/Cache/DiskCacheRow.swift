// DiskCacheRow.swift: the disk cache's SQL, one function per statement: read, upsert, delete, record accesses, evict.
import Foundation
import GRDB

/// The statements of ``DiskResponseCache`` on its tables (``DiskResponseCacheSchema``), each
/// prepared once per connection (GRDB's statement cache).
enum DiskCacheRow {
    /// What a read found.
    enum Read {
        case missing
        /// A row whose headers blob does not decode.
        case damaged
        case found(CachedResponse)
    }

    /// The entry under `key`. The body is copied once, straight out of SQLite's row buffer.
    static func read(_ key: String, in db: Database) throws -> Read {
        let statement = try db.cachedStatement(sql: "SELECT status, headers, body, storedAt, version FROM response_cache WHERE key = ?")
        let rows = try Row.fetchCursor(statement, arguments: [key])
        guard let row = try rows.next() else { return .missing }
        let headers = try row.withUnsafeData(atIndex: 1) { data in CachedHeaderCoding.decode(data ?? Data()) }
        guard let headers else { return .damaged }
        let body = try row.withUnsafeData(atIndex: 2) { data in data.map { [UInt8]($0) } ?? [] }
        // Decoded with `decode` (it throws), never a subscript (it traps): the file comes from outside.
        return .found(CachedResponse(status: try row.decode(Int.self, atIndex: 0), headers: headers, body: body,
                                     storedAt: try row.decode(Double.self, atIndex: 3), version: try row.decode(Int.self, atIndex: 4)))
    }

    /// Inserts or replaces the entry under `key`. An upsert, so the totals triggers see an
    /// insert or an update, never a hidden delete.
    static func upsert(_ response: CachedResponse, key: String, byteCount: Int, access: Int64, in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO response_cache (key, status, storedAt, version, byteCount, headers, body)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET status = excluded.status, storedAt = excluded.storedAt, version = excluded.version,
                byteCount = excluded.byteCount, headers = excluded.headers, body = excluded.body
            """)
        try statement.execute(arguments: [key, response.status, response.storedAt, response.version, byteCount,
                                          Data(CachedHeaderCoding.encode(response.headers)), Data(response.body)])
        try db.cachedStatement(sql: """
            INSERT INTO response_cache_access (key, lastAccess) VALUES (?, ?)
            ON CONFLICT(key) DO UPDATE SET lastAccess = max(lastAccess, excluded.lastAccess)
            """).execute(arguments: [key, access])
    }

    /// Removes the entry under `key`, if any.
    static func delete(_ key: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM response_cache WHERE key = ?").execute(arguments: [key])
    }

    /// Moves each key's `lastAccess` forward to its noted clock value (never back).
    static func recordAccesses(_ accesses: [String: Int64], in db: Database) throws {
        guard !accesses.isEmpty else { return }
        let statement = try db.cachedStatement(sql: "UPDATE response_cache_access SET lastAccess = max(lastAccess, ?) WHERE key = ?")
        for (key, access) in accesses {
            try statement.execute(arguments: [access, key])
        }
    }

    /// Deletes the least recently accessed entries (never `kept`) until the total cost is at
    /// most `maxBytes`; returns how many it deleted. Reads the total from the triggers' row,
    /// and walks the access order only as far as it must.
    static func evict(toFit maxBytes: Int, keeping kept: String, in db: Database) throws -> Int {
        var excess = (try Int.fetchOne(db.cachedStatement(sql: "SELECT bytes FROM response_cache_totals WHERE id = 0")) ?? 0) - maxBytes
        guard excess > 0 else { return 0 }
        var victims: [String] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT access.key, entry.byteCount FROM response_cache_access AS access
            JOIN response_cache AS entry ON entry.key = access.key
            ORDER BY access.lastAccess, access.key
            """))
        while excess > 0, let row = try rows.next() {
            let key = try row.decode(String.self, atIndex: 0)
            guard key != kept else { continue }
            victims.append(key)
            excess -= try row.decode(Int.self, atIndex: 1)
        }
        for key in victims { try delete(key, in: db) }
        return victims.count
    }
}
