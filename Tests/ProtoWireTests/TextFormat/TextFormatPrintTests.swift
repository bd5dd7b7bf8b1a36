// TextFormatPrintTests.swift: the printer on hand-encoded binary: order, merging, maps, groups, enums, escapes, floats, Any, unknown fields.

import ProtoWire
import Testing

@Suite("Text format printing")
struct TextFormatPrintTests {
    typealias W = WireBytes
    let schemas = TextFormatTestSchemas.self

    @Test func fieldsPrintInNumberOrderLastScalarWinsAndMessagesMerge() throws {
        let bytes = W.string(14, "hi") + W.varint(1, 5) + W.varint(1, 7)
            + W.bytes(18, W.varint(1, 1)) + W.bytes(18, W.string(2, "x"))
        #expect(try schemas.print(bytes) == """
            i32: 7
            str: "hi"
            nested {
              a: 1
              b: "x"
            }

            """)
    }

    @Test func implicitDefaultsAreLeftOutAndPresentZerosPrinted() throws {
        let bytes = W.varint(1, 0) + W.varint(2, 0) + W.string(14, "") + W.fixed64(12, (-0.0 as Double).bitPattern)
        #expect(try schemas.print(bytes) == "i64: 0\ndbl: -0\n")
    }

    @Test func everyScalarKind() throws {
        let bytes = W.varint(1, signed: -5) + W.varint(2, signed: Int64.min) + W.varint(3, UInt64(UInt32.max))
            + W.varint(4, UInt64.max) + W.varint(5, 3) + W.varint(6, 4) + W.fixed32(7, 7) + W.fixed64(8, 8)
            + W.fixed32(9, UInt32(bitPattern: -9)) + W.fixed64(10, UInt64(bitPattern: -10))
            + W.fixed32(11, Float(1.5).bitPattern) + W.fixed64(12, 1e30.bitPattern) + W.varint(13, 1)
        #expect(try schemas.print(bytes) == """
            i32: -5
            i64: -9223372036854775808
            u32: 4294967295
            u64: 18446744073709551615
            s32: -2
            s64: 2
            fx32: 7
            fx64: 8
            sfx32: -9
            sfx64: -10
            flt: 1.5
            dbl: 1e+30
            flag: true

            """)
    }

    @Test(arguments: [
        (100.0, "100"), (0.1, "0.1"), (1e-5, "1e-05"), (-2.5, "-2.5"), (Double.infinity, "inf"),
        (-Double.infinity, "-inf"), (Double.nan, "nan"), (123456789.125, "123456789.125"), (Double.leastNonzeroMagnitude, "5e-324"),
    ])
    func doublesPrintInShortestRoundTripForm(value: Double, text: String) throws {
        #expect(try schemas.print(W.fixed64(12, value.bitPattern)) == "dbl: \(text)\n")
    }

    @Test(arguments: [(Float(3.192837), "3.192837"), (Float(16777216), "16777216"), (Float(1e-38), "1e-38"), (-Float.infinity, "-inf")])
    func floatsPrintInShortestFloatForm(value: Float, text: String) throws {
        #expect(try schemas.print(W.fixed32(11, value.bitPattern)) == "flt: \(text)\n")
    }

    @Test func stringsKeepUTF8AndEscapeControlsBytesUseOctal() throws {
        let bytes = W.string(14, "a\"'\\\n\r\t\u{1}é😀") + W.bytes(15, [0x00, 0xFF, 0x41, 0x7F, 0x22, 0xC3, 0xA9])
        #expect(try schemas.print(bytes) == #"""
            str: "a\"\'\\\n\r\t\001é😀"
            raw: "\000\377A\177\"\303\251"

            """#)
    }

    @Test func invalidUTF8InAStringFieldThrows() {
        #expect(throws: WireError.self) { try schemas.print(W.bytes(14, [0xC0])) }
    }

    @Test func enumsByNameOrNumberAndClosedUnknownsAreUnknownFields() throws {
        let bytes = W.varint(16, 5) + W.varint(17, 1) + W.varint(28, 9) + W.varint(28, 0)
        #expect(try schemas.print(bytes + W.varint(16, 9)) == "color: 9\nclosed_color: GREEN\nr_closed: RED\n")
        #expect(try schemas.print(bytes, unknown: true) == "color: BLUE\nclosed_color: GREEN\nr_closed: RED\n28: 9\n")
        #expect(try schemas.print(W.varint(17, 9), unknown: true) == "17: 9\n")
    }

    @Test func repeatedFieldsPrintOneLinePerValuePackedOrNot() throws {
        let packed = W.bytes(20, W.varintBytes(1) + W.varintBytes(2) + W.varintBytes(UInt64(bitPattern: -1)))
        let bytes = packed + W.varint(20, 3) + W.string(21, "a") + W.string(21, "b")
            + W.bytes(22, W.varint(1, 1)) + W.bytes(22, [])
        #expect(try schemas.print(bytes) == """
            r_int32: 1
            r_int32: 2
            r_int32: -1
            r_int32: 3
            r_string: "a"
            r_string: "b"
            r_nested {
              a: 1
            }
            r_nested {
            }

            """)
    }

    @Test func mapsPrintEachKeyOnceSortedLastEntryWinning() throws {
        func entry(_ key: String, _ value: UInt64) -> [UInt8] { W.bytes(23, W.string(1, key) + W.varint(2, value)) }
        let bytes = entry("b", 2) + entry("a", 1) + entry("b", 3) + W.bytes(23, [])
        #expect(try schemas.print(bytes) == """
            m_string_int32 {
              key: ""
              value: 0
            }
            m_string_int32 {
              key: "a"
              value: 1
            }
            m_string_int32 {
              key: "b"
              value: 3
            }

            """)
    }

    @Test func signedMapKeysSortNumericallyAndMessageValuesPrintAsBlocks() throws {
        func entry(_ key: Int32, _ value: [UInt8]) -> [UInt8] {
            W.bytes(29, W.varint(1, UInt64((key << 1) ^ (key >> 31)) & 0xFFFF_FFFF) + W.bytes(2, value))
        }
        let bytes = entry(3, W.varint(1, 3)) + entry(-1, []) + entry(-20, W.string(2, "z"))
        #expect(try schemas.print(bytes, singleLine: true)
            == #"m_int_nested { key: -20 value { b: "z" } } m_int_nested { key: -1 value { } } m_int_nested { key: 3 value { a: 3 } }"#)
    }

    @Test func groupsPrintUnderTheirTypeName() throws {
        let bytes = W.group(19, W.varint(51, 7)) + W.group(19, W.varint(51, 8))
        #expect(try schemas.print(bytes) == "OptionalGroup {\n  g: 8\n}\n")
    }

    @Test func oneofKeepsItsLastMember() throws {
        let bytes = W.bytes(25, W.varint(1, 1)) + W.varint(24, 5) + W.bytes(25, W.string(2, "x"))
        #expect(try schemas.print(bytes, singleLine: true) == #"o_nested { b: "x" }"#)
        #expect(try schemas.print(W.bytes(25, W.varint(1, 1)) + W.varint(24, 0), singleLine: true) == "o_int32: 0")
    }

    @Test func knownExtensionsPrintInBracketsUnknownOnesAsNumbers() throws {
        let bytes = W.varint(100, 3) + W.group(101, W.varint(51, 1)) + W.varint(150, 4)
        #expect(try schemas.print(bytes, unknown: true) == """
            [t.ext_int]: 3
            [t.extgroup] {
              g: 1
            }
            150: 4

            """)
    }

    @Test func anyExpandsWhenTheRegistryKnowsItsType() throws {
        let known = W.bytes(27, W.string(1, "type.googleapis.com/t.Nested") + W.bytes(2, W.varint(1, 1)))
        #expect(try schemas.print(known) == """
            any {
              [type.googleapis.com/t.Nested] {
                a: 1
              }
            }

            """)
        let unknownType = W.bytes(27, W.string(1, "type.googleapis.com/t.Other") + W.bytes(2, [0x08, 0x01]))
        #expect(try schemas.print(unknownType, singleLine: true)
            == #"any { type_url: "type.googleapis.com/t.Other" value: "\010\001" }"#)
    }

    @Test func unknownFieldsPrintAsCPlusPlusPrintsThem() throws {
        let bytes = W.varint(1000, 5) + W.fixed32(1001, 42) + W.fixed64(1002, 0x1234)
            + W.string(1003, "hello") + W.bytes(1004, W.varint(1, 1) + W.string(2, "x"))
            + W.group(1005, W.varint(1, 2)) + W.bytes(1006, [])
        #expect(try schemas.print(bytes) == "")
        #expect(try schemas.print(bytes, unknown: true) == """
            1000: 5
            1001: 0x0000002a
            1002: 0x0000000000001234
            1003: "hello"
            1004 {
              1: 1
              2: "x"
            }
            1005 {
              1: 2
            }
            1006: ""

            """)
    }

    @Test func singleLineSeparatesEveryTokenWithOneSpace() throws {
        let bytes = W.varint(1, 1) + W.bytes(18, W.varint(1, 2)) + W.varint(13, 1)
        #expect(try schemas.print(bytes, singleLine: true) == "i32: 1 flag: true nested { a: 2 }")
    }

    @Test func malformedBinaryThrowsWithTheByteOffset() {
        do {
            _ = try schemas.print(W.varint(1, 1) + [0x92, 0x01, 0x05, 0x08])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .truncated)
            #expect(error.offset == 4)
        }
    }
}
