// TextFormatDecodingOptions.swift: what the text format parser accepts.

/// Options of the text format parser (``TextFormat/parse(_:schema:options:)``,
/// `ProtoMessage.init(textFormatString:options:)`).
///
/// ```swift
/// let bytes = try TextFormat.parse("name: 'x'", schema: schema,
///                                  options: TextFormatDecodingOptions(allowPartial: true))
/// ```
public struct TextFormatDecodingOptions: Sendable {
    /// The extensions the input may name as `[pkg.ext]` and the message types it may expand
    /// inside an `Any` as `[type.googleapis.com/pkg.Msg] { ... }`.
    public var registry: SchemaRegistry
    /// Whether messages that lack proto2 `required` fields are accepted.
    public var allowPartial: Bool
    /// The deepest nesting of messages and groups accepted; deeper input throws.
    public var maxDepth: Int

    /// Creates options; by default required fields must be present and nesting stops at 100.
    public init(registry: SchemaRegistry = SchemaRegistry(), allowPartial: Bool = false, maxDepth: Int = 100) {
        self.registry = registry
        self.allowPartial = allowPartial
        self.maxDepth = maxDepth
    }
}
