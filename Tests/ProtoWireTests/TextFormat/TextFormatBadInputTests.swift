// TextFormatBadInputTests.swift: every kind of bad text format input, with its error code, line and column.

import ProtoWire
import Testing

@Suite("Text format bad input")
struct TextFormatBadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        let text: String
        let code: WireError.Code
        let line: Int
        let column: Int
        let says: String
        var description: String { text }
    }

    static let cases: [Case] = [
        // Grammar
        Case(text: "i32 1", code: .malformedText, line: 1, column: 5, says: "expected ':' after field name 'i32'"),
        Case(text: "i32: 1,,", code: .malformedText, line: 1, column: 8, says: "expected a field name but found ','"),
        Case(text: "i32: 1;;", code: .malformedText, line: 1, column: 8, says: "expected a field name but found ';'"),
        Case(text: "nested { a: 1,, }", code: .malformedText, line: 1, column: 15, says: "expected a field name"),
        Case(text: "nested {\n  a: 1\n", code: .malformedText, line: 3, column: 1, says: "'}' to close t.Nested"),
        Case(text: "nested { a: 1 >", code: .malformedText, line: 1, column: 15, says: "expected a field name"),
        Case(text: "nested: 5", code: .malformedText, line: 1, column: 9, says: "'{' or '<' to open message field 'nested'"),
        Case(text: "str: 'abc", code: .malformedText, line: 1, column: 6, says: "not closed on its line"),
        Case(text: "str: 'first line\nsecond line'", code: .malformedText, line: 1, column: 6, says: "not closed on its line"),
        Case(text: #"str: '\q'"#, code: .malformedText, line: 1, column: 7, says: #"unknown escape \q"#),
        Case(text: #"str: '\x'"#, code: .malformedText, line: 1, column: 7, says: "one or two hexadecimal digits"),
        Case(text: #"str: '\u12'"#, code: .malformedText, line: 1, column: 7, says: "exactly 4 hexadecimal digits"),
        Case(text: #"str: '\U00110000'"#, code: .malformedText, line: 1, column: 7, says: "above U+10FFFF"),
        Case(text: #"str: '\ud801\udc37'"#, code: .malformedText, line: 1, column: 7, says: "surrogate"),
        Case(text: #"raw: '\ud800'"#, code: .malformedText, line: 1, column: 7, says: "surrogate"),
        Case(text: #"raw: '\U0000dc00'"#, code: .malformedText, line: 1, column: 7, says: "surrogate"),
        Case(text: #"str: 'ok' '\400'"#, code: .malformedText, line: 1, column: 12, says: "above \\377"),
        Case(text: "i32: 09", code: .malformedText, line: 1, column: 6, says: "9 is not an octal digit"),
        Case(text: "i32: 0x", code: .malformedText, line: 1, column: 6, says: "'0x' must be followed by hexadecimal digits"),
        Case(text: "dbl: 1e", code: .malformedText, line: 1, column: 6, says: "exponent"),
        Case(text: "i32: 12abc", code: .malformedText, line: 1, column: 6, says: "runs into 'a'"),
        Case(text: "i32: 1 @", code: .malformedText, line: 1, column: 8, says: "unexpected character '@'"),
        Case(text: "r_int32: [1,]", code: .malformedText, line: 1, column: 13, says: "expected an integer"),
        Case(text: "r_int32: [1, 2,]", code: .malformedText, line: 1, column: 16, says: "expected an integer"),
        Case(text: "r_int32: [1;2]", code: .malformedText, line: 1, column: 12, says: "',' or ']' in a list"),
        Case(text: "r_int32: [1 2]", code: .malformedText, line: 1, column: 13, says: "',' or ']' in a list"),
        Case(text: "r_int32: [1,,2]", code: .malformedText, line: 1, column: 13, says: "expected an integer"),
        Case(text: "[t.ext_int: 1", code: .malformedText, line: 1, column: 11, says: "']' to end [t.ext_int"),
        // Values that do not fit
        Case(text: "i32: 2147483648", code: .invalidTextValue, line: 1, column: 6, says: "out of range for int32 field 'i32'"),
        Case(text: "i32: -2147483649", code: .invalidTextValue, line: 1, column: 6, says: "out of range"),
        Case(text: "i32: 0x80000000", code: .invalidTextValue, line: 1, column: 6, says: "out of range"),
        Case(text: "i32: -020000000001", code: .invalidTextValue, line: 1, column: 6, says: "out of range"),
        Case(text: "u32: 4294967296", code: .invalidTextValue, line: 1, column: 6, says: "out of range for uint32"),
        Case(text: "u32: -1", code: .invalidTextValue, line: 1, column: 6, says: "unsigned"),
        Case(text: "i64: 9223372036854775808", code: .invalidTextValue, line: 1, column: 6, says: "out of range for int64"),
        Case(text: "i64: -0x8000000000000001", code: .invalidTextValue, line: 1, column: 6, says: "out of range"),
        Case(text: "u64: 18446744073709551616", code: .invalidTextValue, line: 1, column: 6, says: "out of range"),
        Case(text: "u64: 02000000000000000000000", code: .invalidTextValue, line: 1, column: 6, says: "out of range"),
        Case(text: "i32: 1.5", code: .invalidTextValue, line: 1, column: 6, says: "takes an integer"),
        Case(text: "flt: 0x1", code: .invalidTextValue, line: 1, column: 6, says: "hexadecimal"),
        Case(text: "flt: -0x1", code: .invalidTextValue, line: 1, column: 6, says: "hexadecimal"),
        Case(text: "flt: 012", code: .invalidTextValue, line: 1, column: 6, says: "octal"),
        Case(text: "flt: -012", code: .invalidTextValue, line: 1, column: 6, says: "octal"),
        Case(text: "flt: infinit", code: .invalidTextValue, line: 1, column: 6, says: "takes a number, inf or nan"),
        Case(text: "flag: 2", code: .invalidTextValue, line: 1, column: 7, says: "true, false, 1 or 0"),
        Case(text: "flag: yes", code: .invalidTextValue, line: 1, column: 7, says: "true, false, 1 or 0"),
        Case(text: "color: PURPLE", code: .invalidTextValue, line: 1, column: 8, says: "t.Color has no value named PURPLE"),
        Case(text: "closed_color: 42", code: .invalidTextValue, line: 1, column: 15, says: "closed enum and has no value 42"),
        Case(text: "\n  i32: [1]", code: .invalidTextValue, line: 2, column: 8, says: "not repeated"),
        Case(text: "str: 5", code: .malformedText, line: 1, column: 6, says: "expected a quoted string"),
        Case(text: #"str: '\300'"#, code: .invalidUTF8, line: 1, column: 6, says: "valid UTF-8"),
        Case(text: #"str: "\xc0""#, code: .invalidUTF8, line: 1, column: 6, says: "valid UTF-8"),
        Case(text: "any { [type.googleapis.com/unknown] { i32: 1 } }", code: .invalidTextValue, line: 1, column: 7, says: "is not known"),
        Case(text: "nested { [type.googleapis.com/t.Nested] {} }", code: .unknownTextField, line: 1, column: 10, says: "only google.protobuf.Any"),
        // Names
        Case(text: "i32: 1\nnope: 2", code: .unknownTextField, line: 2, column: 1, says: "t.Msg has no field named 'nope'"),
        Case(text: "nested { c: 1 }", code: .unknownTextField, line: 1, column: 10, says: "t.Nested has no field named 'c'"),
        Case(text: "Optionalgroup { g: 1 }", code: .unknownTextField, line: 1, column: 1, says: "no field named 'Optionalgroup'"),
        Case(text: "[t.unknown_ext]: 1", code: .unknownTextField, line: 1, column: 1, says: "not a known extension"),
        Case(text: "[t.ext_other]: 1", code: .unknownTextField, line: 1, column: 1, says: "extends t.Nested, not t.Msg"),
        Case(text: "[t.OptionalGroup] { g: 1 }", code: .unknownTextField, line: 1, column: 1, says: "not a known extension"),
        // Repeats
        Case(text: "i32: 1 i32: 2", code: .duplicateTextField, line: 1, column: 8, says: "given twice"),
        Case(text: "nested {} nested {}", code: .duplicateTextField, line: 1, column: 11, says: "given twice"),
        Case(text: "o_int32: 1\n o_nested {}", code: .duplicateTextField, line: 2, column: 2, says: "both members of one oneof"),
        Case(text: "any { [type.googleapis.com/t.Nested] {} type_url: 'x' }", code: .duplicateTextField, line: 1, column: 41, says: "given twice"),
    ]

    @Test(arguments: cases)
    func badInputIsRejectedAtItsPosition(_ c: Case) {
        do {
            let bytes = try TextFormatTestSchemas.parse(c.text)
            Issue.record("expected an error, parsed \(bytes)")
        } catch {
            #expect(error.code == c.code, "\(error)")
            #expect(error.line == c.line, "\(error)")
            #expect(error.column == c.column, "\(error)")
            #expect(error.message.contains(c.says), "\(error)")
            #expect(error.message.hasSuffix("(line \(c.line), column \(c.column))"), "\(error)")
        }
    }

    @Test func missingRequiredFieldsNameTheFieldAndThePosition() {
        do {
            _ = try TextFormat.parse("id: 1\nchild {\n}", schema: TextFormatTestSchemas.required)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .missingRequiredFields)
            #expect(error.message.contains("t.Req lacks required field 'id'"))
            #expect((error.line, error.column) == (3, 1))
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "recursive { ", count: 120) + String(repeating: "}", count: 120)
        do {
            _ = try TextFormatTestSchemas.parse(deep)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .depthLimitExceeded)
            #expect(error.column == 1 + 12 * 100 + 10)
        }
        #expect(throws: Never.self) {
            _ = try TextFormat.parse(deep, schema: TextFormatTestSchemas.msg, options: TextFormatDecodingOptions(maxDepth: 200))
        }
    }
}
