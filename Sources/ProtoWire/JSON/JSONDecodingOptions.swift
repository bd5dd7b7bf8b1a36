// JSONDecodingOptions.swift: limits and switches for reading proto3 JSON.

/// Options for reading proto3 JSON.
public struct JSONDecodingOptions: Sendable {
    /// The deepest nesting of messages, objects and arrays accepted; deeper input throws
    /// ``WireError/Code/depthLimitExceeded``. The default is 100. The reader recurses once
    /// per level, so very large limits need a correspondingly large stack.
    public var maxDepth: Int = 100
    /// Skip object keys that name no field (and unknown enum names: dropped from repeated
    /// fields and maps, left unset in singular fields) instead of throwing.
    public var ignoreUnknownFields: Bool = false
    /// The message types `google.protobuf.Any` values may hold (by the name in `@type`). The
    /// well-known types are always known.
    public var typeRegistry: TypeRegistry = TypeRegistry()
    /// The proto2 extensions that `"[pkg.ext]"` keys may name.
    public var extensions: ExtensionRegistry = ExtensionRegistry()

    /// Creates options; the defaults suit untrusted input.
    public init(maxDepth: Int = 100, ignoreUnknownFields: Bool = false, typeRegistry: TypeRegistry = TypeRegistry(),
                extensions: ExtensionRegistry = ExtensionRegistry()) {
        self.maxDepth = maxDepth
        self.ignoreUnknownFields = ignoreUnknownFields
        self.typeRegistry = typeRegistry
        self.extensions = extensions
    }
}
