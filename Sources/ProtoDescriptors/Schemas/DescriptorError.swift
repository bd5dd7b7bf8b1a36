// DescriptorError.swift: the error ProtoDescriptors throws when descriptors do not describe a usable schema.

/// A descriptor set that cannot become a ``ProtoWire/SchemaRegistry``: a field names a type no
/// file declares, or a declaration is malformed. The message names the field and the type.
public struct DescriptorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// A field's `type_name` or an extension's `extendee` names a type the set does not hold.
        case unresolvedType
        /// A declaration contradicts itself (a map entry without key and value, a message
        /// declared twice).
        case malformed
        /// A file's edition (or syntax) is one this library does not read.
        case unsupportedEdition
    }

    /// The kind of failure.
    public let code: Code
    /// What happened and how to fix it.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
