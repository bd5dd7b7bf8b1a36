// DecodingOptions.swift: limits and switches for decoding binary protobuf.

/// Options for decoding binary protobuf.
public struct DecodingOptions: Sendable, Hashable {
    /// The deepest nesting of messages and groups accepted; deeper input throws
    /// ``WireError/Code/depthLimitExceeded``. The default is 100, as in Google's libraries.
    public var maxDepth: Int = 100
    /// When `true`, a message that lacks proto2 `required` fields decodes anyway.
    public var allowPartial: Bool = false
    /// The proto2 extensions to decode typed, at every nesting level; extension fields not
    /// registered here stay in `unknownFields`. Empty by default.
    public var extensions: ExtensionRegistry = ExtensionRegistry()

    /// Creates options; the defaults suit untrusted input.
    public init(maxDepth: Int = 100, allowPartial: Bool = false, extensions: ExtensionRegistry = ExtensionRegistry()) {
        self.maxDepth = maxDepth
        self.allowPartial = allowPartial
        self.extensions = extensions
    }
}
