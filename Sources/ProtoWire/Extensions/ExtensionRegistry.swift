// ExtensionRegistry.swift: the extension declarations a decoder knows, by message type and number.

/// The extensions a decoder should decode typed, looked up by extended message type and
/// field number.
///
/// Generated code declares one registry per `.proto` file that has `extend` blocks
/// (`<Prefix><File>_Extensions`); combine them with ``union(_:)`` and pass the result to the
/// decoder, directly or through ``DecodingOptions/extensions``:
///
/// ```swift
/// let registry = Pkg_A_Extensions.union(Pkg_B_Extensions)
/// let m = try Pkg_Base(serializedBytes: bytes, extensions: registry)
/// ```
///
/// The registry applies at every nesting level of the decoded message. Extension fields that
/// are not registered stay in the message's ``ProtoMessage/unknownFields``, byte-exact, and
/// are written back unchanged.
public struct ExtensionRegistry: Sendable, Hashable, ExpressibleByArrayLiteral {
    @usableFromInline
    struct Key: Hashable, Sendable {
        let message: ObjectIdentifier
        let fieldNumber: Int
    }

    @usableFromInline
    var byKey = [Key: any ExtensionDecoding]()

    @usableFromInline
    struct NameKey: Hashable, Sendable {
        let message: ObjectIdentifier
        let name: String
    }

    /// The same declarations by full name, for JSON's `"[pkg.ext]"` keys.
    @usableFromInline
    var byName = [NameKey: any ExtensionDecoding]()

    /// Creates an empty registry.
    @inlinable
    public init() {}

    /// Creates a registry of `extensions`; a later declaration with the same message and
    /// number replaces an earlier one.
    public init(_ extensions: [any AnyMessageExtension]) {
        for e in extensions { register(e) }
    }

    /// Creates a registry from a list of declarations.
    public init(arrayLiteral elements: any AnyMessageExtension...) {
        self.init(elements)
    }

    /// Whether no extension is registered.
    @inlinable
    public var isEmpty: Bool { byKey.isEmpty }

    /// The number of registered extensions.
    public var count: Int { byKey.count }

    /// Adds a declaration (a ``MessageExtension``; other conforming types are ignored),
    /// replacing one with the same message type and field number.
    public mutating func register(_ ext: any AnyMessageExtension) {
        guard let decoding = ext as? any ExtensionDecoding else { return }
        byKey[Key(message: ObjectIdentifier(ext.extendedMessageType), fieldNumber: ext.fieldNumber)] = decoding
        byName[NameKey(message: ObjectIdentifier(ext.extendedMessageType), name: ext.fieldName)] = decoding
    }

    /// Adds every declaration of `other`.
    public mutating func formUnion(_ other: ExtensionRegistry) {
        byKey.merge(other.byKey) { _, new in new }
        byName.merge(other.byName) { _, new in new }
    }

    /// This registry plus every declaration of `other` (which wins on conflicts).
    public func union(_ other: ExtensionRegistry) -> ExtensionRegistry {
        var copy = self
        copy.formUnion(other)
        return copy
    }

    /// The schema fields of every registered extension, sorted by extendee and number; build
    /// a ``SchemaRegistry`` from them with ``SchemaRegistry/init(_:extensions:)``.
    public var fieldSchemas: [FieldSchema] {
        byKey.values.map(\.fieldSchema).sorted { ($0.extendee ?? "", $0.number) < ($1.extendee ?? "", $1.number) }
    }

    /// The declaration for field `fieldNumber` of `messageType`, if registered.
    public func declaration(for messageType: any ExtensibleMessage.Type, fieldNumber: Int) -> (any AnyMessageExtension)? {
        byKey[Key(message: ObjectIdentifier(messageType), fieldNumber: fieldNumber)]
    }

    /// The JSON decoder's lookup, by full extension name.
    func decoder(for messageType: ObjectIdentifier, name: String) -> (any ExtensionDecoding)? {
        byName[NameKey(message: messageType, name: name)]
    }

    /// The decoder's lookup.
    func decoder(for messageType: ObjectIdentifier, fieldNumber: Int) -> (any ExtensionDecoding)? {
        byKey[Key(message: messageType, fieldNumber: fieldNumber)]
    }

    /// Registries are equal when they map the same message types and numbers to declarations
    /// with the same names and field types.
    public static func == (lhs: ExtensionRegistry, rhs: ExtensionRegistry) -> Bool {
        guard lhs.byKey.count == rhs.byKey.count else { return false }
        for (key, a) in lhs.byKey {
            guard let b = rhs.byKey[key], a.fieldName == b.fieldName,
                  a.fieldTypeIdentifier == b.fieldTypeIdentifier else { return false }
        }
        return true
    }

    /// Hashes the registered message types and numbers.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(byKey.count)
        var keys = 0
        for key in byKey.keys { keys ^= key.hashValue }  // order-independent
        hasher.combine(keys)
    }
}
