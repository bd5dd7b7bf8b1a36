// DownloadDestination.swift: where `download` saves a file, and what it checks: SHA-256, size limit, resume.

/// Where ``ProtoHTTPManager/download(_:to:options:completion:success:failure:finished:)`` saves
/// a file, and how.
///
/// ```swift
/// manager.download("/files/big.bin", to: "/data/big.bin", …)                    // a path is enough
/// manager.download("/files/big.bin", to: DownloadDestination("/data/big.bin", sha256: expectedHex), …)
/// ```
///
/// While it downloads, the body goes to ``partialPath`` (`<path>.partial`), and the URL and the
/// server's validator to ``resumeRecordPath`` (`<path>.partial.meta`). Only a complete,
/// synced and (when asked) verified file is renamed to ``path``. Two downloads to one
/// destination at once are not supported: while one writes the partial file (it holds an
/// exclusive lock on it), the other fails with `aborted` and leaves the file alone.
public struct DownloadDestination: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The final file's path. Its folder must exist.
    public var path: String
    /// The expected SHA-256 of the whole file, as hex (either case); `nil` checks nothing. A
    /// mismatch fails the download with `data_loss` and removes the partial file. It is also
    /// what catches a partial file damaged by a system crash (the partial file is synced only
    /// at the end, so after a power loss its tail may hold zeros).
    public var sha256: String?
    /// Compute the file's SHA-256 for ``DownloadResult/sha256`` even when none is expected.
    /// Default `false` (hashing reads the whole file once more).
    public var computeSHA256: Bool
    /// The largest file accepted, in bytes; `nil` uses ``TransportConfiguration/maxDownloadSize``.
    public var maxSize: Int64?
    /// Continue a partial file left by an interrupted download of the same URL. Default `true`;
    /// `false` always starts over.
    public var resume: Bool

    /// A destination at `path`; see each property for the others.
    public init(_ path: String, sha256: String? = nil, computeSHA256: Bool = false, maxSize: Int64? = nil, resume: Bool = true) {
        self.path = path
        self.sha256 = sha256
        self.computeSHA256 = computeSHA256
        self.maxSize = maxSize
        self.resume = resume
    }

    /// A destination at the path `value`, every option at its default.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// `<path>.partial`: where the body is written until the download completes.
    public var partialPath: String { path + ".partial" }
    /// `<path>.partial.meta`: the URL and validator of the partial file.
    public var resumeRecordPath: String { path + ".partial.meta" }
}

/// A completed download.
public struct DownloadResult: Sendable, Hashable {
    /// The final file's path (the destination).
    public var path: String
    /// The file's size in bytes.
    public var bytes: Int64
    /// The bytes kept from an earlier, interrupted download; 0 when downloaded whole.
    public var resumedFrom: Int64
    /// The file's SHA-256 in lowercase hex, when one was expected or asked for; else `nil`.
    public var sha256: String?
    /// The final response's status (200, 206, …), headers and attempts.
    public var metadata: ResponseMetadata

    /// A result for the file at `path`.
    public init(path: String, bytes: Int64, resumedFrom: Int64, sha256: String?, metadata: ResponseMetadata) {
        self.path = path
        self.bytes = bytes
        self.resumedFrom = resumedFrom
        self.sha256 = sha256
        self.metadata = metadata
    }

    /// Whether the download continued a partial file.
    public var resumed: Bool { resumedFrom > 0 }
}
