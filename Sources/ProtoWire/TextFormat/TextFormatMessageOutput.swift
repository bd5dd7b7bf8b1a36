// TextFormatMessageOutput.swift: the binary form of one parsed message, fields gathered by number, written with WireWriter.

/// Collects the binary encoding of one message while its text is parsed, and writes it out
/// in field-number order: each field's values together, repeated packed fields as one run,
/// as generated code would serialize the same message.
///
/// ```
/// text:    b: 2  a: 1  b: 3            (b repeated, packed)
/// binary:  [a: 1] [b: len 2, 2 3]
/// ```
///
/// Every value goes through ``WireWriter`` into a buffer of its exact size; a submessage is
/// parsed into its own output first, then written length-prefixed into its parent.
struct TextFormatMessageOutput {
    private var fields: [Int32: [UInt8]] = [:]
    private var packed: [Int32: [UInt8]] = [:]

    /// One scalar value as it travels on the wire.
    enum Value {
        case varint(UInt64)
        case fixed32(UInt32)
        case fixed64(UInt64)
        case bytes([UInt8])

        /// Zero bits or empty: what implicit-presence (proto3) fields leave out.
        var isDefault: Bool {
            switch self {
            case .varint(let v), .fixed64(let v): v == 0
            case .fixed32(let v): v == 0
            case .bytes(let b): b.isEmpty
            }
        }
    }

    /// Appends one value of `field`: into the packed run of a packed repeated field, tagged
    /// otherwise.
    mutating func append(_ value: Value, of field: FieldSchema) {
        if field.isRepeated && field.isPacked && !Self.isLengthDelimited(value) {
            Self.write(value, into: &packed[field.number, default: []])
            return
        }
        var bytes = fields[field.number] ?? []
        Self.writeTag(field.number, wireType(of: value), into: &bytes)
        Self.write(value, into: &bytes)
        fields[field.number] = bytes
    }

    /// Appends a group: start tag, body, end tag.
    mutating func appendGroup(_ body: [UInt8], number: Int32) {
        var bytes = fields[number] ?? []
        Self.writeTag(number, .startGroup, into: &bytes)
        bytes.append(contentsOf: body)
        Self.writeTag(number, .endGroup, into: &bytes)
        fields[number] = bytes
    }

    /// Appends a length-delimited value under `number` (strings, bytes, submessages).
    mutating func appendLengthDelimited(_ payload: [UInt8], number: Int32) {
        var bytes = fields[number] ?? []
        Self.writeTag(number, .lengthDelimited, into: &bytes)
        Self.write(.bytes(payload), into: &bytes)
        fields[number] = bytes
    }

    /// The message's bytes, fields in number order.
    func finish() -> [UInt8] {
        var out: [UInt8] = []
        for number in Set(fields.keys).union(packed.keys).sorted() {
            if let run = packed[number] {
                Self.writeTag(number, .lengthDelimited, into: &out)
                Self.write(.bytes(run), into: &out)
            }
            if let bytes = fields[number] { out.append(contentsOf: bytes) }
        }
        return out
    }

    // MARK: Writing through WireWriter

    private static func isLengthDelimited(_ value: Value) -> Bool {
        if case .bytes = value { return true }
        return false
    }

    private func wireType(of value: Value) -> WireType {
        switch value {
        case .varint: .varint
        case .fixed32: .fixed32
        case .fixed64: .fixed64
        case .bytes: .lengthDelimited
        }
    }

    /// Grows `bytes` by `count` and lets a ``WireWriter`` fill exactly those bytes.
    private static func withWriter(_ count: Int, into bytes: inout [UInt8], _ body: (inout WireWriter) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { buffer in
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[start...])
            let noSizes: [Int] = []
            noSizes.withUnsafeBufferPointer { sizes in
                var writer = WireWriter(buffer: slice, sizes: sizes, deterministic: false)
                body(&writer)
                precondition(writer.remaining == 0, "ProtoWire: text format output wrote less than it sized")
            }
        }
    }

    static func writeTag(_ number: Int32, _ wireType: WireType, into bytes: inout [UInt8]) {
        let tag = FieldTag(fieldNumber: Int(number), wireType: wireType)
        withWriter(Varint.size(UInt64(tag.rawValue)), into: &bytes) { $0.writeTag(tag.rawValue) }
    }

    static func write(_ value: Value, into bytes: inout [UInt8]) {
        switch value {
        case .varint(let v):
            withWriter(Varint.size(v), into: &bytes) { $0.writeVarint(v) }
        case .fixed32(let v):
            withWriter(4, into: &bytes) { $0.writeFixed32(v) }
        case .fixed64(let v):
            withWriter(8, into: &bytes) { $0.writeFixed64(v) }
        case .bytes(let payload):
            withWriter(Varint.size(UInt64(payload.count)) + payload.count, into: &bytes) { writer in
                writer.writeVarint(UInt64(payload.count))
                payload.withUnsafeBytes { writer.writeRawBytes($0) }
            }
        }
    }
}
