// TransferProgress.swift: one progress report of a transfer: direction, bytes done, expected total.

/// How far one direction of a transfer has come: bytes sent (``Direction/upload``) or received
/// (``Direction/download``), and the expected total when it is known.
///
/// Reports come from libcurl's transfer-info callback, at most one per 50 ms per direction,
/// plus a final one when the transfer succeeds, whose ``completedBytes`` equals its
/// ``totalBytes``. They never go back (see ``ProgressHandler``).
///
/// For a download that resumes a partial file, both counts include the bytes already on disk,
/// so a resumed download reports from where it left off.
public struct TransferProgress: Sendable, Hashable {
    /// Which way the bytes go.
    public enum Direction: Sendable, Hashable {
        /// The request body, sent to the server.
        case upload
        /// The response body, received from the server.
        case download
    }

    /// Which way the bytes go.
    public var direction: Direction
    /// Bytes sent or received so far (for a download, as sent on the wire: compressed bytes
    /// for a compressed response).
    public var completedBytes: Int64
    /// The expected total, or `nil` while unknown (a chunked response before its end, say).
    public var totalBytes: Int64?

    /// A report of `completedBytes` of `totalBytes` (`nil` when unknown) in `direction`.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The share done, from 0 to 1; `nil` while the total is unknown. A total of 0 counts as done.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, max(0, Double(completedBytes) / Double(totalBytes)))
    }

    /// Whether the report says the direction is complete (its total is known and reached).
    public var isComplete: Bool {
        guard let totalBytes else { return false }
        return completedBytes >= totalBytes
    }
}
