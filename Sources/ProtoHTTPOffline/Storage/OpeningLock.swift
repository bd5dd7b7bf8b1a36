// OpeningLock.swift: an exclusive file lock held while a database is opened and migrated, so processes opening a new file at once wait for each other.
#if canImport(Glibc)
import Glibc
#endif

/// Serializes the opening of one database file across processes with `flock(2)` on
/// `<file>.lock` next to it.
///
/// Two processes opening a file that does not exist yet would otherwise race: one gets
/// `SQLITE_BUSY` from `PRAGMA journal_mode = WAL` (SQLite's busy timeout does not cover the
/// journal-mode switch), or both run the first migration and one fails with "table already
/// exists". The lock is held only while opening and migrating; the kernel releases it if the
/// process dies, so a `kill -9` never leaves it taken.
enum OpeningLock {
    /// Runs `body` while holding the lock of `path`.
    static func around<T>(_ path: String, _ body: () throws(OfflineError) -> T) throws(OfflineError) -> T {
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw OfflineError(.storage, "the lock file \(lockPath) could not be opened (\(String(cString: strerror(errno)))); check that the folder is writable.")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw OfflineError(.storage, "the lock file \(lockPath) could not be locked (\(String(cString: strerror(errno)))); check that the file system supports flock.")
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
