// ProtobufCNormalizer.swift: rewrites ProtoWire's TestAllTypes3 bytes into what protobuf-c 1.4.1 packs.

/// Accounts, in bytes, for exactly two known protobuf-c 1.4.1 behaviours, so that everything
/// else can be compared byte for byte:
///
/// 1. protobuf-c gives the key and value of a proto3 map entry implicit presence and leaves
///    them out when zero (0, false, empty string or bytes, and ±0.0 for float and double
///    values). ProtoWire, like Google's C++, upb and Go, always writes both.
/// 2. protobuf-c decides that a proto3 implicit float or double is zero with `== 0`, so it
///    drops -0.0; ProtoWire, like current Google C++ (which compares bit patterns), writes
///    -0.0. In TestAllTypes3 this affects `f_float` (11) and `f_double` (12).
///
/// The rewrite walks TestAllTypes3 (recursing into fields 120 and 121), drops those fields and
/// re-computes the enclosing lengths. It never adds bytes and keeps every other byte as it was.
/// It only ever reads ProtoWire's output, so it also insists that every map entry holds
/// exactly a key then a value, which is what ProtoWire promises to write.
enum ProtobufCNormalizer {
    /// Returns the protobuf-c form of an encoded TestAllTypes3, or nil if `bytes` is malformed.
    static func allTypes3(_ bytes: [UInt8]) -> [UInt8]? {
        message3(bytes, 0..<bytes.count)
    }

    private static let mapFields: ClosedRange<UInt64> = 71...83
    private static let recursiveFields: Set<UInt64> = [120, 121]
    /// Maps whose values are messages: protobuf-c writes those whenever the pointer is set.
    private static let messageValueMaps: Set<UInt64> = [77, 83]

    private static func message3(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8]? {
        var out: [UInt8] = []
        var c = Cursor(bytes: bytes, at: range.lowerBound, end: range.upperBound)
        while c.at < c.end {
            let start = c.at
            guard let tag = c.varint(), let field = c.skipValue(wireType: tag & 7) else { return nil }
            let number = tag >> 3
            if let payload = field.payload {
                if recursiveFields.contains(number) {
                    guard let inner = message3(bytes, payload) else { return nil }
                    appendLengthDelimited(tag, inner, to: &out)
                    continue
                }
                if mapFields.contains(number) {
                    guard let entry = mapEntry(bytes, payload, mapField: number) else { return nil }
                    appendLengthDelimited(tag, entry, to: &out)
                    continue
                }
            }
            if number == 11 && field.bits == 0x8000_0000 && tag & 7 == 5 { continue }
            if number == 12 && field.bits == 1 << 63 && tag & 7 == 1 { continue }
            out.append(contentsOf: bytes[start..<c.at])
        }
        return out
    }

    private static func mapEntry(_ bytes: [UInt8], _ range: Range<Int>, mapField: UInt64) -> [UInt8]? {
        var out: [UInt8] = []
        var c = Cursor(bytes: bytes, at: range.lowerBound, end: range.upperBound)
        var expected: UInt64 = 1
        while c.at < c.end {
            let start = c.at
            guard let tag = c.varint(), let field = c.skipValue(wireType: tag & 7) else { return nil }
            // ProtoWire writes the key (1) and then the value (2), always; anything else is a
            // ProtoWire regression, reported as a walk failure.
            guard tag >> 3 == expected else { return nil }
            expected += 1
            let isValue = tag >> 3 == 2
            let zero: Bool
            switch tag & 7 {
            case 0: zero = field.bits == 0
            case 5: zero = field.bits == 0 || (isValue && mapField == 75 && field.bits == 0x8000_0000)
            case 1: zero = field.bits == 0 || (isValue && mapField == 74 && field.bits == 1 << 63)
            case 2: zero = field.payload?.isEmpty == true && !(isValue && messageValueMaps.contains(mapField))
            default: zero = false
            }
            if !zero { out.append(contentsOf: bytes[start..<c.at]) }
        }
        return expected == 3 ? out : nil
    }

    private static func appendLengthDelimited(_ tag: UInt64, _ payload: [UInt8], to out: inout [UInt8]) {
        appendVarint(tag, to: &out)
        appendVarint(UInt64(payload.count), to: &out)
        out.append(contentsOf: payload)
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// A bounds-checked reader over one message's bytes.
    private struct Cursor {
        let bytes: [UInt8]
        var at: Int
        let end: Int

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while at < end, shift < 64 {
                let b = bytes[at]
                at += 1
                value |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        /// Skips one value; returns its scalar bits (varint, fixed) or its payload range.
        mutating func skipValue(wireType: UInt64) -> (bits: UInt64, payload: Range<Int>?)? {
            switch wireType {
            case 0:
                guard let v = varint() else { return nil }
                return (v, nil)
            case 1, 5:
                let width = wireType == 1 ? 8 : 4
                guard end - at >= width else { return nil }
                var bits: UInt64 = 0
                for i in 0..<width { bits |= UInt64(bytes[at + i]) << UInt64(8 * i) }
                at += width
                return (bits, nil)
            case 2:
                guard let n = varint(), n <= UInt64(end - at) else { return nil }
                let payload = at..<(at + Int(n))
                at += Int(n)
                return (0, payload)
            default:
                return nil
            }
        }
    }
}
