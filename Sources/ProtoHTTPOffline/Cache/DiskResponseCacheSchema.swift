// DiskResponseCacheSchema.swift: the response cache's SQLite schema and its migrations (append-only).
import GRDB

/// The tables of `response-cache.sqlite`, brought up to date by ``migrator``.
///
/// `v1-response-cache`:
///
/// ```
///  response_cache         one row per entry; small columns first, the blobs last
///    key        TEXT PRIMARY KEY   the ResponseCacheKey digest (64 hex digits)
///    status     INTEGER            the HTTP status (2xx)
///    storedAt   REAL               stored or last revalidated, seconds since 1970
///    version    INTEGER            the CacheOptions version it was stored under
///    byteCount  INTEGER            CachedResponse.byteCount, what the size cap counts
///    headers    BLOB               the kept headers (CachedHeaderCoding)
///    body       BLOB               the body, decompressed
///
///  response_cache_access  one narrow row per entry (WITHOUT ROWID)
///    key        TEXT PRIMARY KEY   the entry's key
///    lastAccess INTEGER (indexed)  a logical clock: higher = used more recently
///
///  response_cache_totals  one row (id 0): entries and bytes, kept by triggers, so the size
///                         cap is checked without scanning the table
/// ```
///
/// `lastAccess` has its own narrow table because SQLite rewrites a whole row on any
/// `UPDATE`: recording that a 64 KiB entry was read would rewrite its 64 KiB body (measured
/// with cache-bench: a 64 KiB disk hit cost twice as much with the column in
/// `response_cache`). A trigger removes the access row with its entry. Stores use an upsert
/// (`ON CONFLICT DO UPDATE`), never `INSERT OR REPLACE`, whose implicit delete would bypass
/// the delete trigger.
enum DiskResponseCacheSchema {
    /// The migrations, in order. Never edit a shipped one: append `v2-…`.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-response-cache") { db in
            try db.execute(sql: """
                CREATE TABLE response_cache (
                    key TEXT PRIMARY KEY NOT NULL,
                    status INTEGER NOT NULL,
                    storedAt REAL NOT NULL,
                    version INTEGER NOT NULL,
                    byteCount INTEGER NOT NULL,
                    headers BLOB NOT NULL,
                    body BLOB NOT NULL
                );
                CREATE TABLE response_cache_access (
                    key TEXT PRIMARY KEY NOT NULL,
                    lastAccess INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX response_cache_access_by_time ON response_cache_access(lastAccess);
                CREATE TABLE response_cache_totals (
                    id INTEGER PRIMARY KEY CHECK (id = 0),
                    entries INTEGER NOT NULL,
                    bytes INTEGER NOT NULL
                );
                INSERT INTO response_cache_totals (id, entries, bytes) VALUES (0, 0, 0);
                CREATE TRIGGER response_cache_inserted AFTER INSERT ON response_cache BEGIN
                    UPDATE response_cache_totals SET entries = entries + 1, bytes = bytes + NEW.byteCount WHERE id = 0;
                END;
                CREATE TRIGGER response_cache_deleted AFTER DELETE ON response_cache BEGIN
                    UPDATE response_cache_totals SET entries = entries - 1, bytes = bytes - OLD.byteCount WHERE id = 0;
                    DELETE FROM response_cache_access WHERE key = OLD.key;
                END;
                CREATE TRIGGER response_cache_resized AFTER UPDATE OF byteCount ON response_cache BEGIN
                    UPDATE response_cache_totals SET bytes = bytes - OLD.byteCount + NEW.byteCount WHERE id = 0;
                END;
                """)
        }
        return migrator
    }
}
