// ProtoMessage+JSON.swift: the public proto3 JSON encode/decode/merge API over the generated JSON code.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension ProtoMessage {
    /// Decodes a message from proto3 JSON text.
    ///
    /// ```swift
    /// let point = try Demo_Point(jsonString: #"{"x": 3, "y": "4"}"#)
    /// ```
    ///
    /// - Throws: ``WireError`` with the byte offset, line and column, and the reason.
    @inlinable
    public init(jsonString: String, options: JSONDecodingOptions = JSONDecodingOptions()) throws(WireError) {
        self.init()
        try merge(jsonString: jsonString, options: options)
    }

    /// Decodes a message from proto3 JSON held as UTF-8 in contiguous memory (`[UInt8]`,
    /// `ArraySlice<UInt8>`, `Data`, `UnsafeRawBufferPointer`), reading it in place.
    @inlinable
    public init(jsonUTF8Bytes bytes: some ContiguousBytes, options: JSONDecodingOptions = JSONDecodingOptions()) throws(WireError) {
        self.init()
        try merge(jsonUTF8Bytes: bytes, options: options)
    }

    /// Decodes proto3 JSON text and merges it into this message: fields in the JSON replace
    /// those here (submessages merge, repeated fields and maps append).
    @inlinable
    public mutating func merge(jsonString: String, options: JSONDecodingOptions = JSONDecodingOptions()) throws(WireError) {
        var text = jsonString
        let result: Result<Void, WireError> = text.withUTF8 { utf8 in
            Result { () throws(WireError) in try self.merge(jsonBuffer: UnsafeRawBufferPointer(utf8), options: options) }
        }
        try result.get()
    }

    /// Decodes proto3 JSON from UTF-8 bytes and merges it into this message.
    @inlinable
    public mutating func merge(jsonUTF8Bytes bytes: some ContiguousBytes, options: JSONDecodingOptions = JSONDecodingOptions()) throws(WireError) {
        let result: Result<Void, WireError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in try self.merge(jsonBuffer: buffer, options: options) }
        }
        try result.get()
    }

    /// Decodes proto3 JSON from raw memory and merges it into this message. A top-level
    /// `null` is rejected (except for `google.protobuf.Value`, where it is the null value).
    @inlinable
    public mutating func merge(jsonBuffer buffer: UnsafeRawBufferPointer, options: JSONDecodingOptions = JSONDecodingOptions()) throws(WireError) {
        var reader = JSONReader(buffer, options: options)
        if Self.self != Google_Protobuf_Value.self {
            let at = reader.pointer
            if try reader.readNull() {
                throw reader.error(.invalidJSONValue, at: at, "the top-level value is null; a \(Self.protoMessageName) must be a JSON object")
            }
        }
        try reader.readMessage(into: &self)
        try reader.finish()
    }

    /// Encodes the message as proto3 JSON text.
    ///
    /// - Throws: ``WireError`` with code ``WireError/Code/notRepresentableInJSON`` when a
    ///   well-known type holds a value JSON cannot express (a timestamp outside years
    ///   1–9999, a field mask path that does not round-trip, an `Any` of a type not in
    ///   ``JSONEncodingOptions/typeRegistry``).
    @inlinable
    public func jsonString(options: JSONEncodingOptions = JSONEncodingOptions()) throws(WireError) -> String {
        String(decoding: try jsonUTF8Bytes(options: options), as: UTF8.self)
    }

    /// Encodes the message as proto3 JSON in UTF-8.
    @inlinable
    public func jsonUTF8Bytes(options: JSONEncodingOptions = JSONEncodingOptions()) throws(WireError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try _protoWriteJSON(&writer)
        return writer.bytes
    }
}
