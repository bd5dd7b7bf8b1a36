// SQLiteIdempotencySchema.swift: the idempotency store's table, its migrations, and how its file is opened.
import GRDB
import ProtoHTTPCore

/// The table of ``SQLiteIdempotencyStore``: one row per method and key, with the request's
/// fingerprint, the answer once the call succeeded (`NULL` while it runs), the store instance
/// that owns a running call, and wall-clock times (seconds since 1970) that survive a restart.
/// Migrations are append-only: a shipped one is never edited.
enum SQLiteIdempotencySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-idempotency-keys") { db in
            try db.execute(sql: """
                CREATE TABLE idempotency_key (
                    method TEXT NOT NULL,
                    key TEXT NOT NULL,
                    fingerprint BLOB NOT NULL,
                    answer BLOB,
                    owner TEXT NOT NULL,
                    claimed_at REAL NOT NULL,
                    expires_at REAL,
                    PRIMARY KEY (method, key)
                ) WITHOUT ROWID;
                CREATE INDEX idempotency_key_by_expiry ON idempotency_key(expires_at) WHERE expires_at IS NOT NULL;
                """)
        }
        return migrator
    }

    /// Opens (creating if needed) the database at `path` in WAL mode with `synchronous=FULL`
    /// (a kept answer survives a crash of the process and of the machine), waiting up to 10 s
    /// for another process's write, and migrates it.
    static func open(path: String) throws(ProtoHTTPError) -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "ProtoHTTPServerSQLite.idempotency"
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try migrator.migrate(pool)
            return pool
        } catch {
            throw ProtoHTTPError(code: .unavailable, message: "the idempotency database \(path) could not be opened or migrated (\(error)); check that its folder exists and is writable, or delete the file to start empty.")
        }
    }
}
