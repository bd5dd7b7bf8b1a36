// SchemaRegistry.swift: message schemas by full name and extension fields by extendee, for Any and extensions.

/// The schemas a reader or writer can find by name: the message types an `Any` may hold and
/// the extensions of extensible messages.
///
/// ```swift
/// var registry = SchemaRegistry()
/// registry.register(Demo_Point._protoSchema)
/// ```
public struct SchemaRegistry: Sendable {
    private var messages: [String: MessageSchema] = [:]
    private var extensionsByNumber: [ExtensionKey: FieldSchema] = [:]
    private var extensionsByName: [String: FieldSchema] = [:]

    private struct ExtensionKey: Hashable {
        var extendee: String
        var number: Int32
    }

    /// Creates a registry holding `messages` and `extensions` (fields whose
    /// ``FieldSchema/extendee`` is set; others are ignored).
    public init(messages: [MessageSchema] = [], extensions: [FieldSchema] = []) {
        for message in messages { register(message) }
        for field in extensions { register(extension: field) }
    }

    /// Adds a message schema; a later one with the same full name replaces the earlier.
    public mutating func register(_ message: MessageSchema) {
        messages[message.fullName] = message
    }

    /// Adds an extension field; fields without an extendee are ignored.
    public mutating func register(extension field: FieldSchema) {
        guard let extendee = field.extendee else { return }
        extensionsByNumber[ExtensionKey(extendee: extendee, number: field.number)] = field
        extensionsByName[field.name] = field
    }

    /// Every message schema registered, in no particular order (the always-known well-known
    /// types only when registered explicitly).
    public var allMessages: [MessageSchema] { Array(messages.values) }

    /// The schema of the message named `name`; a type URL (`type.googleapis.com/pkg.Msg`)
    /// is looked up by the part after its last `/`. The well-known types
    /// (``wellKnownTypes``) are always found, unless a registered schema replaces one.
    public func message(named name: String) -> MessageSchema? {
        let bare = name.lastIndex(of: "/").map { String(name[name.index(after: $0)...]) } ?? name
        return messages[bare] ?? SchemaRegistry.wellKnownByName[bare]
    }

    /// The extension numbered `number` of the message named `extendee`, or `nil`.
    public func extensionField(of extendee: String, number: Int32) -> FieldSchema? {
        extensionsByNumber[ExtensionKey(extendee: extendee, number: number)]
    }

    /// The extension with the full name `name` (`pkg.ext`), or `nil`.
    public func extensionField(named name: String) -> FieldSchema? {
        extensionsByName[name]
    }
}
