// DynamicMessage+Binary.swift: the public binary encode/decode API of dynamic messages.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension DynamicMessage {
    /// Decodes `bytes` as a message of `schema`. Extensions of `extensions` in the message's
    /// extension ranges decode as fields; other unknown fields are kept byte-exact. Fails as
    /// generated decoding does, with a ``WireError`` carrying the byte offset.
    public init(schema: MessageSchema, serializedBytes bytes: some ContiguousBytes,
                extensions: SchemaRegistry = SchemaRegistry(), options: DecodingOptions = DecodingOptions()) throws(WireError) {
        self.init(schema: schema)
        try merge(serializedBytes: bytes, extensions: extensions, options: options)
    }

    /// Merges `bytes` into this message: scalars replace, messages merge, repeated fields append.
    public mutating func merge(serializedBytes bytes: some ContiguousBytes, extensions: SchemaRegistry = SchemaRegistry(),
                               options: DecodingOptions = DecodingOptions()) throws(WireError) {
        let context = DynamicDecoding(extensions: extensions)
        let result: Result<Void, WireError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in
                var reader = WireReader(buffer, options: options)
                try self.merge(&reader, context)
            }
        }
        try result.get()
        if !options.allowPartial && !isInitialized {
            throw WireError(.missingRequiredFields, offset: nil,
                            "\(schema.fullName) lacks required fields; set them, or decode with DecodingOptions(allowPartial: true)")
        }
    }

    /// The message in the binary format; `options.deterministic` writes map entries in key order.
    public func serializedBytes(options: EncodingOptions = EncodingOptions()) -> [UInt8] {
        var cache = SizeCache(deterministic: options.deterministic)
        let size = self.size(&cache)
        return [UInt8](filling: size) { buffer, count in
            cache.sizes.withUnsafeBufferPointer { slots in
                var writer = WireWriter(buffer: UnsafeMutableRawBufferPointer(buffer), sizes: slots,
                                        deterministic: cache.deterministic)
                write(&writer)
                precondition(writer.remaining == 0, "ProtoWire: dynamic encoder wrote less than the size it computed")
            }
            count = size
        }
    }

    /// The encoded size in bytes.
    public var serializedSize: Int {
        var cache = SizeCache()
        return size(&cache)
    }

    /// Whether every `required` field, here and in present submessages, is set.
    public var isInitialized: Bool {
        for field in schema.fields where field.label == .required && values[field.number] == nil { return false }
        for value in values.values where !value.isInitialized { return false }
        return true
    }
}

extension DynamicValue {
    /// Whether the messages this value holds have their required fields.
    var isInitialized: Bool {
        switch self {
        case .message(let m): m.isInitialized
        case .list(let l): l.allSatisfy(\.isInitialized)
        case .map(let m): m.values.allSatisfy(\.isInitialized)
        default: true
        }
    }
}
