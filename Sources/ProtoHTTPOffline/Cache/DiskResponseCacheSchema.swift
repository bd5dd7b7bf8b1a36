// DiskResponseCacheSchema.swift: the response cache's SQLite schema and its migrations (append-only).
import GRDB

/// The tables of `response-cache.sqlite`, brought up to date by ``migrator``.
///
/// `v1-response-cache`:
///
/// ```
///  response_cache         one row per entry
///    key        TEXT PRIMARY KEY   the ResponseCacheKey digest (64 hex digits)
///    status     INTEGER            the HTTP status (2xx)
///    headers    BLOB               the kept headers (CachedHeaderCoding)
///    body       BLOB               the body, decompressed
///    storedAt   REAL               stored or last revalidated, seconds since 1970
///    version    INTEGER            the CacheOptions version it was stored under
///    byteCount  INTEGER            CachedResponse.byteCount, what the size cap counts
///    lastAccess INTEGER            a logical clock: higher = used more recently (indexed)
///
///  response_cache_totals  one row (id 0): entries and bytes, kept by triggers, so the size
///                         cap is checked without scanning the table
/// ```
///
/// Stores use an upsert (`ON CONFLICT DO UPDATE`), never `INSERT OR REPLACE`, whose implicit
/// delete would bypass the delete trigger.
enum DiskResponseCacheSchema {
    static let table = "response_cache"

    /// The migrations, in order. Never edit a shipped one: append `v2-…`.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-response-cache") { db in
            try db.execute(sql: """
                CREATE TABLE response_cache (
                    key TEXT PRIMARY KEY NOT NULL,
                    status INTEGER NOT NULL,
                    headers BLOB NOT NULL,
                    body BLOB NOT NULL,
                    storedAt REAL NOT NULL,
                    version INTEGER NOT NULL,
                    byteCount INTEGER NOT NULL,
                    lastAccess INTEGER NOT NULL
                );
                CREATE INDEX response_cache_by_last_access ON response_cache(lastAccess);
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
                END;
                CREATE TRIGGER response_cache_resized AFTER UPDATE OF byteCount ON response_cache BEGIN
                    UPDATE response_cache_totals SET bytes = bytes - OLD.byteCount + NEW.byteCount WHERE id = 0;
                END;
                """)
        }
        return migrator
    }
}
