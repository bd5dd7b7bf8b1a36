// DiskCacheFile.swift: opening the response cache's SQLite file, and starting anew when SQLite says it is damaged.
import Foundation
import GRDB

/// Opens `response-cache.sqlite` through `OfflineDatabase` (WAL, `synchronous=NORMAL`,
/// ``DiskResponseCacheSchema/migrator``). When that fails and SQLite itself says the file is
/// not a database or is corrupt, the failure is reported, the file (with its `-wal` and
/// `-shm`) deleted and opened again, empty: a cache holds nothing the server cannot resend.
/// Any other failure (a read-only folder) is thrown.
enum DiskCacheFile {
    static func open(path: String, onError: DiskResponseCache.ErrorHandler?) throws(OfflineError) -> DatabasePool {
        do {
            return try OfflineDatabase.open(path: path, label: "ProtoHTTPOffline.ResponseCache", durability: .normal,
                                            migrator: DiskResponseCacheSchema.migrator)
        } catch {
            guard let damage = damage(at: path) else { throw error }
            onError?(OfflineError(.storage, "the response cache \(path) was damaged (\(damage)); it was deleted and the cache starts empty.", underlying: error))
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            return try OfflineDatabase.open(path: path, label: "ProtoHTTPOffline.ResponseCache", durability: .normal,
                                            migrator: DiskResponseCacheSchema.migrator)
        }
    }

    /// What SQLite says is wrong with the file at `path`, or `nil` when it does not say it is
    /// damaged (it is missing, unreadable, or fine).
    static func damage(at path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let verdict = try queue.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check(1)") }
            return verdict == "ok" ? nil : "quick_check: \(verdict ?? "no answer")"
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            return "\(error.resultCode): \(error.message ?? "no message")"
        } catch {
            return nil
        }
    }
}
