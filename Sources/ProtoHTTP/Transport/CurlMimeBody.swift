// CurlMimeBody.swift: a MultipartForm turned into a libcurl MIME structure, confined to the engine thread.
import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProtoHTTPCore

/// The `curl_mime` of one transfer, built from a ``MultipartForm``.
///
/// Byte parts are copied into curl (`curl_mime_data`); file parts are only named
/// (`curl_mime_filedata`): curl opens the file when the body is sent and reads it in
/// buffer-sized pieces, so memory does not grow with the file. Every file is checked first, so
/// a missing or unreadable file fails the call with its path and the reason instead of a bare
/// read error halfway through the upload.
///
/// Owned by the ``CurlTransfer``; ``free()`` runs after the easy handle has been reset or freed.
final class CurlMimeBody {
    private(set) var mime: OpaquePointer?

    /// Builds the MIME structure of `form` for `easy`.
    ///
    /// - Throws: `invalid_argument` for a part whose name, file name, content type or header
    ///   contains a line break or NUL, or whose file cannot be read; `resource_exhausted` when
    ///   libcurl cannot allocate.
    init(form: MultipartForm, easy: UnsafeMutableRawPointer) throws(ProtoHTTPError) {
        guard let mime = curl_mime_init(easy) else { throw Self.outOfMemory() }
        self.mime = mime
        do {
            for (index, part) in form.parts.enumerated() {
                try add(part, index: index, to: mime)
            }
        } catch {
            free()
            throw error
        }
    }

    deinit { free() }

    /// Frees the MIME structure (and the part header lists curl took over). Idempotent.
    func free() {
        curl_mime_free(mime)
        mime = nil
    }

    private func add(_ part: MultipartPart, index: Int, to mime: OpaquePointer) throws(ProtoHTTPError) {
        let label = "multipart part \(index) (\"\(part.name)\")"
        try Self.checkText(part.name, what: "name", label: label)
        if let fileName = part.fileName { try Self.checkText(fileName, what: "file name", label: label) }
        if let type = part.contentType { try Self.checkText(type, what: "content type", label: label) }
        guard let handle = curl_mime_addpart(mime) else { throw Self.outOfMemory() }
        try check(curl_mime_name(handle, part.name), label: label)
        switch part.content {
        case .bytes(let bytes):
            // A zero-length part still needs a non-NULL pointer (NULL means "no data"), which
            // an empty array may not have: a one-byte array lends one, with size 0.
            let code = (bytes.isEmpty ? [0] : bytes).withUnsafeBufferPointer { buffer in
                ccurl_mime_data_bytes(handle, buffer.baseAddress, bytes.count)
            }
            try check(code, label: label)
        case .file(let path):
            try Self.checkReadableFile(path, label: label)
            try check(curl_mime_filedata(handle, path), label: label)
        }
        // After filedata, which sets the file name to the path's basename: the part's own wins
        // (nil removes it).
        try check(curl_mime_filename(handle, part.fileName), label: label)
        if let type = part.contentType { try check(curl_mime_type(handle, type), label: label) }
        if !part.headers.isEmpty {
            var list: UnsafeMutablePointer<curl_slist>?
            // HTTPFields holds only token names and values without line breaks: nothing to check.
            for header in part.headers {
                guard let appended = curl_slist_append(list, "\(header.name): \(header.value)") else {
                    curl_slist_free_all(list)
                    throw Self.outOfMemory()
                }
                list = appended
            }
            // take_ownership = 1: curl_mime_free frees the list.
            try check(curl_mime_headers(handle, list, 1), label: label)
        }
    }

    /// Rejects text that would break the part's header block (CR, LF or NUL).
    private static func checkText(_ text: String, what: String, label: String) throws(ProtoHTTPError) {
        if HTTPText.containsLineBreakOrNUL(text) {
            throw ProtoHTTPError(code: .invalidArgument, message: "\(label): its \(what) contains a line break or NUL, which would corrupt the form; remove it.")
        }
    }

    /// Throws unless `path` is a regular file this process can read.
    private static func checkReadableFile(_ path: String, label: String) throws(ProtoHTTPError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw ProtoHTTPError(code: .invalidArgument, message: "\(label): cannot upload \(path): \(reason); check the path and its permissions.")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ProtoHTTPError(code: .invalidArgument, message: "\(label): cannot upload \(path): not a regular file; name a file, not a directory or device.")
        }
        guard access(path, R_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            throw ProtoHTTPError(code: .invalidArgument, message: "\(label): cannot upload \(path): \(reason); check its permissions.")
        }
    }

    private func check(_ code: CURLcode, label: String) throws(ProtoHTTPError) {
        guard code != CURLE_OK else { return }
        let summary = curl_easy_strerror(code).map { String(cString: $0) } ?? "CURLcode \(code.rawValue)"
        throw ProtoHTTPError(code: code == CURLE_OUT_OF_MEMORY ? .resourceExhausted : .invalidArgument,
                             message: "\(label): libcurl could not add it to the form (\(summary)).")
    }

    private static func outOfMemory() -> ProtoHTTPError {
        ProtoHTTPError(code: .resourceExhausted, message: "libcurl could not allocate the multipart form; the process is probably out of memory.")
    }
}
