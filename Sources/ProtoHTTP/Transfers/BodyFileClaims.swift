// BodyFileClaims.swift: the files this process's transfers are writing now, by device and inode.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The files this process's transfers are writing, so that a second transfer into one of them
/// fails at once instead of interleaving with the first.
///
/// Between processes a POSIX record lock (`fcntl(F_SETLK)`) keeps writers apart
/// (``FileBodySink``), but such locks never conflict inside one process, hence this table.
/// `flock` would do both, but a child process inherits the locked descriptor between its
/// `fork` and its `exec` (`posix_spawn`, Foundation's `Process`): a download started the moment
/// the one before it was cancelled then found the file still locked while any child was being
/// spawned. Record locks are not inherited, and this table is the process's own.
final class BodyFileClaims: Sendable {
    /// A file, whatever path names it.
    struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The table every transport of the process shares.
    static let process = BodyFileClaims()

    private let claimed = Mutex<Set<FileIdentity>>([])

    /// Whether a transfer of this process holds the file at `path` (`false` when there is no file).
    func isClaimed(path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let identity = FileIdentity(info)
        return claimed.withLock { $0.contains(identity) }
    }

    /// Claims the file; `false` when a transfer of this process already holds it.
    func claim(_ file: FileIdentity) -> Bool {
        claimed.withLock { $0.insert(file).inserted }
    }

    /// Gives a claimed file back.
    func release(_ file: FileIdentity) {
        _ = claimed.withLock { $0.remove(file) }
    }
}
