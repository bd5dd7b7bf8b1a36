// FileBodySink.swift: the open file a response body streams into, on the engine thread.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProtoHTTPCore
import HTTPTypes

/// Writes one transfer's response body into its ``ResponseBodyFile``. Confined to the engine
/// thread, inside libcurl's write callback: it holds one file descriptor and no body bytes.
///
/// ```
///  first body byte (or the end, for an empty body)
///    └─ decide(status, headers) ─► memory: not ours, the body stays in memory
///                                 write(offset): open, lock, check, truncate to offset, seek ─► write chunks
///                                 fail(error): record the error, abort the transfer
///  transfer done ─► finish() ─► WrittenBodyFile      cleanup ─► close()  (the partial file stays)
/// ```
final class FileBodySink {
    let file: ResponseBodyFile
    let limit: Int64
    let url: String
    /// `nil` until the first body byte (or the end) decides.
    private(set) var decision: BodyFileDecision?
    /// Why the sink stopped the transfer, if it did.
    private(set) var error: ProtoHTTPError?
    private var fd: Int32 = -1
    /// This process's claim on the open file (``BodyFileClaims``), while it is open.
    private var claim: BodyFileClaims.FileIdentity?
    /// Where the body started in the file and how far it has come.
    private var offset: Int64 = 0
    private var written: Int64 = 0

    init(file: ResponseBodyFile, limit: Int64, url: String) {
        self.file = file
        self.limit = limit
        self.url = url
    }

    deinit { close() }

    /// Whether the response is the file's (written to it, or confirming it complete), not
    /// memory's, and nothing failed.
    var ownsBody: Bool {
        switch decision {
        case .write, .complete: error == nil
        default: false
        }
    }

    /// The bytes in the file before this body (the resume offset when continuing, else 0).
    var base: Int64 { ownsBody ? offset : 0 }

    /// Whether the body is dropped rather than written (a 416's error page): its bytes are
    /// not file content, and progress does not count them.
    var discardsBody: Bool {
        if case .complete = decision { return true }
        return false
    }

    /// Decides once, from the response's status and headers; opens the file when it is to be
    /// written. Returns the decision (after a failure, `.fail`, and ``error`` is set).
    @discardableResult
    func decide(status: Int, headers: HTTPFields) -> BodyFileDecision {
        if let decision { return decision }
        var decision = BodyFileDecision.decide(status: status, headers: headers, file: file, limit: limit)
        switch decision {
        case .write(let from):
            if let failure = open(at: from) {
                decision = .fail(failure)
            } else {
                offset = from
                writeResumeRecord(from: from, headers: headers)
            }
        case .complete(let size):
            offset = size
        case .fail:
            // A 206 that does not continue the file: the next download must start over.
            if let record = file.resumeRecordPath { unlink(record) }
        case .memory:
            break
        }
        if case .fail(let failure) = decision { error = failure }
        self.decision = decision
        return decision
    }

    /// Writes a chunk of the body; `false` (abort the transfer, ``error`` set) when it would
    /// pass the size limit or the write fails.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if case .complete = decision { return true }  // a 416's error page: not file content
        guard fd >= 0 else { return false }
        if offset + written + Int64(bytes.count) > limit {
            error = BodyFileDecision.tooLarge(file, declared: offset + written + Int64(bytes.count), limit: limit)
            return false
        }
        guard let base = bytes.baseAddress else { return true }  // an empty chunk
        var done = 0
        while done < bytes.count {
            let result = Glibc.write(fd, base + done, bytes.count - done)
            if result < 0 {
                if errno == EINTR { continue }
                error = .file("write to", file.path, errno: errno)
                return false
            }
            done += result
        }
        written += Int64(bytes.count)
        return true
    }

    /// After a successful transfer: closes the file and says what was written; `nil` when the
    /// body did not go to the file. An empty 2xx body is decided here (the file is created).
    func finish(status: Int, headers: HTTPFields) -> WrittenBodyFile? {
        if decision == nil { decide(status: status, headers: headers) }
        guard ownsBody else { return nil }
        close()
        return WrittenBodyFile(path: file.path, size: offset + written, resumedFrom: offset)
    }

    /// Closes the file if open and gives up the claim on it; what was written stays (a
    /// cancelled download resumes from it).
    func close() {
        if fd >= 0 {
            Glibc.close(fd)  // drops the record lock
            fd = -1
        }
        if let claim {
            BodyFileClaims.process.release(claim)
            self.claim = nil
        }
    }

    /// Opens the file for writing at `from`: created if missing; when continuing, it must
    /// hold at least `from` bytes. Truncates to `from`. Returns the error, if any.
    ///
    /// Held while the body is written, so a second transfer into the same file fails instead
    /// of interleaving with the first: the process's claim on the file (``BodyFileClaims``)
    /// and a record lock on it, which other processes see.
    private func open(at from: Int64) -> ProtoHTTPError? {
        let busy = ProtoHTTPError(code: .aborted, message: "another transfer is writing \(file.path) right now; two downloads to one destination at once are not supported. Wait for the other to finish or cancel it.")
        // Asked before opening: closing any descriptor of a file drops every record lock the
        // process holds on it, the writing transfer's included.
        if BodyFileClaims.process.isClaimed(path: file.path) { return busy }
        // 0600, and never through a symlink: one planted at the partial file's path in a shared
        // folder must not redirect the write to a file of the attacker's choosing.
        let descriptor = Glibc.open(file.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP {
                return ProtoHTTPError(code: .failedPrecondition, message: "\(file.path) is a symbolic link; downloads never write through one. Remove it, or choose a destination that is not a link.")
            }
            return .file("create", file.path, errno: code)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = ProtoHTTPError.file("inspect", file.path, errno: errno)
            Glibc.close(descriptor)
            return failure
        }
        let identity = BodyFileClaims.FileIdentity(info)
        guard BodyFileClaims.process.claim(identity) else {
            // Two transports of this process created the file at the same instant (the check
            // above saw none). Closing drops the other's record lock; its claim still holds.
            Glibc.close(descriptor)
            return busy
        }
        fd = descriptor
        claim = identity
        var lock = Glibc.flock(l_type: Int16(F_WRLCK), l_whence: Int16(SEEK_SET), l_start: 0, l_len: 0, l_pid: 0)
        guard fcntl(descriptor, F_SETLK, &lock) == 0 else {
            let code = errno
            close()
            guard code == EAGAIN || code == EACCES else { return .file("lock", file.path, errno: code) }
            return ProtoHTTPError(code: .aborted, message: "another process is writing \(file.path) right now (it holds a lock on the file); two downloads to one destination at once are not supported. Wait for it to finish, or choose another destination.")
        }
        guard Int64(info.st_size) >= from else {
            close()
            return ProtoHTTPError(code: .failedPrecondition, message: "the partial file \(file.path) holds \(info.st_size) bytes, fewer than the \(from) the download continues from; it changed meanwhile. Delete it and download again.")
        }
        guard ftruncate(descriptor, off_t(from)) == 0, lseek(descriptor, off_t(from), SEEK_SET) == off_t(from) else {
            let failure = ProtoHTTPError.file("truncate", file.path, errno: errno)
            close()
            return failure
        }
        return nil
    }

    /// Starting afresh: records the response's validator beside the file (or removes a stale
    /// record when there is none), before any body byte is written.
    private func writeResumeRecord(from: Int64, headers: HTTPFields) {
        guard from == 0, let path = file.resumeRecordPath else { return }
        if let record = ResumeRecord(url: url, headers: headers) {
            record.write(to: path)
        } else {
            unlink(path)
        }
    }
}
