// TextFormatParseTests.swift: the parser: every syntax form, values of every kind, round trips through the printer.

import ProtoWire
import Testing

@Suite("Text format parsing")
struct TextFormatParseTests {
    typealias W = WireBytes
    let schemas = TextFormatTestSchemas.self

    @Test func fieldsAreWrittenInNumberOrderPackedFieldsAsOneRun() throws {
        let bytes = try schemas.parse("str: 'hi' r_int32: 1 i32: 7 r_int32: [2, 3]")
        #expect(bytes == W.varint(1, 7) + W.string(14, "hi") + W.bytes(20, [1, 2, 3]))
    }

    @Test func implicitDefaultsAreNotWrittenPresentZerosAre() throws {
        #expect(try schemas.parse("i32: 0 str: '' i64: 0 flt: -0") == W.varint(2, 0) + W.fixed32(11, (-0.0 as Float).bitPattern))
    }

    @Test(arguments: [
        ("i32: 0x7FFFFFFF", W.varint(1, 2147483647)),
        ("i32: -0x80000000", W.varint(1, signed: -2147483648)),
        ("i32: 017777777777", W.varint(1, 2147483647)),
        ("i32: -020000000000", W.varint(1, signed: -2147483648)),
        ("u64: 0xFFFFFFFFFFFFFFFF", W.varint(4, UInt64.max)),
        ("u64: 01777777777777777777777", W.varint(4, UInt64.max)),
        ("i64: -9223372036854775808", W.varint(2, signed: Int64.min)),
        ("s32: -2", W.varint(5, 3)),
        ("s64: 2", W.varint(6, 4)),
        ("fx32: 0x123", W.fixed32(7, 0x123)),
        ("sfx64: -10", W.fixed64(10, UInt64(bitPattern: -10))),
        ("flag: true", W.varint(13, 1)), ("flag: True", W.varint(13, 1)), ("flag: t", W.varint(13, 1)),
        ("flag: 1", W.varint(13, 1)), ("flag: false", []), ("flag: f", []), ("flag: 0", []),
        ("color: BLUE", W.varint(16, 5)), ("color: 9", W.varint(16, 9)), ("color: -1", W.varint(16, signed: -1)),
        ("closed_color: 1", W.varint(17, 1)), ("closed_color: RED", W.varint(17, 0)),
    ])
    func integersBoolsAndEnums(text: String, expected: [UInt8]) throws {
        #expect(try schemas.parse(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("3.192837", 3.192837), ("3.192837f", 3.192837), ("3.192837F", 3.192837), (".123", 0.123), ("-.123", -0.123),
        (".123e2", 12.3), ("1e50", Double.infinity), ("-1e50", -Double.infinity), ("1e-50", 0.0),
        ("4294967296", 4294967296.0), ("18446744073709551616", 18446744073709551616.0), ("1.", 1.0),
        ("inf", .infinity), ("-infinity", -.infinity), ("iNF", .infinity), ("inFINITY", .infinity), ("-INF", -.infinity),
    ])
    func floatForms(text: String, value: Double) throws {
        #expect(try schemas.parse("flt: \(text)") == (Float(value) == 0 ? [] : W.fixed32(11, Float(value).bitPattern)), "\(text)")
    }

    @Test func nanInAnyCaseAndDoubleOverflows() throws {
        for text in ["nan", "NaN", "nAn", "-nan"] {
            let bytes = try schemas.parse("dbl: \(text)")
            #expect(bytes.count == 9 && Double(bitPattern: bytes[1...].enumerated().reduce(0) { $0 | UInt64($1.1) << (8 * $1.0) }).isNaN, "\(text)")
        }
        #expect(try schemas.parse("dbl: 1e9999") == W.fixed64(12, Double.infinity.bitPattern))
        #expect(try schemas.parse("dbl: 1e18446744073709551616") == W.fixed64(12, Double.infinity.bitPattern))
        #expect(try schemas.parse("dbl: 1e-18446744073709551616") == [])
        #expect(try schemas.parse("dbl: -1e-18446744073709551616") == W.fixed64(12, (-0.0).bitPattern))
    }

    @Test(arguments: [
        ("str: 'first' \"second\"\n'third'", "firstsecondthird"),
        (#"str: '\a\b\f\n\r\t\v\?\\\'\"'"#, "\u{7}\u{8}\u{c}\n\r\t\u{b}?\\'\""),
        (#"str: '\341\210\264'"#, "\u{1234}"),
        (#"str: '\xe1\x88\xb4'"#, "\u{1234}"),
        (#"str: '\u1234'"#, "\u{1234}"),
        (#"str: '\U00001234\U00010437'"#, "\u{1234}\u{10437}"),
        (#"str: "é😀""#, "é😀"),
        (#"str: '\0\7\101'"#, "\0\u{7}A"),
    ])
    func stringLiteralsAndEscapes(text: String, value: String) throws {
        #expect(try schemas.parse(text) == W.string(14, value), "\(text)")
    }

    @Test func bytesTakeAnyByteStringsNeedUTF8() throws {
        #expect(try schemas.parse(#"raw: '\300\xc0\xFF'"#) == W.bytes(15, [0xC0, 0xC0, 0xFF]))
        #expect(throws: WireError.self) { try schemas.parse(#"str: '\300'"#) }
    }

    @Test func separatorsDelimitersAndComments() throws {
        let expected = W.varint(1, 1) + W.bytes(18, W.varint(1, 2))
        for text in [
            "i32: 1 nested { a: 2 }", "i32: 1, nested: { a: 2, }", "i32: 1; nested < a: 2; >",
            "# comment\ni32: 1 # trailing\nnested {\n  a: 2 # inner\n}\n", "nested{a:2}i32:1",
        ] {
            #expect(try schemas.parse(text) == expected, "\(text)")
        }
    }

    @Test func listsOfScalarsAndMessages() throws {
        #expect(try schemas.parse("r_string: ['a', 'b' 'c'] r_string: []") == W.string(21, "a") + W.string(21, "bc"))
        #expect(try schemas.parse("r_nested [{a: 1}, <a: 2>] r_nested: [{}]")
            == W.bytes(22, W.varint(1, 1)) + W.bytes(22, W.varint(1, 2)) + W.bytes(22, []))
        #expect(try schemas.parse("r_double: [1, -2.5]") == W.fixed64(30, 1.0.bitPattern) + W.fixed64(30, (-2.5).bitPattern))
    }

    @Test func groupsByTypeNameOrLowerCaseName() throws {
        let expected = W.group(19, W.varint(51, 1))
        #expect(try schemas.parse("OptionalGroup { g: 1 }") == expected)
        #expect(try schemas.parse("OptionalGroup: { g: 1 }") == expected)
        #expect(try schemas.parse("optionalgroup { g: 1 }") == expected)
        #expect(try schemas.parse("OptionalGroup {}") == W.group(19, []))
    }

    @Test func mapsExtensionsAndAny() throws {
        #expect(try schemas.parse("m_string_int32 { key: 'a' value: 1 } m_string_int32 { key: 'a' value: 2 }")
            == W.bytes(23, W.string(1, "a") + W.varint(2, 1)) + W.bytes(23, W.string(1, "a") + W.varint(2, 2)))
        #expect(try schemas.parse("[t.ext_int]: 3 [ t . extgroup ] { g: 1 }") == W.varint(100, 3) + W.group(101, W.varint(51, 1)))
        #expect(try schemas.parse("any { [type.googleapis.com/t.Nested] { a: 1 } }")
            == W.bytes(27, W.string(1, "type.googleapis.com/t.Nested") + W.bytes(2, W.varint(1, 1))))
        #expect(try schemas.parse(#"any { type_url: "type.googleapis.com/t.Nested" value: "\b\001" }"#)
            == W.bytes(27, W.string(1, "type.googleapis.com/t.Nested") + W.bytes(2, [8, 1])))
    }

    @Test func requiredFieldsAndAllowPartial() throws {
        let schema = TextFormatTestSchemas.required
        #expect(try TextFormat.parse("id: 1 child { id: 2 }", schema: schema) == W.varint(1, 1) + W.bytes(2, W.varint(1, 2)))
        #expect(try TextFormat.parse("child {}", schema: schema, options: TextFormatDecodingOptions(allowPartial: true))
            == W.bytes(2, []))
    }

    @Test func roundTripsThroughThePrinter() throws {
        let texts = [
            "i32: -5\ni64: 0\nu64: 18446744073709551615\nflt: 0.1\ndbl: 1e+300\nflag: true\n",
            #"str: "a\"\'\\\n\001é"\#nraw: "\000\377"\#n"#,
            "color: BLUE\nclosed_color: GREEN\nnested {\n  a: 1\n}\nOptionalGroup {\n  g: 2\n}\n",
            "r_int32: 1\nr_int32: -1\nr_nested {\n}\nm_string_int32 {\n  key: \"a\"\n  value: 1\n}\n",
            "o_nested {\n  b: \"x\"\n}\nrecursive {\n  recursive {\n    i32: 1\n  }\n}\nany {\n  [type.googleapis.com/t.Nested] {\n    a: 1\n  }\n}\n",
            "[t.ext_int]: 3\n[t.extgroup] {\n  g: 1\n}\n",
        ]
        for text in texts {
            let bytes = try schemas.parse(text)
            #expect(try schemas.print(bytes) == text)
            #expect(try schemas.parse(try schemas.print(bytes, singleLine: true)) == bytes)
        }
    }
}
