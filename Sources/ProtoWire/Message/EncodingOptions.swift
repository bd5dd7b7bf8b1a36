// EncodingOptions.swift: switches for encoding binary protobuf.

/// Options for encoding binary protobuf.
public struct EncodingOptions: Sendable, Hashable {
    /// When `true`, map entries are written in ascending key order, so equal messages encode
    /// to equal bytes. Without it, map order follows the dictionary and may differ run to run.
    public var deterministic: Bool = false

    /// Creates options.
    public init(deterministic: Bool = false) {
        self.deterministic = deterministic
    }
}
