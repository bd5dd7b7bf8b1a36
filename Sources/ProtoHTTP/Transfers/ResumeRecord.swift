// ResumeRecord.swift: the small file beside a partial download: its URL and validator (ETag, else Last-Modified).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProtoHTTPCore
import HTTPTypes

/// What a later `download` needs to continue a partial file safely: the URL it came from and
/// the validator the server gave it, sent back as `If-Range`. Stored as a few text lines in
/// `<destination>.partial.meta`:
///
/// ```
/// protohttp-resume 1
/// url http://host/files/big.bin
/// validator "5f3c-10000000"
/// ```
///
/// The validator is the strong `ETag`, else `Last-Modified` (RFC 9110 §13.1.5 forbids weak
/// ETags in `If-Range`). A response with neither gets no record, and its partial file is
/// never continued.
struct ResumeRecord: Equatable, Sendable {
    /// The URL the partial file was downloaded from.
    var url: String
    /// The `If-Range` value: a strong ETag or an HTTP date.
    var validator: String

    init(url: String, validator: String) {
        self.url = url
        self.validator = validator
    }

    /// The record for a response's headers; `nil` when it has no usable validator.
    init?(url: String, headers: HTTPFields) {
        if let etag = headers.firstValue(.eTag).map({ String($0.trimmingSpaces) }), etag.hasPrefix("\""), etag.count >= 2 {
            self.init(url: url, validator: etag)
        } else if let modified = headers.firstValue(.lastModified).map({ String($0.trimmingSpaces) }), !modified.isEmpty {
            self.init(url: url, validator: modified)
        } else {
            return nil
        }
    }

    /// The record's text.
    var text: String { "protohttp-resume 1\nurl \(url)\nvalidator \(validator)\n" }

    /// Parses a record's text; `nil` for anything else.
    init?(text: String) {
        var url: String?
        var validator: String?
        let lines = text.split(separator: "\n")
        guard lines.first == "protohttp-resume 1" else { return nil }
        for line in lines.dropFirst() {
            if line.hasPrefix("url ") { url = String(line.dropFirst(4)) }
            if line.hasPrefix("validator ") { validator = String(line.dropFirst(10)) }
        }
        guard let url, let validator, !url.isEmpty, !validator.isEmpty,
              !validator.utf8.contains(where: { $0 < 32 && $0 != 9 }) else { return nil }
        self.init(url: url, validator: validator)
    }

    /// Reads the record at `path`; `nil` when it is missing or unreadable.
    static func read(from path: String) -> ResumeRecord? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 16 << 10)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0, count < bytes.count else { return nil }
        return ResumeRecord(text: String(decoding: bytes[..<count], as: UTF8.self))
    }

    /// Writes the record to `path` through a temporary file and a rename, so a crash leaves
    /// the old record or the new one, never half of one. Best effort: without a record the
    /// download still completes, it only cannot resume.
    func write(to path: String) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == bytes.count {
            rename(temporary, path)
        } else {
            unlink(temporary)
        }
    }
}
