// ProtoMessage+Binary.swift: the public encode/decode/merge API over the generated wire code.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension ProtoMessage {
    /// Decodes a message from binary protobuf held in contiguous memory (`[UInt8]`,
    /// `ArraySlice<UInt8>`, `Data`, `UnsafeRawBufferPointer`), reading it in place.
    ///
    /// - Throws: ``WireError`` naming the problem and its byte offset.
    @inlinable
    public init(serializedBytes bytes: some ContiguousBytes, options: DecodingOptions = DecodingOptions()) throws(WireError) {
        self.init()
        try merge(serializedBytes: bytes, options: options)
    }

    /// Decodes binary protobuf and merges it into this message: scalars from the input replace
    /// those here, singular submessages merge, repeated fields and maps append.
    ///
    /// - Throws: ``WireError``; on error this message may hold part of the input.
    @inlinable
    public mutating func merge(serializedBytes bytes: some ContiguousBytes, options: DecodingOptions = DecodingOptions()) throws(WireError) {
        let result: Result<Void, WireError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in try self.merge(buffer: buffer, options: options) }
        }
        try result.get()
    }

    /// Decodes binary protobuf from raw memory and merges it into this message.
    @inlinable
    public mutating func merge(buffer: UnsafeRawBufferPointer, options: DecodingOptions = DecodingOptions()) throws(WireError) {
        var reader = WireReader(buffer, options: options)
        try _protoMerge(&reader)
        if !options.allowPartial && !isInitialized {
            throw WireError(.missingRequiredFields, offset: nil,
                            "\(Self.protoMessageName) lacks required fields; set them, or decode with DecodingOptions(allowPartial: true)")
        }
    }

    /// The exact number of bytes ``serializedBytes(options:)`` produces.
    @inlinable
    public var serializedSize: Int {
        var cache = SizeCache()
        return _protoSize(&cache)
    }

    /// Encodes the message into a new byte array of exactly the encoded size.
    ///
    /// Each submessage is sized once, and bytes are written straight into the result.
    @inlinable
    public func serializedBytes(options: EncodingOptions = EncodingOptions()) -> [UInt8] {
        var cache = SizeCache(deterministic: options.deterministic)
        let size = _protoSize(&cache)
        if size <= smallEncodingLimit {
            // Creating an uninitialized array goes through an unspecialized path in the standard
            // library that looks up type metadata on every call, a third of the cost of encoding a
            // small message. Encoding on the stack and copying into an array avoids it.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { buffer in
                encode(into: UnsafeMutableRawBufferPointer(buffer), sizes: cache)
                return Array(buffer)
            }
        }
        return [UInt8](filling: size) { buffer, count in
            encode(into: UnsafeMutableRawBufferPointer(buffer), sizes: cache)
            count = size
        }
    }

    /// Writes the message into `buffer`, which must be exactly `serializedSize` bytes.
    @inlinable
    func encode(into buffer: UnsafeMutableRawBufferPointer, sizes: SizeCache) {
        sizes.sizes.withUnsafeBufferPointer { slots in
            var writer = WireWriter(buffer: buffer, sizes: slots, deterministic: sizes.deterministic)
            _protoWrite(&writer)
            precondition(writer.remaining == 0, "ProtoWire: encoder wrote less than the size it computed")
        }
    }

    /// Encodes the message into `Data`.
    @inlinable
    public func serializedData(options: EncodingOptions = EncodingOptions()) -> Data {
        Data(serializedBytes(options: options))
    }
}

/// Messages up to this size are encoded on the stack and copied into the result array.
@usableFromInline let smallEncodingLimit = 1024
