// GzipPolicy.swift: when a body is worth gzipping: on or off, the smallest body, the zlib level (client requests and server responses alike).

/// When a body is gzipped: whether at all, from what size, at which zlib level.
///
/// The client reads it as `RequestCompression` (request bodies; off by default) and the server
/// as `ResponseCompression` (response bodies; on by default); each side documents its own rules
/// for when the policy applies.
///
/// ```swift
/// .gzip()                                  // bodies of 1 KiB or more, level 6
/// .gzip(minimumBytes: 64 << 10, level: 1)  // only large bodies, fastest level
/// .off                                     // never
/// ```
public struct GzipPolicy: Sendable, Hashable {
    /// Whether bodies are compressed at all.
    public var isEnabled: Bool
    /// The smallest body, in bytes, worth compressing; smaller ones go as they are.
    public var minimumBytes: Int
    /// The zlib level, 1 (fastest) to 9 (smallest output); values outside are clamped.
    public var level: Int

    /// A policy with these settings; on unless `isEnabled` is `false`.
    public init(isEnabled: Bool = true, minimumBytes: Int = 1024, level: Int = 6) {
        self.isEnabled = isEnabled
        self.minimumBytes = minimumBytes
        self.level = level
    }

    /// gzip for bodies of at least `minimumBytes` bytes at zlib level `level` (the default: 1 KiB, level 6).
    public static func gzip(minimumBytes: Int = 1024, level: Int = 6) -> GzipPolicy {
        GzipPolicy(minimumBytes: minimumBytes, level: level)
    }

    /// No body is compressed.
    public static let off = GzipPolicy(isEnabled: false)

    /// Whether a body of `count` bytes passes the policy's on-switch and threshold.
    package func covers(bodyOf count: Int) -> Bool {
        isEnabled && count > 0 && count >= minimumBytes
    }
}
