// DecodingOptions.swift: limits and switches for decoding binary protobuf.

/// Options for decoding binary protobuf.
public struct DecodingOptions: Sendable, Hashable {
    /// The deepest nesting of messages and groups accepted; deeper input throws
    /// ``WireError/Code/depthLimitExceeded``. The default is 100, as in Google's libraries.
    public var maxDepth: Int = 100
    /// When `true`, a message that lacks proto2 `required` fields decodes anyway.
    public var allowPartial: Bool = false

    /// Creates options; the defaults suit untrusted input.
    public init(maxDepth: Int = 100, allowPartial: Bool = false) {
        self.maxDepth = maxDepth
        self.allowPartial = allowPartial
    }
}
