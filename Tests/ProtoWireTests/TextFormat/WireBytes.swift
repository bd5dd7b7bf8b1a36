// WireBytes.swift: hand-encoded binary fields for the text format printer tests (independent of the code under test).

/// Binary fields encoded by hand: tag, then the value, little-endian or varint as protobuf says.
enum WireBytes {
    static func varintBytes(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
        return out
    }

    static func tag(_ number: Int, _ wireType: UInt64) -> [UInt8] { varintBytes(UInt64(number) << 3 | wireType) }

    static func varint(_ number: Int, _ value: UInt64) -> [UInt8] { tag(number, 0) + varintBytes(value) }

    static func varint(_ number: Int, signed value: Int64) -> [UInt8] { varint(number, UInt64(bitPattern: value)) }

    static func fixed32(_ number: Int, _ value: UInt32) -> [UInt8] {
        tag(number, 5) + (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func fixed64(_ number: Int, _ value: UInt64) -> [UInt8] {
        tag(number, 1) + (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func bytes(_ number: Int, _ payload: [UInt8]) -> [UInt8] {
        tag(number, 2) + varintBytes(UInt64(payload.count)) + payload
    }

    static func string(_ number: Int, _ text: String) -> [UInt8] { bytes(number, Array(text.utf8)) }

    static func group(_ number: Int, _ body: [UInt8]) -> [UInt8] { tag(number, 3) + body + tag(number, 4) }
}
