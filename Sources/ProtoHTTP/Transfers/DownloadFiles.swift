// DownloadFiles.swift: a download's file steps: before each attempt (resume state, Range), after success (sync, verify, rename).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProtoHTTPCore
import HTTPTypes

/// The file-system side of a download, on the manager's work queue or the caller's thread,
/// never on the transport thread:
///
/// ```
///  each attempt:  folder exists? ─► partial + record for this URL? ─► Range: bytes=N- / If-Range: validator
///                                                                     else from 0, stale record removed
///                 request.bodyFile = <dest>.partial from N (record written when the body starts afresh)
///  success:       fsync partial ─► SHA-256 check ─► rename to <dest> ─► fsync folder ─► remove record
/// ```
enum DownloadFiles {
    /// Prepares one attempt's request: the body file, and the range to continue from.
    static func prepare(_ request: inout TransportRequest, for destination: DownloadDestination) throws(ProtoHTTPError) {
        try checkFolder(of: destination.path)
        var offset: Int64 = 0
        var record: ResumeRecord?
        if destination.resume, let stored = ResumeRecord.read(from: destination.resumeRecordPath), stored.url == request.url {
            var info = stat()
            if stat(destination.partialPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
                offset = Int64(info.st_size)
                record = stored
            }
        }
        if record == nil { unlink(destination.resumeRecordPath) }  // stale: another URL, or no partial
        request.headers.removeAll { $0.name == .range || $0.name == .ifRange }
        if let record {
            request.headers.append(HTTPField(name: .range, value: "bytes=\(offset)-"))
            request.headers.append(HTTPField(name: .ifRange, value: record.validator))
        }
        var file = ResponseBodyFile(path: destination.partialPath, resumeOffset: offset, maxSize: destination.maxSize)
        file.resumeRecordPath = destination.resumeRecordPath
        request.bodyFile = file
    }

    /// Completes a download whose body is all in the partial file: sync, verify, put in place.
    static func finish(_ written: WrittenBodyFile, destination: DownloadDestination, metadata: ResponseMetadata) throws(ProtoHTTPError) -> DownloadResult {
        let partial = written.path
        try sync(partial)
        var digest: String?
        if destination.sha256 != nil || destination.computeSHA256 {
            digest = try SHA256Digest.hex(ofFileAt: partial)
        }
        if let expected = destination.sha256, expected.lowercased() != digest {
            unlink(partial)
            unlink(destination.resumeRecordPath)
            throw ProtoHTTPError(
                code: .dataLoss,
                message: "the download to \(destination.path) has SHA-256 \(digest ?? "?"), not the expected \(expected.lowercased()); it was not put in place, and its partial file was removed so the next download starts over. Check the expected digest and the server's file."
            )
        }
        guard rename(partial, destination.path) == 0 else {
            throw .file("move the completed download \(partial) to", destination.path, errno: errno)
        }
        syncFolder(of: destination.path)
        unlink(destination.resumeRecordPath)
        return DownloadResult(path: destination.path, bytes: written.size, resumedFrom: written.resumedFrom, sha256: digest, metadata: metadata)
    }

    /// Fails unless the folder `path` goes in exists and is a folder.
    static func checkFolder(of path: String) throws(ProtoHTTPError) {
        let folder = folder(of: path)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            let code = errno
            throw ProtoHTTPError(
                code: .failedPrecondition,
                message: "cannot download to \(path): its folder \(folder) is not usable: \(String(cString: strerror(code))) (errno \(code)); create the folder first."
            )
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ProtoHTTPError(code: .failedPrecondition, message: "cannot download to \(path): \(folder) is not a folder.")
        }
    }

    /// The folder part of `path` (`.` for a bare name, `/` for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Flushes the file at `path` to disk.
    private static func sync(_ path: String) throws(ProtoHTTPError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .file("open", path, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .file("sync", path, errno: errno) }
    }

    /// Flushes the folder entry of a rename. Best effort: the file is already in place, and
    /// some file systems refuse to sync a folder.
    private static func syncFolder(of path: String) {
        let fd = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
