// WireFieldList.swift: a message's binary fields read into a list of (number, wire type, value), for the printer.

/// One field as it appeared in binary input, its value not yet interpreted.
///
/// Payloads borrow the input buffer: a list is valid only while that buffer is.
struct RawWireField {
    /// The value as the wire type carries it.
    enum Value {
        case varint(UInt64)
        case fixed32(UInt32)
        case fixed64(UInt64)
        /// A length-delimited payload (without its length prefix).
        case bytes(UnsafeRawBufferPointer)
        /// A group's body (between its start-group and end-group tags).
        case group(UnsafeRawBufferPointer)
    }

    let number: Int32
    let value: Value

    /// The wire type the value travelled with.
    var wireType: WireType {
        switch value {
        case .varint: .varint
        case .fixed32: .fixed32
        case .fixed64: .fixed64
        case .bytes: .lengthDelimited
        case .group: .startGroup
        }
    }
}

enum WireFieldList {
    /// Reads every field of one message body (or group body) in `buffer`. Offsets in errors
    /// count from `base`, the position of `buffer` in the printer's whole input.
    static func read(_ buffer: UnsafeRawBufferPointer, base: Int, maxDepth: Int) throws(WireError) -> [RawWireField] {
        var reader = WireReader(buffer, options: DecodingOptions(maxDepth: max(maxDepth, 1)))
        var fields: [RawWireField] = []
        do {
            while let tag = try reader.readTag() {
                let number = Int32(truncatingIfNeeded: tag.fieldNumber)
                switch tag.wireType {
                case .varint:
                    fields.append(RawWireField(number: number, value: .varint(try reader.readVarint())))
                case .fixed32:
                    fields.append(RawWireField(number: number, value: .fixed32(try reader.readFixed32())))
                case .fixed64:
                    fields.append(RawWireField(number: number, value: .fixed64(try reader.readFixed64())))
                case .lengthDelimited:
                    fields.append(RawWireField(number: number, value: .bytes(try reader.readLengthDelimited())))
                case .startGroup:
                    let bodyStart = reader.pointer
                    try reader.skipField(tag)
                    let endTagSize = Varint.size(UInt64(tag.fieldNumber) << 3 | 4)
                    let body = UnsafeRawBufferPointer(start: bodyStart, count: reader.pointer - bodyStart - endTagSize)
                    fields.append(RawWireField(number: number, value: .group(body)))
                case .endGroup:
                    break  // readTag never returns end-group tags
                }
            }
        } catch {
            throw WireError(error.code, offset: error.offset.map { $0 + base }, error.message)
        }
        return fields
    }
}
