// LengthDelimitedCodecs.swift: codecs for string, bytes and message fields.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// `string`: a length-prefixed UTF-8 payload, validated on decode.
public enum WireString: WireFieldCodec {
    public static var wireType: WireType { .lengthDelimited }
    public static var defaultValue: String { "" }
    @inlinable public static func size(of value: String, _ cache: inout SizeCache) -> Int {
        let n = value.utf8.count
        return Varint.size(UInt64(n)) &+ n
    }
    @inlinable public static func write(_ value: String, _ writer: inout WireWriter) {
        // Native and small strings lend their UTF-8 without the copy `withUTF8` needs (a retain).
        let lent: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            writer.writeVarint(UInt64(utf8.count))
            writer.writeRawBytes(UnsafeRawBufferPointer(utf8))
        }
        if lent != nil { return }
        var value = value
        value.withUTF8 { utf8 in
            writer.writeVarint(UInt64(utf8.count))
            writer.writeRawBytes(UnsafeRawBufferPointer(utf8))
        }
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> String {
        try reader.readString()
    }
}

/// `bytes`: a length-prefixed payload, copied into `Data` on decode.
public enum WireBytes: WireFieldCodec {
    public static var wireType: WireType { .lengthDelimited }
    public static var defaultValue: Data { Data() }
    @inlinable public static func size(of value: Data, _ cache: inout SizeCache) -> Int {
        let n = value.count
        return Varint.size(UInt64(n)) &+ n
    }
    @inlinable public static func write(_ value: Data, _ writer: inout WireWriter) {
        writer.writeVarint(UInt64(value.count))
        value.withUnsafeBytes { writer.writeRawBytes($0) }
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> Data {
        let bytes = try reader.readLengthDelimited()
        return bytes.isEmpty ? Data() : Data(bytes)
    }
}

/// An embedded message: a length prefix (taken from the size cache) and the message's fields.
public enum WireMessage<M: ProtoMessage>: WireFieldCodec {
    public static var wireType: WireType { .lengthDelimited }
    public static var defaultValue: M { M() }
    @inlinable public static func size(of value: M, _ cache: inout SizeCache) -> Int {
        let slot = cache.reserve()
        let n = value._protoSize(&cache)
        cache.store(n, at: slot)
        return Varint.size(UInt64(n)) &+ n
    }
    @inlinable public static func write(_ value: M, _ writer: inout WireWriter) {
        writer.writeVarint(UInt64(writer.nextCachedSize()))
        value._protoWrite(&writer)
    }
    @inlinable public static func read(_ reader: inout WireReader) throws(WireError) -> M {
        var m = M()
        try reader.readMessage(into: &m)
        return m
    }
    /// A message seen again merges into the one already there.
    @inlinable public static func merge(_ reader: inout WireReader, into value: inout M) throws(WireError) {
        try reader.readMessage(into: &value)
    }
}
