// CurlFileBody.swift: a file sent as a transfer's whole request body, read by libcurl while it sends, confined to the engine thread.
import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProtoHTTPCore

/// The open file of one transfer whose body is ``TransportRequest/uploadFile``.
///
/// The file is opened when the transfer is configured and handed to libcurl as a `FILE *`:
/// with no read callback set, libcurl reads it with `fread` in buffer-sized pieces, and rewinds
/// it with `fseek` when it must send the body again (a 307 or 308 it follows, an HTTP/2 stream
/// the server refused). Its size, taken from the open file, is the `Content-Length`.
///
/// Owned by the ``CurlTransfer``; ``close()`` runs after the easy handle has been reset or freed.
final class CurlFileBody {
    private var file: UnsafeMutablePointer<FILE>?
    /// The file's size when it was opened.
    let size: Int64

    /// Opens `path` for reading.
    ///
    /// - Throws: `invalid_argument` when the file does not exist, cannot be read, or is not a
    ///   regular file (a directory, a device, a pipe: nothing with a size to announce).
    init(path: String) throws(ProtoHTTPError) {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.unreadable(path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw Self.unreadable(path, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(descriptor)
            throw ProtoHTTPError(code: .invalidArgument, message: "cannot upload \(path): not a regular file; name a file, not a directory, device or pipe.")
        }
        guard let stream = fdopen(descriptor, "rb") else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw Self.unreadable(path, reason: reason)
        }
        file = stream
        size = Int64(info.st_size)
    }

    deinit { close() }

    /// The `FILE *` libcurl reads (`CURLOPT_READDATA`).
    var stream: UnsafeMutableRawPointer? { file.map { UnsafeMutableRawPointer($0) } }

    /// Closes the file. Idempotent.
    func close() {
        if let file { fclose(file) }
        file = nil
    }

    private static func unreadable(_ path: String, reason: String) -> ProtoHTTPError {
        ProtoHTTPError(code: .invalidArgument, message: "cannot upload \(path): \(reason); check the path and its permissions.")
    }
}
