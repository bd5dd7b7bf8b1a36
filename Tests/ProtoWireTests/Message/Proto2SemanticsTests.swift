// Proto2SemanticsTests.swift: has-ness, declared defaults, closed enums, packing and required fields of proto2.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias All2 = Protohttp_Test2_TestAllTypes2
private typealias Req2 = Protohttp_Test2_Required2

/// Decodes `bytes` as `M` and returns the error it throws, or `nil` if it decodes.
private func decodeError<M: ProtoMessage>(_: M.Type, _ bytes: [UInt8], options: DecodingOptions = DecodingOptions()) -> WireError? {
    do {
        _ = try M(serializedBytes: bytes, options: options)
        return nil
    } catch {
        return error
    }
}

@Suite struct Proto2SemanticsTests {
    // MARK: Defaults and has-ness

    @Test func unsetFieldsReturnDeclaredDefaults() throws {
        let msg = All2()
        #expect(msg.oInt32 == -42)
        #expect(msg.oInt64 == -9_000_000_000)
        #expect(msg.oUint32 == 4_000_000_000)
        #expect(msg.oUint64 == 18_000_000_000_000_000_000)
        #expect(msg.oSint32 == -7)
        #expect(msg.oSint64 == -8)
        #expect(msg.oFixed32 == 9)
        #expect(msg.oFixed64 == 10)
        #expect(msg.oSfixed32 == -11)
        #expect(msg.oSfixed64 == -12)
        #expect(msg.oFloat == 1.5)
        #expect(msg.oDouble == -2.25e10)
        #expect(msg.oBool == true)
        #expect(msg.oString == "hello \"world\"")
        #expect(msg.oBytes == Data([0x00, 0x61, 0x62, 0xFF]))
        #expect(msg.oShade == .dark)
        // No declared default: a closed enum defaults to its first declared value, not to 0.
        #expect(msg.oShadeNodefault == .light)
        #expect(msg.oNested == Protohttp_Test2_Nested2())
        #expect(msg.cShade == .light)
        #expect(msg.cInt64 == 0)
        #expect(msg.choice == nil)

        #expect(!msg.hasOInt32 && !msg.hasOInt64 && !msg.hasOUint32 && !msg.hasOUint64)
        #expect(!msg.hasOSint32 && !msg.hasOSint64 && !msg.hasOFixed32 && !msg.hasOFixed64)
        #expect(!msg.hasOSfixed32 && !msg.hasOSfixed64 && !msg.hasOFloat && !msg.hasODouble)
        #expect(!msg.hasOBool && !msg.hasOString && !msg.hasOBytes && !msg.hasOShade)
        #expect(!msg.hasONested && !msg.hasOShadeNodefault && !msg.hasRecursive && !msg.hasReq)
        // Defaults that are only defaults are not encoded.
        #expect(msg.serializedBytes() == [])
        #expect(msg.serializedSize == 0)
    }

    @Test func closedEnumsRejectUnknownNumbers() {
        #expect(Protohttp_Test2_Shade() == .light)
        #expect(Protohttp_Test2_Level() == .zero)
        #expect(Protohttp_Test2_Shade(rawValue: 0) == nil)
        #expect(Protohttp_Test2_Shade(rawValue: 3) == nil)
        #expect(Protohttp_Test2_Shade(rawValue: -3) == .negative)
        #expect(Protohttp_Test2_Level(rawValue: 3) == nil)
        #expect(Protohttp_Test2_Shade.allCases.map(\.rawValue) == [1, 2, -3])
    }

    /// Every optional scalar and enum set to exactly its declared default: each is present, so
    /// each is encoded, in field-number order.
    @Test func fieldsSetToTheirDefaultsAreEncoded() throws {
        var msg = All2()
        msg.oInt32 = -42
        msg.oInt64 = -9_000_000_000
        msg.oUint32 = 4_000_000_000
        msg.oUint64 = 18_000_000_000_000_000_000
        msg.oSint32 = -7
        msg.oSint64 = -8
        msg.oFixed32 = 9
        msg.oFixed64 = 10
        msg.oSfixed32 = -11
        msg.oSfixed64 = -12
        msg.oFloat = 1.5
        msg.oDouble = -2.25e10
        msg.oBool = true
        msg.oString = "hello \"world\""
        msg.oBytes = Data([0x00, 0x61, 0x62, 0xFF])
        msg.oShade = .dark
        msg.oShadeNodefault = .light

        let golden: [UInt8] = [
            // 1 o_int32 = -42: tag (1<<3)|0 = 0x08; int32 is sign-extended to 64 bits,
            // 0xFFFF_FFFF_FFFF_FFD6, so ten 7-bit groups: 0x56|0x80, eight 0x7F|0x80, 0x01.
            0x08, 0xD6, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,
            // 2 o_int64 = -9000000000 = 0xFFFF_FFFD_E78E_E600; 7-bit groups from the low end:
            // 00 4C 3B 3C 5E 7F 7F 7F 7F 01, continuation bit on all but the last.
            0x10, 0x80, 0xCC, 0xBB, 0xBC, 0xDE, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,
            // 3 o_uint32 = 4000000000 = 0xEE6B_2800: groups 00 50 2C 73 0E.
            0x18, 0x80, 0xD0, 0xAC, 0xF3, 0x0E,
            // 4 o_uint64 = 18000000000000000000 = 0xF9CC_D8A1_C508_0000:
            // groups 00 00 20 28 1C 14 36 66 79 01.
            0x20, 0x80, 0x80, 0xA0, 0xA8, 0x9C, 0x94, 0xB6, 0xE6, 0xF9, 0x01,
            // 5 o_sint32 = -7: zigzag(-7) = 2*7-1 = 13.
            0x28, 0x0D,
            // 6 o_sint64 = -8: zigzag(-8) = 2*8-1 = 15.
            0x30, 0x0F,
            // 7 o_fixed32 = 9: tag (7<<3)|5 = 0x3D, four little-endian bytes.
            0x3D, 0x09, 0x00, 0x00, 0x00,
            // 8 o_fixed64 = 10: tag (8<<3)|1 = 0x41, eight little-endian bytes.
            0x41, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            // 9 o_sfixed32 = -11: tag (9<<3)|5 = 0x4D, 0xFFFF_FFF5 little-endian.
            0x4D, 0xF5, 0xFF, 0xFF, 0xFF,
            // 10 o_sfixed64 = -12: tag (10<<3)|1 = 0x51, 0xFFFF_FFFF_FFFF_FFF4 little-endian.
            0x51, 0xF4, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            // 11 o_float = 1.5: tag (11<<3)|5 = 0x5D; binary32 0x3FC0_0000 little-endian.
            0x5D, 0x00, 0x00, 0xC0, 0x3F,
            // 12 o_double = -2.25e10: tag (12<<3)|1 = 0x61; sign 1, exponent 34+1023 = 0x421,
            // mantissa (22500000000 - 2^34) << 18 = 0x4_F46B_0400_0000: 0xC214_F46B_0400_0000.
            0x61, 0x00, 0x00, 0x00, 0x04, 0x6B, 0xF4, 0x14, 0xC2,
            // 13 o_bool = true: tag (13<<3)|0 = 0x68.
            0x68, 0x01,
            // 14 o_string: tag (14<<3)|2 = 0x72, length 13, `hello "world"` in ASCII.
            0x72, 0x0D, 0x68, 0x65, 0x6C, 0x6C, 0x6F, 0x20, 0x22, 0x77, 0x6F, 0x72, 0x6C, 0x64, 0x22,
            // 15 o_bytes: tag (15<<3)|2 = 0x7A, length 4, 00 'a' 'b' FF.
            0x7A, 0x04, 0x00, 0x61, 0x62, 0xFF,
            // 16 o_shade = SHADE_DARK (2): tag 16<<3 = 128, a two-byte varint 0x80 0x01.
            0x80, 0x01, 0x02,
            // 18 o_shade_nodefault = SHADE_LIGHT (1): tag 18<<3 = 144 = 0x90 0x01.
            0x90, 0x01, 0x01,
        ]
        #expect(msg.serializedSize == golden.count)
        #expect(msg.serializedBytes() == golden)

        let back = try All2(serializedBytes: golden)
        #expect(back == msg)
        #expect(back.hasOInt32 && back.hasOInt64 && back.hasOUint32 && back.hasOUint64)
        #expect(back.hasOSint32 && back.hasOSint64 && back.hasOFixed32 && back.hasOFixed64)
        #expect(back.hasOSfixed32 && back.hasOSfixed64 && back.hasOFloat && back.hasODouble)
        #expect(back.hasOBool && back.hasOString && back.hasOBytes && back.hasOShade)
        #expect(back.hasOShadeNodefault)
        #expect(!back.hasONested)
        #expect(back != All2())
        #expect(back.serializedBytes() == golden)
    }

    /// Zero values are not proto2 defaults here, but even where they are, a set field is present.
    @Test func zeroValuesAndEmptyMessagesArePresent() throws {
        var msg = All2()
        msg.oInt32 = 0
        msg.oString = ""
        msg.oNested = Protohttp_Test2_Nested2()
        msg.cInt64 = 0
        let golden: [UInt8] = [
            0x08, 0x00,        // 1 o_int32 = 0
            0x72, 0x00,        // 14 o_string = "", length 0
            0x8A, 0x01, 0x00,  // 17 o_nested: tag (17<<3)|2 = 138 = 0x8A 0x01, empty message
            0xD8, 0x05, 0x00,  // 91 c_int64 = 0: tag 91<<3 = 728 = 0xD8 0x05; a set oneof case is written
        ]
        #expect(msg.serializedBytes() == golden)
        let back = try All2(serializedBytes: golden)
        #expect(back.hasOInt32 && back.oInt32 == 0)
        #expect(back.hasOString && back.oString == "")
        #expect(back.hasONested)
        #expect(back.choice == .cInt64(0))
        #expect(back == msg)
    }

    @Test func clearingRestoresTheDefaultAndStopsEncoding() {
        var msg = All2()
        msg.oInt32 = 7
        msg.oShade = .light
        #expect(msg.serializedBytes() == [0x08, 0x07, 0x80, 0x01, 0x01])
        msg.clearOInt32()
        msg.clearOShade()
        #expect(!msg.hasOInt32 && msg.oInt32 == -42)
        #expect(!msg.hasOShade && msg.oShade == .dark)
        #expect(msg.serializedBytes() == [])
        #expect(msg == All2())
    }

    @Test func negativeClosedEnumIsSignExtended() throws {
        var msg = All2()
        msg.oShade = .negative
        // tag 0x80 0x01, then -3 sign-extended to ten bytes: 0x7D|0x80, eight 0xFF, 0x01.
        let golden: [UInt8] = [0x80, 0x01, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        #expect(msg.serializedBytes() == golden)
        let back = try All2(serializedBytes: golden)
        #expect(back.oShade == .negative)
        #expect(back.unknownFields.isEmpty)
    }

    // MARK: Closed enums: unknown numbers go to unknown fields

    @Test func unknownSingularClosedEnumGoesToUnknownFields() throws {
        // 16 o_shade = 7, which Shade does not declare.
        let input: [UInt8] = [0x80, 0x01, 0x07]
        let msg = try All2(serializedBytes: input)
        #expect(!msg.hasOShade)
        #expect(msg.oShade == .dark)
        #expect(msg.unknownFields.bytes == input)
        #expect(msg.serializedBytes() == input)

        // A negative unknown number (-1, ten bytes) is kept as the same sign-extended varint.
        let negative: [UInt8] = [0x90, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        let neg = try All2(serializedBytes: negative)
        #expect(!neg.hasOShadeNodefault)
        #expect(neg.unknownFields.bytes == negative)
        #expect(neg.serializedBytes() == negative)
    }

    @Test func unknownClosedEnumDoesNotOverwriteAKnownValue() throws {
        // o_shade = SHADE_LIGHT, then o_shade = 7: the known value stays, 7 goes to unknown fields.
        let input: [UInt8] = [0x80, 0x01, 0x01, 0x80, 0x01, 0x07]
        let msg = try All2(serializedBytes: input)
        #expect(msg.hasOShade && msg.oShade == .light)
        #expect(msg.unknownFields.bytes == [0x80, 0x01, 0x07])
        #expect(msg.serializedBytes() == input)
    }

    @Test func unknownRepeatedUnpackedClosedEnumGoesToUnknownFields() throws {
        // 46 r_shade, tag (46<<3)|0 = 368 = 0xF0 0x02: values 1, 5 (unknown), 2.
        let input: [UInt8] = [0xF0, 0x02, 0x01, 0xF0, 0x02, 0x05, 0xF0, 0x02, 0x02]
        let msg = try All2(serializedBytes: input)
        #expect(msg.rShade == [.light, .dark])
        #expect(msg.unknownFields.bytes == [0xF0, 0x02, 0x05])
        // Known values first (unpacked, as declared), then the unknown field byte-exact.
        #expect(msg.serializedBytes() == [0xF0, 0x02, 0x01, 0xF0, 0x02, 0x02, 0xF0, 0x02, 0x05])
        // Only unknown values: the output is the input.
        let onlyUnknown: [UInt8] = [0xF0, 0x02, 0x05, 0xF0, 0x02, 0x06]
        let unknown = try All2(serializedBytes: onlyUnknown)
        #expect(unknown.rShade.isEmpty)
        #expect(unknown.serializedBytes() == onlyUnknown)
    }

    @Test func unknownPackedClosedEnumGoesToUnknownFieldsAsVarints() throws {
        // 74 p_shade packed: tag (74<<3)|2 = 594 = 0xD2 0x04, length 3, values 1, 9 (unknown), 2.
        let input: [UInt8] = [0xD2, 0x04, 0x03, 0x01, 0x09, 0x02]
        let msg = try All2(serializedBytes: input)
        #expect(msg.pShade == [.light, .dark])
        // The unknown number becomes a plain varint field 74: tag (74<<3)|0 = 592 = 0xD0 0x04.
        #expect(msg.unknownFields.bytes == [0xD0, 0x04, 0x09])
        let expected: [UInt8] = [0xD2, 0x04, 0x02, 0x01, 0x02, 0xD0, 0x04, 0x09]
        #expect(msg.serializedBytes() == expected)
        // Decoding that output again gives the same message and the same bytes.
        let again = try All2(serializedBytes: expected)
        #expect(again == msg)
        #expect(again.serializedBytes() == expected)
    }

    @Test func unknownClosedEnumMapValueKeepsTheWholeEntry() throws {
        // 81 m_string_level: tag (81<<3)|2 = 650 = 0x8A 0x05, entry length 5:
        // key (1<<3)|2 = 0x0A, length 1, "k"; value (2<<3)|0 = 0x10, 7 (Level does not declare 7).
        let input: [UInt8] = [0x8A, 0x05, 0x05, 0x0A, 0x01, 0x6B, 0x10, 0x07]
        let msg = try All2(serializedBytes: input)
        #expect(msg.mStringLevel.isEmpty)
        #expect(msg.unknownFields.bytes == input)
        #expect(msg.serializedBytes() == input)

        // A known value next to it lands in the map; the unknown entry is still kept whole.
        let mixed: [UInt8] = [0x8A, 0x05, 0x05, 0x0A, 0x01, 0x6A, 0x10, 0x02] + input
        let both = try All2(serializedBytes: mixed)
        #expect(both.mStringLevel == ["j": .two])
        #expect(both.unknownFields.bytes == input)
        #expect(both.serializedBytes() == mixed)

        // An entry without a value holds the enum's default, LEVEL_ZERO.
        let noValue = try All2(serializedBytes: [0x8A, 0x05, 0x03, 0x0A, 0x01, 0x6B])
        #expect(noValue.mStringLevel == ["k": .zero])
        #expect(noValue.unknownFields.isEmpty)
    }

    @Test func unknownClosedEnumInOneofGoesToUnknownFields() throws {
        // 94 c_shade: tag 94<<3 = 752 = 0xF0 0x05, value 9.
        let input: [UInt8] = [0xF0, 0x05, 0x09]
        let msg = try All2(serializedBytes: input)
        #expect(msg.choice == nil)
        #expect(msg.unknownFields.bytes == input)
        #expect(msg.serializedBytes() == input)
        let known = try All2(serializedBytes: [0xF0, 0x05, 0x02])
        #expect(known.choice == .cShade(.dark))
    }

    // MARK: Packed and unpacked repeated fields

    @Test func repeatedFieldsAreUnpackedUnlessDeclaredPacked() throws {
        var msg = All2()
        msg.rInt32 = [1, 2]
        msg.rFixed32 = [3]
        msg.pInt32 = [1, 2]
        msg.pFixed32 = [3]
        let golden: [UInt8] = [
            // 31 r_int32, unpacked: tag (31<<3)|0 = 248 = 0xF8 0x01 before each value.
            0xF8, 0x01, 0x01, 0xF8, 0x01, 0x02,
            // 37 r_fixed32, unpacked: tag (37<<3)|5 = 301 = 0xAD 0x02, then 4 bytes.
            0xAD, 0x02, 0x03, 0x00, 0x00, 0x00,
            // 61 p_int32, packed: tag (61<<3)|2 = 490 = 0xEA 0x03, length 2, the two varints.
            0xEA, 0x03, 0x02, 0x01, 0x02,
            // 67 p_fixed32, packed: tag (67<<3)|2 = 538 = 0x9A 0x04, length 4, one fixed32.
            0x9A, 0x04, 0x04, 0x03, 0x00, 0x00, 0x00,
        ]
        #expect(msg.serializedBytes() == golden)
        #expect(try All2(serializedBytes: golden) == msg)
    }

    @Test func packedAndUnpackedFormsBothDecode() throws {
        let input: [UInt8] = [
            0xFA, 0x01, 0x02, 0x05, 0x06,              // 31 r_int32 (declared unpacked) sent packed: 5, 6
            0xF8, 0x01, 0x07,                          // 31 r_int32 unpacked: 7 (appends)
            0xE8, 0x03, 0x08,                          // 61 p_int32 (declared packed) sent unpacked: 8
            0xEA, 0x03, 0x01, 0x09,                    // 61 p_int32 packed: 9 (appends)
            0xAA, 0x02, 0x04, 0x0B, 0x00, 0x00, 0x00,  // 37 r_fixed32 sent packed: tag (37<<3)|2 = 298
            0xF2, 0x02, 0x02, 0x01, 0x02,              // 46 r_shade sent packed: tag (46<<3)|2 = 370
            0xD0, 0x04, 0x02,                          // 74 p_shade sent unpacked: tag 592
            0xC8, 0x04, 0x01,                          // 73 p_bool sent unpacked: tag (73<<3)|0 = 584
        ]
        let msg = try All2(serializedBytes: input)
        #expect(msg.rInt32 == [5, 6, 7])
        #expect(msg.pInt32 == [8, 9])
        #expect(msg.rFixed32 == [11])
        #expect(msg.rShade == [.light, .dark])
        #expect(msg.pShade == [.dark])
        #expect(msg.pBool == [true])
        #expect(msg.unknownFields.isEmpty)
        // Re-encoding uses each field's declared form.
        let back = try All2(serializedBytes: msg.serializedBytes())
        #expect(back == msg)
        #expect(Array(msg.serializedBytes().prefix(9)) == [0xF8, 0x01, 0x05, 0xF8, 0x01, 0x06, 0xF8, 0x01, 0x07])
    }

    // MARK: Required fields

    @Test func missingRequiredFieldsThrow() throws {
        // Nothing set; only id (1 = 0x08 0x01); only inner (3 = 0x1A, empty).
        for input: [UInt8] in [[], [0x08, 0x01], [0x1A, 0x00]] {
            let error = decodeError(Req2.self, input)
            #expect(error?.code == .missingRequiredFields)
            #expect(error?.message.contains("protohttp.test2.Required2") == true)
            let partial = try Req2(serializedBytes: input, options: DecodingOptions(allowPartial: true))
            #expect(!partial.isInitialized)
            #expect(partial.serializedBytes() == input)
        }
        // Both required fields present, even at their zero values.
        let complete = try Req2(serializedBytes: [0x08, 0x00, 0x1A, 0x00])
        #expect(complete.isInitialized)
        #expect(complete.hasID && complete.id == 0)
        #expect(complete.hasInner)
    }

    @Test func missingRequiredFieldsInSubmessagesThrow() throws {
        // 101 req: tag (101<<3)|2 = 810 = 0xAA 0x06, holding only id = 1.
        let inReq: [UInt8] = [0xAA, 0x06, 0x02, 0x08, 0x01]
        // 102 r_req: tag (102<<3)|2 = 818 = 0xB2 0x06; a complete element, then an empty one.
        let inRReq: [UInt8] = [0xB2, 0x06, 0x04, 0x08, 0x01, 0x1A, 0x00, 0xB2, 0x06, 0x00]
        // 100 recursive: tag (100<<3)|2 = 802 = 0xA2 0x06, holding an empty req.
        let inRecursive: [UInt8] = [0xA2, 0x06, 0x03, 0xAA, 0x06, 0x00]
        for input in [inReq, inRReq, inRecursive] {
            #expect(decodeError(All2.self, input)?.code == .missingRequiredFields)
            let partial = try All2(serializedBytes: input, options: DecodingOptions(allowPartial: true))
            #expect(!partial.isInitialized)
            #expect(partial.serializedBytes() == input)
        }
        let partial = try All2(serializedBytes: inReq, options: DecodingOptions(allowPartial: true))
        #expect(partial.req.id == 1 && !partial.req.hasInner)

        // Completing the submessage makes the whole message initialized.
        let complete: [UInt8] = [0xAA, 0x06, 0x04, 0x08, 0x01, 0x1A, 0x00]
        let msg = try All2(serializedBytes: complete)
        #expect(msg.isInitialized)
        #expect(msg.req.hasInner)
        // A message with no required fields set anywhere is initialized.
        #expect(All2().isInitialized)
    }

    @Test func encodingNeverChecksRequiredFields() throws {
        var req = Req2()
        #expect(!req.isInitialized)
        #expect(req.serializedBytes() == [])
        req.id = 5
        #expect(req.serializedBytes() == [0x08, 0x05])
        var msg = All2()
        msg.rReq = [req]
        #expect(!msg.isInitialized)
        #expect(msg.serializedBytes() == [0xB2, 0x06, 0x02, 0x08, 0x05])
    }

    // MARK: Everything together

    @Test func everyKindRoundTrips() throws {
        var msg = All2()
        msg.oInt32 = .min
        msg.oInt64 = .max
        msg.oUint64 = .max
        msg.oSint32 = .min
        msg.oSint64 = .min
        msg.oFloat = -0.0
        msg.oDouble = .infinity
        msg.oBool = false
        msg.oString = "héllo 🌍"
        msg.oBytes = Data()
        msg.oShade = .negative
        msg.oNested.a = 3
        msg.rInt32 = [1, -1]
        msg.rInt64 = [.min]
        msg.rUint32 = [.max]
        msg.rUint64 = [0]
        msg.rSint32 = [-5]
        msg.rSint64 = [5]
        msg.rFixed32 = [1, 2]
        msg.rFixed64 = [3]
        msg.rSfixed32 = [-4]
        msg.rSfixed64 = [-5]
        msg.rFloat = [0.5]
        msg.rDouble = [-0.25]
        msg.rBool = [true, false]
        msg.rString = ["", "a"]
        msg.rBytes = [Data([1]), Data()]
        msg.rShade = [.negative, .light]
        msg.rNested = [Protohttp_Test2_Nested2(), Protohttp_Test2_Nested2()]
        msg.pInt32 = [-1, 0, 300]
        msg.pInt64 = [.max]
        msg.pUint32 = [1]
        msg.pUint64 = [.max]
        msg.pSint32 = [.min]
        msg.pSint64 = [.max]
        msg.pFixed32 = [7]
        msg.pFixed64 = [8]
        msg.pSfixed32 = [-9]
        msg.pSfixed64 = [-10]
        msg.pFloat = [1, 2]
        msg.pDouble = [3]
        msg.pBool = [false, true]
        msg.pShade = [.dark, .negative]
        msg.mStringLevel = ["a": .zero, "b": .two]
        msg.mInt32Nested = [-1: Protohttp_Test2_Nested2(), 2: msg.oNested]
        msg.cNested.b = "in oneof"
        msg.recursive.oInt32 = -42
        msg.recursive.recursive.oShade = .light
        msg.req.id = 1
        msg.req.inner.b = "x"
        msg.rReq = [msg.req, msg.req]

        let bytes = msg.serializedBytes()
        #expect(bytes.count == msg.serializedSize)
        let back = try All2(serializedBytes: bytes)
        #expect(back == msg)
        #expect(back.recursive.hasOInt32 && back.recursive.oInt32 == -42)
        #expect(back.recursive.recursive.oShade == .light)
        #expect(!back.recursive.recursive.hasOInt32)
        #expect(back.hasOBool && !back.oBool)
        #expect(back.hasOBytes && back.oBytes.isEmpty)
        #expect(back.unknownFields.isEmpty)
        let options = EncodingOptions(deterministic: true)
        #expect(back.serializedBytes(options: options) == msg.serializedBytes(options: options))
    }

    @Test func recursiveFieldHasValueSemantics() {
        var a = All2()
        a.recursive.oInt32 = 1
        var b = a
        b.recursive.oInt32 = 2
        #expect(a.recursive.oInt32 == 1)
        #expect(b.recursive.oInt32 == 2)
        b.clearRecursive()
        #expect(!b.hasRecursive && b.recursive == All2())
        #expect(a.hasRecursive)
    }
}
