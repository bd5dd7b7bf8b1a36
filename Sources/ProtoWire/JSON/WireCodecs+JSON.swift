// WireCodecs+JSON.swift: the proto3 JSON form of every field codec's values.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension WireFieldCodec {
    /// `null` means "default" for every type but `google.protobuf.Value` and `NullValue`.
    @inlinable public static var jsonNullIsValue: Bool { false }
}

extension WireInt32 {
    /// A JSON number.
    @inlinable public static func writeJSON(_ value: Int32, _ writer: inout JSONWriter) { writer.writeInt32(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Int32? { try reader.readInt32() }
}
extension WireSInt32 {
    /// A JSON number.
    @inlinable public static func writeJSON(_ value: Int32, _ writer: inout JSONWriter) { writer.writeInt32(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Int32? { try reader.readInt32() }
}
extension WireSFixed32 {
    /// A JSON number.
    @inlinable public static func writeJSON(_ value: Int32, _ writer: inout JSONWriter) { writer.writeInt32(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Int32? { try reader.readInt32() }
}
extension WireUInt32 {
    /// A JSON number.
    @inlinable public static func writeJSON(_ value: UInt32, _ writer: inout JSONWriter) { writer.writeUInt32(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> UInt32? { try reader.readUInt32() }
}
extension WireFixed32 {
    /// A JSON number.
    @inlinable public static func writeJSON(_ value: UInt32, _ writer: inout JSONWriter) { writer.writeUInt32(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> UInt32? { try reader.readUInt32() }
}
extension WireInt64 {
    /// A JSON string.
    @inlinable public static func writeJSON(_ value: Int64, _ writer: inout JSONWriter) { writer.writeInt64(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Int64? { try reader.readInt64() }
}
extension WireSInt64 {
    /// A JSON string.
    @inlinable public static func writeJSON(_ value: Int64, _ writer: inout JSONWriter) { writer.writeInt64(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Int64? { try reader.readInt64() }
}
extension WireSFixed64 {
    /// A JSON string.
    @inlinable public static func writeJSON(_ value: Int64, _ writer: inout JSONWriter) { writer.writeInt64(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Int64? { try reader.readInt64() }
}
extension WireUInt64 {
    /// A JSON string.
    @inlinable public static func writeJSON(_ value: UInt64, _ writer: inout JSONWriter) { writer.writeUInt64(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> UInt64? { try reader.readUInt64() }
}
extension WireFixed64 {
    /// A JSON string.
    @inlinable public static func writeJSON(_ value: UInt64, _ writer: inout JSONWriter) { writer.writeUInt64(value) }
    /// A number or numeric string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> UInt64? { try reader.readUInt64() }
}
extension WireBool {
    /// `true` or `false`.
    @inlinable public static func writeJSON(_ value: Bool, _ writer: inout JSONWriter) { writer.writeBool(value) }
    /// `true` or `false`.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Bool? { try reader.readBool() }
}
extension WireFloat {
    /// A number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    @inlinable public static func writeJSON(_ value: Float, _ writer: inout JSONWriter) { writer.writeFloat(value) }
    /// A number or string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Float? { try reader.readFloat() }
}
extension WireDouble {
    /// A number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    @inlinable public static func writeJSON(_ value: Double, _ writer: inout JSONWriter) { writer.writeDouble(value) }
    /// A number or string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Double? { try reader.readDouble() }
}
extension WireString {
    /// A JSON string.
    @inlinable public static func writeJSON(_ value: String, _ writer: inout JSONWriter) { writer.writeString(value) }
    /// A JSON string.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> String? { try reader.readString() }
}
extension WireBytes {
    /// Standard base64 with padding.
    @inlinable public static func writeJSON(_ value: Data, _ writer: inout JSONWriter) {
        value.withUnsafeBytes { writer.writeBase64($0) }
    }
    /// Standard or URL-safe base64, padded or not.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> Data? { try reader.readBytes() }
}
extension WireEnum {
    /// The value's name; numbers the enum does not declare (and every value with
    /// ``JSONEncodingOptions/alwaysPrintEnumsAsInts``) as numbers; `NullValue` as `null`.
    @inlinable public static func writeJSON(_ value: E, _ writer: inout JSONWriter) {
        if E.self == Google_Protobuf_NullValue.self {
            writer.writeNull()
        } else if !writer.enumsAsInts, let name = E._protoNames.quotedName(of: value.rawValue) {
            writer.appendRaw(name)
        } else {
            writer.writeInt32(Int32(truncatingIfNeeded: value.rawValue))
        }
    }
    /// A name or a number; `nil` for an ignored unknown name.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> E? { try reader.readEnum(E.self) }
    /// `null` is the value of a `NullValue` field.
    @inlinable public static var jsonNullIsValue: Bool { E.self == Google_Protobuf_NullValue.self }
}
extension WireMessage {
    /// The message's JSON (an object, or a well-known type's special form).
    @inlinable public static func writeJSON(_ value: M, _ writer: inout JSONWriter) throws(WireError) {
        try value._protoWriteJSON(&writer)
    }
    /// A new message read from the next value.
    @inlinable public static func readJSON(_ reader: inout JSONReader) throws(WireError) -> M? {
        var m = M()
        try reader.readMessage(into: &m)
        return m
    }
    /// `null` is the value of a `google.protobuf.Value` field.
    @inlinable public static var jsonNullIsValue: Bool { M.self == Google_Protobuf_Value.self }
}

/// A codec whose values can key a map, and so appear in JSON as object keys (always strings).
public protocol JSONMapKeyCodec: WireFieldCodec where Value: ProtoMapKey {
    /// Writes `"key":`, with the `,` before it if needed.
    static func writeJSONKey(_ key: Value, _ writer: inout JSONWriter)
    /// Parses an object key.
    static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Value
}

extension JSONWriter {
    /// Writes `"<decimal>":` for an integer map key.
    @inlinable
    public mutating func integerKey(_ v: Int64) {
        if needsComma { buffer.append(0x2C) }
        needsComma = true
        buffer.append(0x22)
        writeDecimal(v)
        buffer.append(0x22)
        buffer.append(0x3A)
    }

    /// Writes `"<decimal>":` for an unsigned map key.
    @inlinable
    public mutating func unsignedKey(_ v: UInt64) {
        if needsComma { buffer.append(0x2C) }
        needsComma = true
        buffer.append(0x22)
        writeDecimal(v)
        buffer.append(0x22)
        buffer.append(0x3A)
    }
}

extension JSONReader {
    /// Parses an integer map key (a plain decimal integer) in `min...max`.
    @usableFromInline
    func integerKey(_ key: JSONString, min: Int64, max: UInt64) throws(WireError) -> (UInt64, Bool) {
        let parsed: (UInt64, Bool)? = key.withBytes { (b: UnsafeRawBufferPointer) -> (UInt64, Bool)? in
            guard let base = b.baseAddress, !b.isEmpty else { return nil }
            guard let (n, after) = try? scanNumber(at: base, limit: base + b.count), after == base + b.count, n.isPlainInteger else { return nil }
            return n.integer(min: min, max: max)
        }
        guard let parsed else {
            throw error(.invalidJSONValue, at: start + key.offset, "the map key '\(key.string)' is not an integer in range for the map's key type")
        }
        return parsed
    }
}

/// Signed 32-bit map keys.
extension WireInt32: JSONMapKeyCodec {
    /// `"-1":`.
    @inlinable public static func writeJSONKey(_ key: Int32, _ writer: inout JSONWriter) { writer.integerKey(Int64(key)) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Int32 {
        let (m, neg) = try reader.integerKey(key, min: Int64(Int32.min), max: UInt64(Int32.max))
        return Int32(truncatingIfNeeded: neg ? 0 &- m : m)
    }
}
extension WireSInt32: JSONMapKeyCodec {
    /// `"-1":`.
    @inlinable public static func writeJSONKey(_ key: Int32, _ writer: inout JSONWriter) { writer.integerKey(Int64(key)) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Int32 {
        try WireInt32.readJSONKey(key, &reader)
    }
}
extension WireSFixed32: JSONMapKeyCodec {
    /// `"-1":`.
    @inlinable public static func writeJSONKey(_ key: Int32, _ writer: inout JSONWriter) { writer.integerKey(Int64(key)) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Int32 {
        try WireInt32.readJSONKey(key, &reader)
    }
}
extension WireInt64: JSONMapKeyCodec {
    /// `"-1":`.
    @inlinable public static func writeJSONKey(_ key: Int64, _ writer: inout JSONWriter) { writer.integerKey(key) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Int64 {
        let (m, neg) = try reader.integerKey(key, min: Int64.min, max: UInt64(Int64.max))
        return Int64(truncatingIfNeeded: neg ? 0 &- m : m)
    }
}
extension WireSInt64: JSONMapKeyCodec {
    /// `"-1":`.
    @inlinable public static func writeJSONKey(_ key: Int64, _ writer: inout JSONWriter) { writer.integerKey(key) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Int64 {
        try WireInt64.readJSONKey(key, &reader)
    }
}
extension WireSFixed64: JSONMapKeyCodec {
    /// `"-1":`.
    @inlinable public static func writeJSONKey(_ key: Int64, _ writer: inout JSONWriter) { writer.integerKey(key) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Int64 {
        try WireInt64.readJSONKey(key, &reader)
    }
}
extension WireUInt32: JSONMapKeyCodec {
    /// `"1":`.
    @inlinable public static func writeJSONKey(_ key: UInt32, _ writer: inout JSONWriter) { writer.unsignedKey(UInt64(key)) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> UInt32 {
        UInt32(truncatingIfNeeded: try reader.integerKey(key, min: 0, max: UInt64(UInt32.max)).0)
    }
}
extension WireFixed32: JSONMapKeyCodec {
    /// `"1":`.
    @inlinable public static func writeJSONKey(_ key: UInt32, _ writer: inout JSONWriter) { writer.unsignedKey(UInt64(key)) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> UInt32 {
        try WireUInt32.readJSONKey(key, &reader)
    }
}
extension WireUInt64: JSONMapKeyCodec {
    /// `"1":`.
    @inlinable public static func writeJSONKey(_ key: UInt64, _ writer: inout JSONWriter) { writer.unsignedKey(key) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> UInt64 {
        try reader.integerKey(key, min: 0, max: UInt64.max).0
    }
}
extension WireFixed64: JSONMapKeyCodec {
    /// `"1":`.
    @inlinable public static func writeJSONKey(_ key: UInt64, _ writer: inout JSONWriter) { writer.unsignedKey(key) }
    /// A decimal key.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> UInt64 {
        try WireUInt64.readJSONKey(key, &reader)
    }
}
extension WireBool: JSONMapKeyCodec {
    /// `"true":` or `"false":`.
    @inlinable public static func writeJSONKey(_ key: Bool, _ writer: inout JSONWriter) { writer.key(key ? "true" : "false") }
    /// `"true"` or `"false"`.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> Bool {
        if key.equals("true") { return true }
        if key.equals("false") { return false }
        throw reader.error(.invalidJSONValue, at: reader.start + key.offset, "the map key '\(key.string)' is not 'true' or 'false'")
    }
}
extension WireString: JSONMapKeyCodec {
    /// The escaped string.
    @inlinable public static func writeJSONKey(_ key: String, _ writer: inout JSONWriter) { writer.key(key) }
    /// The key as it is.
    @inlinable public static func readJSONKey(_ key: JSONString, _ reader: inout JSONReader) throws(WireError) -> String { key.string }
}

extension JSONWriter {
    /// Writes a repeated field's values as a JSON array.
    @inlinable
    public mutating func writeRepeated<C: WireFieldCodec>(_: C.Type, _ values: [C.Value]) throws(WireError) {
        beginArray()
        try values.forEachInPlace { v throws(WireError) in
            elementSeparator()
            try C.writeJSON(v, &self)
        }
        endArray()
    }

    /// Writes a map as a JSON object with stringified keys, in ascending key order.
    @inlinable
    public mutating func writeMap<K: JSONMapKeyCodec, V: WireFieldCodec>(_: K.Type, _: V.Type, _ map: [K.Value: V.Value]) throws(WireError) {
        beginObject()
        if map.count == 1, let (k, v) = map.first {
            K.writeJSONKey(k, &self)
            try V.writeJSON(v, &self)
        } else if !map.isEmpty {
            for (k, v) in map.sorted(by: { K.Value.protoKeyPrecedes($0.key, $1.key) }) {
                K.writeJSONKey(k, &self)
                try V.writeJSON(v, &self)
            }
        }
        endObject()
    }
}
