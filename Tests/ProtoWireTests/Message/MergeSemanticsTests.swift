// MergeSemanticsTests.swift: how concatenated encodings and merge() combine, per the encoding spec.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias Msg = Protohttp_Test_TestAllTypes3
private typealias Nested = Protohttp_Test_Nested3

@Suite struct MergeSemanticsTests {
    private func nested(_ a: Int32, _ b: String) -> Nested {
        var n = Nested()
        n.a = a
        n.b = b
        return n
    }

    @Test func scalarsLastOneWins() throws {
        var first = Msg()
        first.fInt32 = 1
        first.fString = "first"
        var second = Msg()
        second.fInt32 = 2
        let merged = try Msg(serializedBytes: first.serializedBytes() + second.serializedBytes())
        #expect(merged.fInt32 == 2)
        #expect(merged.fString == "first")  // absent in the second: untouched
    }

    @Test func singularSubmessagesMerge() throws {
        var first = Msg()
        first.fNested = nested(1, "keep")
        var second = Msg()
        second.fNested = nested(2, "")
        let merged = try Msg(serializedBytes: first.serializedBytes() + second.serializedBytes())
        #expect(merged.fNested == nested(2, "keep"))
    }

    @Test func repeatedFieldsConcatenate() throws {
        var first = Msg()
        first.rInt32 = [1, 2]
        first.uInt32 = [5]
        first.rString = ["a"]
        var second = Msg()
        second.rInt32 = [3]
        second.uInt32 = [6, 7]
        second.rString = ["b"]
        var merged = first
        try merged.merge(serializedBytes: second.serializedBytes())
        #expect(merged.rInt32 == [1, 2, 3])
        #expect(merged.uInt32 == [5, 6, 7])
        #expect(merged.rString == ["a", "b"])
    }

    @Test func packedAndUnpackedFormsBothDecode() throws {
        // field 31 (repeated int32, packed): packed run [1, 150] then an unpacked 3.
        let bytes: [UInt8] = [0xFA, 0x01, 0x03, 0x01, 0x96, 0x01, 0xF8, 0x01, 0x03]
        #expect(try Msg(serializedBytes: bytes).rInt32 == [1, 150, 3])
        // field 61 (repeated int32, [packed = false]) accepts a packed run too.
        let unpackedField: [UInt8] = [0xEA, 0x03, 0x02, 0x07, 0x08, 0xE8, 0x03, 0x09]
        #expect(try Msg(serializedBytes: unpackedField).uInt32 == [7, 8, 9])
    }

    @Test func proto3WritesPackedUnlessDeclaredOtherwise() throws {
        var m = Msg()
        m.rInt32 = [1, 2]
        m.uInt32 = [1, 2]
        #expect(m.serializedBytes() == [0xFA, 0x01, 0x02, 0x01, 0x02, 0xE8, 0x03, 0x01, 0xE8, 0x03, 0x02])
    }

    @Test func oneofLastCaseWins() throws {
        var first = Msg()
        first.oString = "text"
        var second = Msg()
        second.oUint32 = 0  // a oneof member is present even at zero
        let merged = try Msg(serializedBytes: first.serializedBytes() + second.serializedBytes())
        #expect(merged.choice == .oUint32(0))
    }

    @Test func oneofMessageCaseSeenTwiceMerges() throws {
        var first = Msg()
        first.oNested = nested(1, "one")
        var second = Msg()
        second.oNested = nested(0, "two")
        let merged = try Msg(serializedBytes: first.serializedBytes() + second.serializedBytes())
        #expect(merged.choice == .oNested(nested(1, "two")))
    }

    @Test func mapDuplicateKeyLastWins() throws {
        var first = Msg()
        first.mStringString = ["k": "old", "other": "x"]
        var second = Msg()
        second.mStringString = ["k": "new"]
        let merged = try Msg(serializedBytes: first.serializedBytes() + second.serializedBytes())
        #expect(merged.mStringString == ["k": "new", "other": "x"])
    }

    @Test func mapEntryWithMissingKeyOrValueUsesDefaults() throws {
        // field 82 map<string,string>: entry {value "v"} (no key), entry {key "k"} (no value)
        let bytes: [UInt8] = [0x92, 0x05, 0x03, 0x12, 0x01, 0x76,
                              0x92, 0x05, 0x03, 0x0A, 0x01, 0x6B]
        #expect(try Msg(serializedBytes: bytes).mStringString == ["": "v", "k": ""])
        // field 83 map<string,Nested3>: empty entry means key "" with an empty message.
        #expect(try Msg(serializedBytes: [0x9A, 0x05, 0x00]).mStringNested == ["": Nested()])
    }

    @Test func mapEntriesAlwaysCarryKeyAndValue() throws {
        var m = Msg()
        m.mInt32Int32 = [0: 0]
        #expect(m.serializedBytes() == [0xBA, 0x04, 0x04, 0x08, 0x00, 0x10, 0x00])
    }

    @Test func deterministicMapOrderIsByKey() throws {
        var m = Msg()
        m.mStringString = ["b": "2", "a": "1", "c": "3", "": "0"]
        m.mBoolInt64 = [true: 1, false: 0]
        m.mSfixed32Sint32 = [5: 1, -5: 2, 0: 3]
        let bytes = m.serializedBytes(options: EncodingOptions(deterministic: true))
        for _ in 0..<5 {
            var copy = Msg()
            for (k, v) in m.mStringString.shuffled() { copy.mStringString[k] = v }
            for (k, v) in m.mBoolInt64.shuffled() { copy.mBoolInt64[k] = v }
            for (k, v) in m.mSfixed32Sint32.shuffled() { copy.mSfixed32Sint32[k] = v }
            #expect(copy.serializedBytes(options: EncodingOptions(deterministic: true)) == bytes)
        }
        // Entry keys appear in ascending order on the wire.
        var onlyStrings = Msg()
        onlyStrings.mStringString = m.mStringString
        let keys = try decodeStringKeys(onlyStrings.serializedBytes(options: EncodingOptions(deterministic: true)), field: 82)
        #expect(keys == ["", "a", "b", "c"])
    }

    /// Pulls the key of every entry of a map<string, string> field out of bytes that hold
    /// nothing else, by walking the entry layout: tag(2 bytes) len 0A klen key 12 vlen value.
    private func decodeStringKeys(_ bytes: [UInt8], field: Int) throws -> [String] {
        let tag = UInt8(truncatingIfNeeded: (field << 3) | 2) | 0x80
        var keys: [String] = []
        var i = 0
        while i < bytes.count {
            try #require(bytes[i] == tag)
            let entryLength = Int(bytes[i + 2])
            let entry = Array(bytes[(i + 3)..<(i + 3 + entryLength)])
            try #require(entry[0] == 0x0A)
            keys.append(String(decoding: entry[2..<(2 + Int(entry[1]))], as: UTF8.self))
            i += 3 + entryLength
        }
        return keys
    }

    @Test func unknownFieldsSurviveByteExact() throws {
        // unknown varint 1000=5, unknown fixed32 1001, unknown group 1002 { 1 = 1 }, unknown bytes 1003
        let unknown: [UInt8] = [0xC0, 0x3E, 0x05,
                                0xCD, 0x3E, 1, 2, 3, 4,
                                0xD3, 0x3E, 0x08, 0x01, 0xD4, 0x3E,
                                0xDA, 0x3E, 0x02, 0xAA, 0xBB]
        let m = try Msg(serializedBytes: [0x08, 0x07] + unknown)
        #expect(m.fInt32 == 7)
        #expect(m.unknownFields.bytes == unknown)
        #expect(m.serializedBytes() == [0x08, 0x07] + unknown)
    }

    @Test func openEnumKeepsUnknownNumbers() throws {
        // field 16 (Color) = 99, field 46 packed [1, 77]
        let m = try Msg(serializedBytes: [0x80, 0x01, 0x63, 0xF2, 0x02, 0x02, 0x01, 0x4D])
        #expect(m.fEnum == .UNRECOGNIZED(99))
        #expect(m.rEnum == [.red, .UNRECOGNIZED(77)])
        #expect(m.unknownFields.isEmpty)
        #expect(m.serializedBytes() == [0x80, 0x01, 0x63, 0xF2, 0x02, 0x02, 0x01, 0x4D])
    }

    @Test func negativeInt32AndEnumUseTenBytes() throws {
        var m = Msg()
        m.fInt32 = -1
        m.fEnum = .negative
        let ff: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        #expect(m.serializedBytes() == [0x08] + ff + [0x80, 0x01] + ff)
    }

    @Test func minusZeroIsPresentInProto3() throws {
        var m = Msg()
        m.fDouble = -0.0
        #expect(m.serializedBytes() == [0x61, 0, 0, 0, 0, 0, 0, 0, 0x80])
        #expect(try Msg(serializedBytes: m.serializedBytes()).fDouble.sign == .minus)
    }

    @Test func decodingReadsEveryContiguousInputType() throws {
        var m = Msg()
        m.fString = "contiguous"
        m.rFixed64 = [1, 2, 3]
        let bytes = m.serializedBytes()
        #expect(try Msg(serializedBytes: bytes) == m)
        #expect(try Msg(serializedBytes: ([0xFF] + bytes)[1...]) == m)
        #expect(try Msg(serializedBytes: Data(bytes)) == m)
        let fromRaw = try bytes.withUnsafeBytes { raw in try Msg(serializedBytes: raw) }
        #expect(fromRaw == m)
        #expect(m.serializedData() == Data(bytes))
    }

    @Test func eachSubmessageIsSizedOnce() throws {
        // 32 levels of nesting: exactly one cache slot per nested message, so encoding is
        // linear in depth instead of re-sizing every level from every ancestor.
        var m = Msg()
        m.fString = "leaf"
        for _ in 0..<32 {
            var parent = Msg()
            parent.recursive = m
            m = parent
        }
        var cache = SizeCache()
        let size = m._protoSize(&cache)
        #expect(cache.sizes.count == 32)
        #expect(size == m.serializedBytes().count)
        #expect(try Msg(serializedBytes: m.serializedBytes()) == m)
    }
}
