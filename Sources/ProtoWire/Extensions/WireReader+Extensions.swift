// WireReader+Extensions.swift: decoding extension fields through the registry, or keeping them unknown.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension WireReader {
    /// The extensions this reader decodes typed (``DecodingOptions/extensions``).
    @inlinable
    public var extensionRegistry: ExtensionRegistry { extensions ?? ExtensionRegistry() }

    /// Reads a field that `message` does not declare: a registered extension of `M` whose wire
    /// type fits is merged into `message.extensionFields`; anything else is kept byte-exact in
    /// `message.unknownFields`. Generated code calls this from the `default:` branch of
    /// messages with extension ranges.
    @inlinable
    public mutating func readExtensionField<M: ExtensibleMessage>(_ tag: FieldTag, into message: inout M) throws(WireError) {
        if let extensions {
            try readRegisteredExtension(tag, in: extensions, into: &message)
        } else {
            try skipUnknown(tag, into: &message.unknownFields)
        }
    }

    @usableFromInline
    mutating func readRegisteredExtension<M: ExtensibleMessage>(_ tag: FieldTag, in extensions: ExtensionRegistry, into message: inout M) throws(WireError) {
        if let ext = extensions.decoder(for: ObjectIdentifier(M.self), fieldNumber: tag.fieldNumber),
           try decode(ext, tag: tag, into: &message) {
            return
        }
        try skipUnknown(tag, into: &message.unknownFields)
    }

    /// Decodes one occurrence of `ext` into `message`; `false` when the wire type does not fit.
    mutating func decode<M: ExtensibleMessage>(_ ext: any ExtensionDecoding, tag: FieldTag, into message: inout M) throws(WireError) -> Bool {
        // Move the set out so that it and the unknown fields can be mutated side by side
        // without copying the set's storage.
        var set = message.extensionFields
        message.extensionFields = ExtensionFieldSet()
        defer { message.extensionFields = set }
        return try ext.decode(&self, tag: tag, into: &set, unknownFields: &message.unknownFields)
    }
}

extension ProtoMessage {
    /// Decodes binary protobuf, decoding the extensions in `extensions` typed at every level
    /// (it replaces ``DecodingOptions/extensions``).
    ///
    /// - Throws: ``WireError`` naming the problem and its byte offset.
    @inlinable
    public init(serializedBytes bytes: some ContiguousBytes, extensions: ExtensionRegistry,
                options: DecodingOptions = DecodingOptions()) throws(WireError) {
        var options = options
        options.extensions = extensions
        try self.init(serializedBytes: bytes, options: options)
    }

    /// Decodes binary protobuf and merges it into this message, decoding the extensions in
    /// `extensions` typed (it replaces ``DecodingOptions/extensions``).
    ///
    /// - Throws: ``WireError``; on error this message may hold part of the input.
    @inlinable
    public mutating func merge(serializedBytes bytes: some ContiguousBytes, extensions: ExtensionRegistry,
                               options: DecodingOptions = DecodingOptions()) throws(WireError) {
        var options = options
        options.extensions = extensions
        try merge(serializedBytes: bytes, options: options)
    }
}
