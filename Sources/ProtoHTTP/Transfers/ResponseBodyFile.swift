// ResponseBodyFile.swift: a response body written to a file instead of memory (request side), and what was written (response side).

/// Tells ``HTTPTransport`` to write a successful (2xx) response body to a file instead of
/// holding it in memory (``TransportRequest/bodyFile``). The transport's write callback
/// writes each chunk to the open file; the body is never kept whole in memory.
///
/// ```
///  status        what happens to the file
///  2xx (not 206) truncated to 0, the body written from the start
///  206           Content-Range must start at resumeOffset (and reach the end): appended there;
///                any other range fails the call (failed_precondition), the file untouched
///  416           with Content-Range "bytes */<resumeOffset>": the file is already complete
///  other         untouched; the body (an error body) stays in memory, within maxResponseSize
/// ```
///
/// Unless the request sets ``TransportRequest/timeout``, such a transfer has no total time
/// limit (a large file may take hours); ``TransportConfiguration/timeout`` then bounds a stall
/// instead: less than one byte per second over that long fails it with `deadline_exceeded`
/// (libcurl averages the speed over up to 5 s, so a stall after a burst is caught a few
/// seconds later).
///
/// The transport neither syncs nor renames the file: ``ProtoHTTPManager``'s `download` does that.
/// Ask for the range yourself (`Range: bytes=<resumeOffset>-`, with `If-Range`) when
/// `resumeOffset` is above zero. Compressed responses are not requested for such transfers
/// (no `Accept-Encoding`), so offsets are offsets into the file.
public struct ResponseBodyFile: Sendable, Hashable {
    /// The file's path; created (mode 0644) when the first body byte arrives.
    public var path: String
    /// Bytes already in the file from an interrupted transfer, where a 206 response continues.
    public var resumeOffset: Int64
    /// The largest file accepted, in bytes; `nil` uses ``TransportConfiguration/maxDownloadSize``.
    /// A response that declares or delivers more fails with `resource_exhausted`.
    public var maxSize: Int64?
    /// Where the resume record (URL and validator) is written when a 2xx response starts the
    /// file afresh, and removed when it has no validator; `nil` for none. Used by `download`.
    package var resumeRecordPath: String?

    /// A file destination at `path`, continuing at `resumeOffset` when the server answers 206.
    public init(path: String, resumeOffset: Int64 = 0, maxSize: Int64? = nil) {
        self.path = path
        self.resumeOffset = resumeOffset
        self.maxSize = maxSize
    }
}

/// Where a response body went when it was written to a file (``TransportResponse/bodyFile``,
/// ``ResponseMetadata/bodyFile``).
public struct WrittenBodyFile: Sendable, Hashable {
    /// The file's path.
    public var path: String
    /// The file's size after the transfer.
    public var size: Int64
    /// The bytes that were already in the file and kept (a 206 continuing at this offset);
    /// 0 when the body was written from the start.
    public var resumedFrom: Int64

    /// A record of a body written to `path`, now `size` bytes, kept from `resumedFrom` on.
    public init(path: String, size: Int64, resumedFrom: Int64) {
        self.path = path
        self.size = size
        self.resumedFrom = resumedFrom
    }
}
