// MessageSchemaReference.swift: a lazily resolved link to a message schema, so recursive types can refer to each other.

/// A reference to a ``MessageSchema`` resolved when first needed.
///
/// Schemas of recursive messages (`message Node { Node next = 1; }`) cannot hold each other
/// directly; a field holds a reference instead. Generated code resolves through the type's
/// static schema, a ``SchemaRegistry`` built from descriptors through its own table:
///
/// ```swift
/// .message(MessageSchemaReference { Demo_Point._protoSchema })
/// ```
public struct MessageSchemaReference: Sendable {
    private let resolve: @Sendable () -> MessageSchema

    /// Creates a reference that calls `resolve` each time it is followed; it must always
    /// return the same schema.
    public init(_ resolve: @escaping @Sendable () -> MessageSchema) {
        self.resolve = resolve
    }

    /// A reference to a schema already at hand.
    public init(_ schema: MessageSchema) {
        self.resolve = { schema }
    }

    /// The schema referred to.
    public var schema: MessageSchema { resolve() }
}
