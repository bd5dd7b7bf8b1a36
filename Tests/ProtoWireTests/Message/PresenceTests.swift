// PresenceTests.swift: proto3 `optional` fields, present and encoded even at their zero values.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias P3 = Protohttp_Test_Presence3

@Suite struct PresenceTests {
    @Test func unsetOptionalFieldsAreAbsent() throws {
        let msg = P3()
        #expect(!msg.hasPInt32 && !msg.hasPUint64 && !msg.hasPSint32 && !msg.hasPDouble)
        #expect(!msg.hasPFloat && !msg.hasPBool && !msg.hasPString && !msg.hasPBytes)
        #expect(!msg.hasPEnum && !msg.hasPChild)
        #expect(msg.pInt32 == 0 && msg.pString == "" && msg.pBool == false && msg.pEnum == .zero)
        #expect(msg.pBytes.isEmpty && msg.pChild == P3())
        #expect(msg.serializedBytes() == [])
    }

    @Test func zeroValuedOptionalFieldsAreEncodedGolden() throws {
        var msg = P3()
        msg.pInt32 = 0
        msg.pString = ""
        msg.pBool = false
        let golden: [UInt8] = [
            0x08, 0x00,  // 1 p_int32: tag (1<<3)|0 = 0x08, varint 0
            0x30, 0x00,  // 6 p_bool: tag (6<<3)|0 = 0x30, varint 0 (false)
            0x3A, 0x00,  // 7 p_string: tag (7<<3)|2 = 0x3A, length 0
        ]
        #expect(msg.serializedSize == golden.count)
        #expect(msg.serializedBytes() == golden)

        let back = try P3(serializedBytes: golden)
        #expect(back == msg)
        #expect(back.hasPInt32 && back.hasPBool && back.hasPString)
        #expect(!back.hasPUint64 && !back.hasPSint32 && !back.hasPDouble && !back.hasPFloat)
        #expect(!back.hasPBytes && !back.hasPEnum && !back.hasPChild)
        #expect(back != P3())
        #expect(back.serializedBytes() == golden)
    }

    @Test func everyOptionalFieldAtZeroGolden() throws {
        var msg = P3()
        msg.pInt32 = 0
        msg.pUint64 = 0
        msg.pSint32 = 0
        msg.pDouble = 0
        msg.pFloat = 0
        msg.pBool = false
        msg.pString = ""
        msg.pBytes = Data()
        msg.pEnum = .zero
        msg.pChild = P3()
        msg.implicitInt32 = 0
        let golden: [UInt8] = [
            0x08, 0x00,                                            // 1 p_int32 = 0
            0x10, 0x00,                                            // 2 p_uint64 = 0
            0x18, 0x00,                                            // 3 p_sint32 = 0 (zigzag 0)
            0x21, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // 4 p_double: tag (4<<3)|1, +0.0
            0x2D, 0x00, 0x00, 0x00, 0x00,                          // 5 p_float: tag (5<<3)|5, +0.0
            0x30, 0x00,                                            // 6 p_bool = false
            0x3A, 0x00,                                            // 7 p_string = ""
            0x42, 0x00,                                            // 8 p_bytes: tag (8<<3)|2, empty
            0x48, 0x00,                                            // 9 p_enum = PRESENCE_ENUM_ZERO
            0x52, 0x00,                                            // 10 p_child: tag (10<<3)|2, empty message
            // 11 implicit_int32 = 0 has no presence: not written.
        ]
        #expect(msg.serializedBytes() == golden)
        let back = try P3(serializedBytes: golden)
        #expect(back == msg)
        #expect(back.hasPInt32 && back.hasPUint64 && back.hasPSint32 && back.hasPDouble)
        #expect(back.hasPFloat && back.hasPBool && back.hasPString && back.hasPBytes)
        #expect(back.hasPEnum && back.hasPChild)
    }

    @Test func implicitFieldIsWrittenOnlyWhenNonZero() throws {
        var msg = P3()
        msg.implicitInt32 = 0
        #expect(msg.serializedBytes() == [])
        msg.implicitInt32 = 5
        #expect(msg.serializedBytes() == [0x58, 0x05])  // 11: tag (11<<3)|0 = 0x58
        // An explicit zero on the wire decodes, and is dropped on re-encode.
        let zero = try P3(serializedBytes: [0x58, 0x00])
        #expect(zero.implicitInt32 == 0)
        #expect(zero.serializedBytes() == [])
    }

    @Test func negativeZeroKeepsItsSign() throws {
        var msg = P3()
        msg.pDouble = -0.0
        msg.pFloat = -0.0
        let golden: [UInt8] = [
            0x21, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80,  // 4 p_double: sign bit only
            0x2D, 0x00, 0x00, 0x00, 0x80,                          // 5 p_float: sign bit only
        ]
        #expect(msg.serializedBytes() == golden)
        let back = try P3(serializedBytes: golden)
        #expect(back.pDouble.sign == .minus && back.pDouble == 0)
        #expect(back.pFloat.sign == .minus)
    }

    @Test func openEnumKeepsUnknownNumbers() throws {
        // 9 p_enum = 7, which PresenceEnum does not declare: kept in the field, not in unknown fields.
        let input: [UInt8] = [0x48, 0x07]
        let msg = try P3(serializedBytes: input)
        #expect(msg.hasPEnum)
        #expect(msg.pEnum == .UNRECOGNIZED(7))
        #expect(msg.unknownFields.isEmpty)
        #expect(msg.serializedBytes() == input)
        #expect(Protohttp_Test_PresenceEnum(rawValue: 1) == .one)
    }

    @Test func presenceSurvivesRecursionAndMerging() throws {
        var msg = P3()
        msg.pChild.pChild.pInt32 = 0
        // 10 p_child (0x52), length 4: p_child (0x52), length 2: p_int32 = 0.
        let golden: [UInt8] = [0x52, 0x04, 0x52, 0x02, 0x08, 0x00]
        #expect(msg.serializedBytes() == golden)
        var back = try P3(serializedBytes: golden)
        #expect(back.hasPChild && back.pChild.hasPChild && back.pChild.pChild.hasPInt32)
        #expect(!back.pChild.hasPInt32)

        // Merging a message that sets p_child.p_uint64 = 0 keeps what was there.
        try back.merge(serializedBytes: [0x52, 0x02, 0x10, 0x00])
        #expect(back.pChild.hasPUint64 && back.pChild.hasPChild)

        // Copies do not share the boxed child.
        var copy = back
        copy.pChild.clearPChild()
        #expect(back.pChild.hasPChild)
        #expect(!copy.pChild.hasPChild)
    }

    @Test func clearingRemovesPresence() {
        var msg = P3()
        msg.pString = ""
        msg.pChild = P3()
        #expect(msg.serializedBytes() == [0x3A, 0x00, 0x52, 0x00])
        msg.clearPString()
        msg.clearPChild()
        #expect(!msg.hasPString && !msg.hasPChild)
        #expect(msg.serializedBytes() == [])
        #expect(msg == P3())
    }
}
