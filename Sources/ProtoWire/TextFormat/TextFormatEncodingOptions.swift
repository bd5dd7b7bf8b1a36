// TextFormatEncodingOptions.swift: what the text format printer prints and how it lays it out.

/// Options of the text format printer (``TextFormat/print(_:schema:options:)``,
/// `ProtoMessage.textFormatString(options:)`).
///
/// ```swift
/// var registry = SchemaRegistry()
/// registry.register(Demo_Point._protoSchema)
/// let text = try TextFormat.print(bytes, schema: Demo_Shape._protoSchema,
///                                 options: TextFormatEncodingOptions(registry: registry, singleLine: true))
/// ```
public struct TextFormatEncodingOptions: Sendable {
    /// The extensions printed as `[pkg.ext]` and the message types an `Any` is expanded with
    /// (`[type.googleapis.com/pkg.Msg] { ... }`); extensions and `Any` payloads it does not
    /// know print as unknown fields and as `type_url`/`value`.
    public var registry: SchemaRegistry
    /// Whether fields the schema does not know print as `<number>: <value>` (as protoc
    /// `--decode` and C++'s printer do); off by default, as in C++ and Python.
    public var printUnknownFields: Bool
    /// Whether the output is one line (`a: 1 b { c: 2 }`) instead of one field per line with
    /// two-space indentation.
    public var singleLine: Bool
    /// The deepest nesting of messages and groups printed; deeper input throws.
    public var maxDepth: Int

    /// Creates options; the defaults print known fields, one per line.
    public init(registry: SchemaRegistry = SchemaRegistry(), printUnknownFields: Bool = false,
                singleLine: Bool = false, maxDepth: Int = 100) {
        self.registry = registry
        self.printUnknownFields = printUnknownFields
        self.singleLine = singleLine
        self.maxDepth = maxDepth
    }
}
