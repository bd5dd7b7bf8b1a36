// OfflineDatabase.swift: opening one of ProtoHTTPOffline's SQLite files: WAL, a busy timeout, versioned migrations.
import GRDB

/// How ProtoHTTPOffline opens its SQLite files through GRDB: the files made 0600
/// (``PrivateDatabaseFile``), a `DatabasePool` in WAL mode
/// (readers never wait for the writer), a busy timeout so two processes on one file wait
/// instead of failing, and the schema brought up to date by a `DatabaseMigrator` whose
/// migrations are append-only (each named `v1-…`, `v2-…`; never edit a shipped one). Opening
/// and migrating hold the file's ``OpeningLock``, so processes opening a new file at the same
/// moment wait for each other instead of failing.
enum OfflineDatabase {
    /// How much a commit is made durable.
    enum Durability: Sendable {
        /// `synchronous=FULL`: a commit survives a crash of the process and of the machine.
        /// For the offline queue, whose rows are requests a user made.
        case full
        /// `synchronous=NORMAL`: in WAL mode a commit survives a crash of the process; a power
        /// loss may undo the last ones. For the cache, whose rows can be fetched again.
        case normal
    }

    /// Opens (creating if needed) the database at `path` and migrates it.
    static func open(path: String, label: String, durability: Durability, migrator: DatabaseMigrator) throws(OfflineError) -> DatabasePool {
        var configuration = Configuration()
        configuration.label = label
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        let synchronous = durability == .full ? "FULL" : "NORMAL"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        return try OpeningLock.around(path) { () throws(OfflineError) in
            try PrivateDatabaseFile.prepare(path)
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try migrator.migrate(pool)
                return pool
            } catch {
                throw OfflineError(.storage, "the database \(path) could not be opened or migrated (\(error)); check that its folder is writable, or delete the file to start empty.", underlying: error)
            }
        }
    }
}
