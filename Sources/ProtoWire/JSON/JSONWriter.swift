// JSONWriter.swift: appends JSON into one growing byte buffer: punctuation, keys, strings, numbers.

/// Writes proto3 JSON into one growing `[UInt8]`.
///
/// Generated `_protoWriteJSON` methods drive it: ``beginObject()``, then for each field to
/// write ``key(_:_:)`` and one value call, then ``endObject()``. The writer puts the commas in:
///
/// ```
/// beginObject  key(0) value  key(3) value  endObject
///      {       "a":   1    , "d":   "x"        }
/// ```
public struct JSONWriter {
    /// The JSON written so far.
    public var bytes: [UInt8] { buffer }
    @usableFromInline var buffer: [UInt8] = []
    /// Whether the next key or element needs a `,` before it.
    @usableFromInline var needsComma = false
    /// The options the encode started with.
    public let options: JSONEncodingOptions
    /// Whether fields without presence are written even when they hold their default
    /// (``JSONEncodingOptions/alwaysPrintFieldsWithoutPresence``).
    public let emitDefaults: Bool
    @usableFromInline let useProtoNames: Bool
    @usableFromInline let enumsAsInts: Bool

    /// A writer producing JSON as `options` say (field names, defaults, enums as numbers).
    public init(options: JSONEncodingOptions = JSONEncodingOptions()) {
        self.options = options
        emitDefaults = options.alwaysPrintFieldsWithoutPresence
        useProtoNames = options.preserveProtoFieldNames
        enumsAsInts = options.alwaysPrintEnumsAsInts
        buffer.reserveCapacity(256)
    }

    /// `"name":`, escaped, as a key ready to append.
    static func quotedKey(_ name: String) -> [UInt8] {
        var w = JSONWriter()
        w.writeString(name)
        w.buffer.append(0x3A)
        return w.buffer
    }

    // MARK: Structure

    /// Appends a raw byte.
    @inlinable
    public mutating func append(_ byte: UInt8) { buffer.append(byte) }

    /// Writes `{`.
    @inlinable
    public mutating func beginObject() {
        buffer.append(0x7B)
        needsComma = false
    }

    /// Writes `}`.
    @inlinable
    public mutating func endObject() {
        buffer.append(0x7D)
        needsComma = true
    }

    /// Writes `[`.
    @inlinable
    public mutating func beginArray() {
        buffer.append(0x5B)
        needsComma = false
    }

    /// Writes `]`.
    @inlinable
    public mutating func endArray() {
        buffer.append(0x5D)
        needsComma = true
    }

    /// Writes the `,` before an array element, if one is needed.
    @inlinable
    public mutating func elementSeparator() {
        if needsComma { buffer.append(0x2C) }
        needsComma = true
    }

    /// Writes the key of field `index` of `table` (JSON name, or proto name with
    /// ``JSONEncodingOptions/preserveProtoFieldNames``), with the `,` before it if needed.
    @inlinable
    public mutating func key(_ table: JSONFieldTable, _ index: Int) {
        if needsComma { buffer.append(0x2C) }
        needsComma = true
        buffer.append(contentsOf: useProtoNames ? table.protoKeys[index] : table.jsonKeys[index])
    }

    /// Writes an arbitrary key (escaped), with the `,` before it if needed.
    @inlinable
    public mutating func key(_ name: String) {
        if needsComma { buffer.append(0x2C) }
        needsComma = true
        writeString(name)
        buffer.append(0x3A)
    }

    /// Writes `null`.
    @inlinable
    public mutating func writeNull() { appendASCII("null") }

    /// Writes `true` or `false`.
    @inlinable
    public mutating func writeBool(_ v: Bool) { appendASCII(v ? "true" : "false") }

    /// Appends ASCII text verbatim.
    @inlinable
    public mutating func appendASCII(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends raw bytes verbatim (already valid JSON).
    @inlinable
    public mutating func appendRaw(_ raw: [UInt8]) { buffer.append(contentsOf: raw) }

    // MARK: Strings

    /// Writes `s` as a JSON string: `"` and `\` escaped, control characters as `\n`-style or
    /// `\u00XX` escapes, everything else (valid UTF-8) verbatim.
    @inlinable
    public mutating func writeString(_ s: String) {
        if let done = s.utf8.withContiguousStorageIfAvailable({ writeString(UnsafeRawBufferPointer($0)) }) { return done }
        var copy = s
        copy.withUTF8 { writeString(UnsafeRawBufferPointer($0)) }
    }

    /// Writes UTF-8 bytes as a JSON string.
    @inlinable
    public mutating func writeString(_ utf8: UnsafeRawBufferPointer) {
        buffer.append(0x22)
        var runStart = 0
        let n = utf8.count
        var i = 0
        while i < n {
            let b = utf8[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C {
                i &+= 1
                continue
            }
            if i > runStart { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<i])) }
            appendEscape(b)
            i &+= 1
            runStart = i
        }
        if n > runStart { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<n])) }
        buffer.append(0x22)
    }

    @usableFromInline
    mutating func appendEscape(_ b: UInt8) {
        switch b {
        case 0x22: buffer.append(0x5C); buffer.append(0x22)
        case 0x5C: buffer.append(0x5C); buffer.append(0x5C)
        case 0x08: buffer.append(0x5C); buffer.append(0x62)
        case 0x0C: buffer.append(0x5C); buffer.append(0x66)
        case 0x0A: buffer.append(0x5C); buffer.append(0x6E)
        case 0x0D: buffer.append(0x5C); buffer.append(0x72)
        case 0x09: buffer.append(0x5C); buffer.append(0x74)
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            buffer.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
        }
    }

    /// Writes bytes as a standard, padded base64 string.
    @inlinable
    public mutating func writeBase64(_ data: UnsafeRawBufferPointer) {
        buffer.append(0x22)
        Base64.encode(data, into: &buffer)
        buffer.append(0x22)
    }
}
