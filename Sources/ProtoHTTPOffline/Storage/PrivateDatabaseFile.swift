// PrivateDatabaseFile.swift: a database file readable by its owner only, made so before SQLite opens it, so its -wal and -shm files are too.
#if canImport(Glibc)
import Glibc
#endif

/// Makes a database file, and the `-wal` and `-shm` files beside it, mode 0600 before SQLite
/// opens them: queued calls and cached answers are the user's data.
///
/// SQLite creates a database's `-wal` and `-shm` files with the database file's own mode, so
/// creating the database file 0600 first (with `O_NOFOLLOW`: a symlink planted at its path is
/// refused, never followed) covers all three. A file left 0644 by an older version is
/// tightened the same way.
enum PrivateDatabaseFile {
    /// The mode every file of a database gets.
    static let mode: mode_t = 0o600

    /// Creates `path` 0600 when missing, and makes it and its `-wal` and `-shm` files 0600.
    static func prepare(_ path: String) throws(OfflineError) {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else {
            let code = errno
            let hint = code == ELOOP
                ? "it is a symbolic link, which the offline layer never follows; remove it, or point OfflineStorageLocation at the real folder"
                : "check that the folder is writable"
            throw OfflineError(.storage, "the database \(path) could not be created or opened (\(String(cString: strerror(code)))); \(hint).")
        }
        defer { close(fd) }
        try restrict(fd, path)
        for suffix in ["-wal", "-shm"] {
            let sidecar = open(path + suffix, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            guard sidecar >= 0 else { continue }   // not there yet: SQLite will create it 0600
            defer { close(sidecar) }
            try restrict(sidecar, path + suffix)
        }
    }

    private static func restrict(_ fd: Int32, _ path: String) throws(OfflineError) {
        guard fchmod(fd, mode) == 0 else {
            throw OfflineError(.storage, "the permissions of \(path) could not be set to 0600 (\(String(cString: strerror(errno)))); check that this user owns the file.")
        }
    }
}
