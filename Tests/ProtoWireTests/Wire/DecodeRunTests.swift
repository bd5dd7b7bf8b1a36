// DecodeRunTests.swift: map and repeated length-delimited runs reserved up front, small packed runs on the stack, inline two-byte tags.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias Msg = Protohttp_Test_TestAllTypes3

@Suite struct DecodeRunTests {
    /// A map whose entries come in one run, in several runs split by other fields, and as a run
    /// whose last entry is cut short: the reserved count is a hint and never changes the result.
    @Test func mapRunsDecodeTheSameWhateverTheirShape() throws {
        var m = Msg()
        for i in 0..<300 { m.mInt32Int32[Int32(i)] = Int32(i * 7) }
        let whole = m.serializedBytes()
        #expect(try Msg(serializedBytes: whole) == m)

        // Split the run: entries of key < 150, a scalar field, then the rest.
        var first = Msg(), second = Msg()
        for (k, v) in m.mInt32Int32 { if k < 150 { first.mInt32Int32[k] = v } else { second.mInt32Int32[k] = v } }
        var middle = Msg()
        middle.fInt32 = 5
        let split = first.serializedBytes() + middle.serializedBytes() + second.serializedBytes()
        var expected = m
        expected.fInt32 = 5
        #expect(try Msg(serializedBytes: split) == expected)

        // Cut inside the last entry: still an error, at the same place as before.
        let cut = Array(whole.dropLast(1))
        #expect(throws: WireError.self) { try Msg(serializedBytes: cut) }
    }

    /// Repeated strings, bytes and messages reserve the run their first element starts; split
    /// runs, a run merged onto earlier elements, and a run whose last element is cut decode as
    /// before (order kept, nothing lost, the cut one an error).
    @Test func repeatedLengthDelimitedRunsDecodeTheSameWhateverTheirShape() throws {
        var m = Msg()
        m.rString = (0..<40).map { "string \($0) " + String(repeating: "x", count: $0) }
        m.rBytes = (0..<20).map { Data((0..<$0).map { UInt8(truncatingIfNeeded: $0 &* 31) }) }
        m.rNested = (0..<30).map { var n = Protohttp_Test_Nested3(); n.a = Int32($0); n.b = "nested \($0)"; return n }
        let whole = m.serializedBytes()
        let decoded = try Msg(serializedBytes: whole)
        #expect(decoded == m)

        // Each field's elements in two runs with another field between: order is kept.
        var head = Msg(), tail = Msg(), middle = Msg()
        head.rString = Array(m.rString[..<15]); tail.rString = Array(m.rString[15...])
        head.rNested = Array(m.rNested[..<7]); tail.rNested = Array(m.rNested[7...])
        middle.fString = "between"
        var expected = Msg()
        expected.rString = m.rString
        expected.rNested = m.rNested
        expected.fString = "between"
        #expect(try Msg(serializedBytes: head.serializedBytes() + middle.serializedBytes() + tail.serializedBytes()) == expected)

        // A second message merged onto the first appends to its elements.
        #expect(try Msg(serializedBytes: whole + whole).rNested == m.rNested + m.rNested)

        // Cut inside the last element of the last run: an error, not a short array.
        #expect(throws: WireError.self) { try Msg(serializedBytes: Array(whole.dropLast(2))) }
        // A run of empty strings (field 44: tag bytes E2 02, then length 0) decodes to as many.
        let empties = Array([[UInt8]](repeating: [0xE2, 0x02, 0x00], count: 1_000).joined())
        #expect(try Msg(serializedBytes: empties).rString == Array(repeating: "", count: 1_000))
    }

    /// Packed runs just under, at and over the stack-decoded size decode like the heap path.
    @Test func packedRunsAroundTheStackLimitRoundTrip() throws {
        for count in [0, 1, 127, 128, 129, 1000] {
            var m = Msg()
            m.rInt32 = (0..<count).map { Int32($0 &* 40_503 &- 1_000_000) }
            m.rFixed32 = (0..<count).map { UInt32($0 &* 2_654_435_761 & 0xFFFF_FFFF) }
            m.rDouble = (0..<count).map { Double($0) / 3 }
            let bytes = m.serializedBytes()
            #expect(try Msg(serializedBytes: bytes) == m, "count \(count)")
            // Appending a second run (a merge) keeps the first.
            #expect(try Msg(serializedBytes: bytes + bytes).rInt32 == m.rInt32 + m.rInt32, "count \(count)")
        }
    }

    /// A two-byte tag whose second byte is 0 (field 1, not canonical) takes the slow path and
    /// still decodes; a canonical two-byte tag (field 31, packed) takes the inline path.
    @Test func twoByteTagsCanonicalOrNotDecode() throws {
        #expect(try Msg(serializedBytes: [0x88, 0x00, 0x05]).fInt32 == 5)
        #expect(try Msg(serializedBytes: [0xFA, 0x01, 0x02, 0x01, 0x02]).rInt32 == [1, 2])
    }
}
