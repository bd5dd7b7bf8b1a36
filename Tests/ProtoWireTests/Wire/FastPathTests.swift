// FastPathTests.swift: the word-at-a-time varint, packed-run and string paths agree with the spec.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias Msg = Protohttp_Test_TestAllTypes3

/// Reference varint encoder, one byte at a time, straight from the encoding spec.
private func varint(_ value: UInt64) -> [UInt8] {
    var out: [UInt8] = []
    var v = value
    while v >= 0x80 {
        out.append(UInt8(truncatingIfNeeded: v) | 0x80)
        v >>= 7
    }
    out.append(UInt8(v))
    return out
}

@Suite struct FastPathTests {
    /// Values of every varint length, 1 through 10 bytes, and the edges between lengths.
    static let edgeValues: [Int64] = {
        var values: [Int64] = [0, 1, 127, 128, -1, .min, .max]
        for bits in stride(from: 7, through: 63, by: 7) {
            let edge = Int64(bitPattern: UInt64(1) << UInt64(bits))
            values += [edge &- 1, edge, edge &+ 1]
        }
        return values
    }()

    @Test func packedInt64OfEveryLengthMatchesReferenceBytes() throws {
        var m = Msg()
        m.rInt64 = Self.edgeValues
        let payload = Self.edgeValues.flatMap { varint(UInt64(bitPattern: $0)) }
        let expected: [UInt8] = [0x82, 0x02] + varint(UInt64(payload.count)) + payload
        #expect(m.serializedBytes() == expected)
        #expect(try Msg(serializedBytes: expected).rInt64 == Self.edgeValues)
    }

    @Test func packedValuesAtTheVeryEndOfTheBufferUseTheCarefulPath() throws {
        // The last values sit within 8 and 10 bytes of the end: stores and loads there must
        // not use the word-at-a-time shortcuts.
        for count in 1...12 {
            var m = Msg()
            m.rInt32 = Array(Self.edgeValues.map { Int32(truncatingIfNeeded: $0) }.suffix(count))
            let bytes = m.serializedBytes()
            let payload = m.rInt32.flatMap { varint(UInt64(bitPattern: Int64($0))) }
            #expect(bytes == [0xFA, 0x01] + varint(UInt64(payload.count)) + payload)
            #expect(try Msg(serializedBytes: bytes).rInt32 == m.rInt32)
        }
    }

    @Test func packedSint64AndUInt64AndBoolRoundTrip() throws {
        var m = Msg()
        m.rSint64 = Self.edgeValues
        m.rUint64 = Self.edgeValues.map { UInt64(bitPattern: $0) }
        m.rBool = [true, false, true]
        m.rEnum = [.red, .negative, .UNRECOGNIZED(1 << 30)]
        let back = try Msg(serializedBytes: m.serializedBytes())
        #expect(back.rSint64 == m.rSint64)
        #expect(back.rUint64 == m.rUint64)
        #expect(back.rBool == m.rBool)
        #expect(back.rEnum == m.rEnum)
    }

    @Test func packedFixedWidthRunsCopyExactBits() throws {
        var m = Msg()
        m.rDouble = [-0.0, .infinity, .nan, 1.5]
        m.rFloat = [.leastNonzeroMagnitude, -1]
        m.rSfixed64 = [.min, .max]
        let bytes = m.serializedBytes()
        let back = try Msg(serializedBytes: bytes)
        #expect(back.rDouble.map(\.bitPattern) == m.rDouble.map(\.bitPattern))
        #expect(back.rFloat.map(\.bitPattern) == m.rFloat.map(\.bitPattern))
        #expect(back.rSfixed64 == m.rSfixed64)
        // Little-endian on the wire: 1.5 is 00 00 00 00 00 00 F8 3F.
        var one = Msg()
        one.rDouble = [1.5]
        #expect(one.serializedBytes() == [0xD2, 0x02, 0x08, 0, 0, 0, 0, 0, 0, 0xF8, 0x3F])
    }

    @Test func malformedVarintInsideALongPackedRunIsReported() throws {
        // Eleven continuation bytes in a 20-byte packed int64 run: the fast path must hand the
        // error to the careful path, which names it.
        let payload: [UInt8] = [UInt8](repeating: 0xFF, count: 11) + [0x01] + [UInt8](repeating: 0x05, count: 8)
        let error = #expect(throws: WireError.self) {
            try Msg(serializedBytes: [0x82, 0x02, UInt8(payload.count)] + payload)
        }
        #expect(error?.code == .malformedVarint)
        #expect(error?.offset == 3)
    }

    @Test func unterminatedVarintAtTheEndOfAPackedRunIsTruncation() throws {
        let error = #expect(throws: WireError.self) {
            try Msg(serializedBytes: [0x82, 0x02, 0x03, 0x01, 0x02, 0x80])
        }
        #expect(error?.code == .truncated)
        #expect(error?.offset == 5)
        // A run of nothing but continuation bytes holds no complete varint at all.
        #expect(throws: WireError.self) { try Msg(serializedBytes: [0x82, 0x02, 0x02, 0x80, 0x80]) }
    }

    @Test func packedRunAppendsToEarlierElements() throws {
        // unpacked 7, then a packed run [8, 9]
        #expect(try Msg(serializedBytes: [0x80, 0x02, 0x07, 0x82, 0x02, 0x02, 0x08, 0x09]).rInt64 == [7, 8, 9])
        // packed fixed32 twice
        let twice: [UInt8] = [0xAA, 0x02, 0x04, 1, 0, 0, 0, 0xAA, 0x02, 0x04, 2, 0, 0, 0]
        #expect(try Msg(serializedBytes: twice).rFixed32 == [1, 2])
    }

    @Test(arguments: [
        "", "a", "exactly8", "longer than eight ASCII bytes", "naïve", "日本語のテキスト", "emoji 🚀 at the end 🚀",
    ])
    func stringsOfEveryShapeRoundTrip(_ text: String) throws {
        var m = Msg()
        m.fString = text
        #expect(try Msg(serializedBytes: m.serializedBytes()).fString == text)
    }

    @Test func invalidUTF8AfterLongASCIIIsRejected() throws {
        let payload = Array("sixteen ascii by".utf8) + [0xE2, 0x28, 0xA1]
        let error = #expect(throws: WireError.self) {
            try Msg(serializedBytes: [0x72, UInt8(payload.count)] + payload)
        }
        #expect(error?.code == .invalidUTF8)
    }

    @Test func truncatedUTF8ThatRepairsToTheSameLengthIsRejected() throws {
        // F0 9F 98 is a 4-byte sequence cut after 3 bytes; repair yields one U+FFFD, also 3 bytes.
        #expect(throws: WireError.self) { try Msg(serializedBytes: [0x72, 0x03, 0xF0, 0x9F, 0x98]) }
    }

    @Test func encodingSmallAndLargeMessagesGivesIdenticalBytesEitherWay() throws {
        // Messages below and above the stack-encoding limit take different allocation paths.
        for length in [0, 10, 1000, 1020, 1030, 5000] {
            var m = Msg()
            m.fString = String(repeating: "x", count: length)
            let bytes = m.serializedBytes()
            #expect(bytes.count == m.serializedSize)
            #expect(try Msg(serializedBytes: bytes).fString.count == length)
        }
    }
}
