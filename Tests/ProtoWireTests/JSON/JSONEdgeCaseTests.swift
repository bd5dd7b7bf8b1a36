// JSONEdgeCaseTests.swift: a table of proto3 JSON edge cases, each with its exact expected outcome.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

/// What one JSON edge case must produce.
enum JSONOutcome: Sendable, CustomStringConvertible {
    /// Decoding succeeds and re-encoding (default options) gives exactly this JSON.
    case json(String)
    /// Decoding throws this code.
    case error(WireError.Code)

    var description: String {
        switch self {
        case .json(let s): return "json \(s)"
        case .error(let c): return "error \(c)"
        }
    }
}

/// One row: decode `input` as `TestAllTypes3` (or the type named) and compare with `outcome`.
struct JSONCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let outcome: JSONOutcome
    var ignoreUnknown = false
    var testDescription: String { name }
}

typealias T3 = Protohttp_Test_TestAllTypes3

/// Decodes `input` as `M` and returns the re-encoded JSON or the error code.
func jsonOutcome<M: ProtoMessage>(_: M.Type, _ input: String, ignoreUnknown: Bool = false) -> String {
    do {
        let m = try M(jsonString: input, options: JSONDecodingOptions(ignoreUnknownFields: ignoreUnknown))
        return "json " + (try m.jsonString())
    } catch {
        return "error \(error.code)"
    }
}

@Suite("JSON edge cases")
struct JSONEdgeCaseTests {
    static let message3: [JSONCase] = [
        // Names: JSON name and proto name both accepted; output uses the JSON name.
        JSONCase(name: "json name", input: #"{"fInt32": 1}"#, outcome: .json(#"{"fInt32":1}"#)),
        JSONCase(name: "proto name", input: #"{"f_int32": 1}"#, outcome: .json(#"{"fInt32":1}"#)),
        JSONCase(name: "both names of one field", input: #"{"fInt32": 1, "f_int32": 2}"#, outcome: .error(.duplicateJSONKey)),
        JSONCase(name: "duplicate key", input: #"{"fInt32": 1, "fInt32": 1}"#, outcome: .error(.duplicateJSONKey)),
        JSONCase(name: "unknown field", input: #"{"nope": 1}"#, outcome: .error(.unknownJSONField)),
        JSONCase(name: "unknown field ignored", input: #"{"nope": {"a": [1, {"b": null}]}, "fInt32": 3}"#,
                 outcome: .json(#"{"fInt32":3}"#), ignoreUnknown: true),
        JSONCase(name: "empty object", input: "{}", outcome: .json("{}")),
        JSONCase(name: "whitespace everywhere", input: " \n\t{ \"fInt32\" \r: 5 } \n", outcome: .json(#"{"fInt32":5}"#)),
        // Integers.
        JSONCase(name: "int32 max", input: #"{"fInt32": 2147483647}"#, outcome: .json(#"{"fInt32":2147483647}"#)),
        JSONCase(name: "int32 min", input: #"{"fInt32": -2147483648}"#, outcome: .json(#"{"fInt32":-2147483648}"#)),
        JSONCase(name: "int32 overflow", input: #"{"fInt32": 2147483648}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "int32 exponent", input: #"{"fInt32": 1e5}"#, outcome: .json(#"{"fInt32":100000}"#)),
        JSONCase(name: "int32 integral decimal", input: #"{"fInt32": 100000.000}"#, outcome: .json(#"{"fInt32":100000}"#)),
        JSONCase(name: "int32 negative exponent integral", input: #"{"fInt32": 1500e-2}"#, outcome: .json(#"{"fInt32":15}"#)),
        JSONCase(name: "int32 fraction", input: #"{"fInt32": 1.5}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "int32 as string", input: #"{"fInt32": "-7"}"#, outcome: .json(#"{"fInt32":-7}"#)),
        JSONCase(name: "int32 string not a number", input: #"{"fInt32": "x"}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "int32 bool", input: #"{"fInt32": true}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "uint32 negative", input: #"{"fUint32": -1}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "uint32 negative zero", input: #"{"fUint32": -0}"#, outcome: .json("{}")),
        JSONCase(name: "int64 as number", input: #"{"fInt64": 9007199254740993}"#, outcome: .json(#"{"fInt64":"9007199254740993"}"#)),
        JSONCase(name: "int64 as string", input: #"{"fInt64": "-9223372036854775808"}"#, outcome: .json(#"{"fInt64":"-9223372036854775808"}"#)),
        JSONCase(name: "int64 overflow", input: #"{"fInt64": "9223372036854775808"}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "uint64 max", input: #"{"fUint64": "18446744073709551615"}"#, outcome: .json(#"{"fUint64":"18446744073709551615"}"#)),
        JSONCase(name: "uint64 overflow", input: #"{"fUint64": 18446744073709551616}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "fixed64 exponent", input: #"{"fFixed64": 1.8e19}"#, outcome: .json(#"{"fFixed64":"18000000000000000000"}"#)),
        // Around the 19 digits the scanner takes without overflow checks, and the 20th after them.
        JSONCase(name: "uint64 19 digits", input: #"{"fUint64": 9999999999999999999}"#, outcome: .json(#"{"fUint64":"9999999999999999999"}"#)),
        JSONCase(name: "uint64 20 digits", input: #"{"fUint64": 10000000000000000000}"#, outcome: .json(#"{"fUint64":"10000000000000000000"}"#)),
        JSONCase(name: "uint64 max as number", input: #"{"fUint64": 18446744073709551615}"#, outcome: .json(#"{"fUint64":"18446744073709551615"}"#)),
        JSONCase(name: "uint64 21 digits, zeros", input: #"{"fUint64": 184467440737095516150e-1}"#, outcome: .json(#"{"fUint64":"18446744073709551615"}"#)),
        JSONCase(name: "uint64 20 digits over", input: #"{"fUint64": 99999999999999999999}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "int64 19 integer and fraction digits", input: #"{"fInt64": 1234567890.000000000000}"#, outcome: .json(#"{"fInt64":"1234567890"}"#)),
        JSONCase(name: "int64 fraction past 19 digits", input: #"{"fInt64": 1234567890.0000000001}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "int64 zeros past the mantissa", input: #"{"fInt64": 0.00000000000000000000000}"#, outcome: .json("{}")),
        JSONCase(name: "double 19 and 20 digits", input: #"{"fDouble": 1234567890123456789.5}"#, outcome: .json(#"{"fDouble":1.2345678901234568e+18}"#)),
        JSONCase(name: "double small, many digits", input: #"{"fDouble": 0.000000000000000000001234567}"#, outcome: .json(#"{"fDouble":1.234567e-21}"#)),
        JSONCase(name: "sint64 many zero decimals", input: #"{"fSint64": -5.00000000000000000000000}"#, outcome: .json(#"{"fSint64":"-5"}"#)),
        JSONCase(name: "leading zero", input: #"{"fInt32": 01}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "leading plus", input: #"{"fInt32": +1}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "bare decimal point", input: #"{"fInt32": 1.}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "huge exponent", input: #"{"fInt32": 1e999999999}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "zero with huge exponent", input: #"{"fInt32": 0e999999999}"#, outcome: .json("{}")),
        // Floating point.
        JSONCase(name: "double shortest", input: #"{"fDouble": 0.1}"#, outcome: .json(#"{"fDouble":0.1}"#)),
        JSONCase(name: "double integral", input: #"{"fDouble": 3.0}"#, outcome: .json(#"{"fDouble":3}"#)),
        JSONCase(name: "double tiny", input: #"{"fDouble": 5e-324}"#, outcome: .json(#"{"fDouble":5e-324}"#)),
        JSONCase(name: "double max", input: #"{"fDouble": 1.7976931348623157e308}"#, outcome: .json(#"{"fDouble":1.7976931348623157e+308}"#)),
        JSONCase(name: "double too large", input: #"{"fDouble": 1e309}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "double NaN", input: #"{"fDouble": "NaN"}"#, outcome: .json(#"{"fDouble":"NaN"}"#)),
        JSONCase(name: "double Infinity", input: #"{"fDouble": "Infinity"}"#, outcome: .json(#"{"fDouble":"Infinity"}"#)),
        JSONCase(name: "double -Infinity", input: #"{"fDouble": "-Infinity"}"#, outcome: .json(#"{"fDouble":"-Infinity"}"#)),
        JSONCase(name: "double quoted", input: #"{"fDouble": "1.25"}"#, outcome: .json(#"{"fDouble":1.25}"#)),
        JSONCase(name: "double bare NaN", input: #"{"fDouble": NaN}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "double lowercase nan", input: #"{"fDouble": "nan"}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "negative zero", input: #"{"fDouble": -0.0}"#, outcome: .json(#"{"fDouble":-0.0}"#)),
        JSONCase(name: "float shortest", input: #"{"fFloat": 0.1}"#, outcome: .json(#"{"fFloat":0.1}"#)),
        JSONCase(name: "float too large", input: #"{"fFloat": 3.5e38}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "float max", input: #"{"fFloat": 3.4028235e38}"#, outcome: .json(#"{"fFloat":3.4028235e+38}"#)),
        JSONCase(name: "many digits", input: #"{"fDouble": 3.14159265358979323846264338327950288}"#, outcome: .json(#"{"fDouble":3.141592653589793}"#)),
        // Bool, string, bytes.
        JSONCase(name: "bool", input: #"{"fBool": true}"#, outcome: .json(#"{"fBool":true}"#)),
        JSONCase(name: "bool as string", input: #"{"fBool": "true"}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "string escapes", input: #"{"fString": "a\"\\\/\b\f\n\r\t\u0001\u00e9"}"#,
                 outcome: .json(#"{"fString":"a\"\\/\b\f\n\r\t\u0001é"}"#)),
        JSONCase(name: "surrogate pair", input: #"{"fString": "\ud83d\ude00"}"#, outcome: .json(#"{"fString":"😀"}"#)),
        JSONCase(name: "lone high surrogate", input: #"{"fString": "\ud83d"}"#, outcome: .error(.invalidUTF8)),
        JSONCase(name: "lone low surrogate", input: #"{"fString": "\ude00x"}"#, outcome: .error(.invalidUTF8)),
        JSONCase(name: "bad escape", input: #"{"fString": "\x"}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "raw control character", input: "{\"fString\": \"a\u{1}\"}", outcome: .error(.malformedJSON)),
        JSONCase(name: "string as number", input: #"{"fString": 1}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "bytes standard", input: #"{"fBytes": "AQID/w=="}"#, outcome: .json(#"{"fBytes":"AQID/w=="}"#)),
        JSONCase(name: "bytes url-safe unpadded", input: #"{"fBytes": "AQID_w"}"#, outcome: .json(#"{"fBytes":"AQID/w=="}"#)),
        JSONCase(name: "bytes url-safe padded", input: #"{"fBytes": "-_8="}"#, outcome: .json(#"{"fBytes":"+/8="}"#)),
        JSONCase(name: "bytes bad", input: #"{"fBytes": "A*=="}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "bytes bad length", input: #"{"fBytes": "AQIDB"}"#, outcome: .error(.invalidJSONValue)),
        // Enums.
        JSONCase(name: "enum by name", input: #"{"fEnum": "COLOR_RED"}"#, outcome: .json(#"{"fEnum":"COLOR_RED"}"#)),
        JSONCase(name: "enum by number", input: #"{"fEnum": 2}"#, outcome: .json(#"{"fEnum":"COLOR_GREEN"}"#)),
        JSONCase(name: "enum negative", input: #"{"fEnum": -1}"#, outcome: .json(#"{"fEnum":"COLOR_NEGATIVE"}"#)),
        JSONCase(name: "enum unknown number", input: #"{"fEnum": 42}"#, outcome: .json(#"{"fEnum":42}"#)),
        JSONCase(name: "enum unknown name", input: #"{"fEnum": "COLOR_PINK"}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "enum unknown name ignored", input: #"{"fEnum": "COLOR_PINK", "fInt32": 1}"#,
                 outcome: .json(#"{"fInt32":1}"#), ignoreUnknown: true),
        JSONCase(name: "repeated enum unknown name dropped", input: #"{"rEnum": ["COLOR_RED", "COLOR_PINK", "COLOR_BLUE"]}"#,
                 outcome: .json(#"{"rEnum":["COLOR_RED","COLOR_BLUE"]}"#), ignoreUnknown: true),
        JSONCase(name: "map enum unknown name dropped", input: #"{"mSint64Enum": {"1": "COLOR_PINK", "2": "COLOR_RED"}}"#,
                 outcome: .json(#"{"mSint64Enum":{"2":"COLOR_RED"}}"#), ignoreUnknown: true),
        JSONCase(name: "default enum omitted", input: #"{"fEnum": "COLOR_UNSPECIFIED"}"#, outcome: .json("{}")),
        // null.
        JSONCase(name: "null scalar", input: #"{"fInt32": null}"#, outcome: .json("{}")),
        JSONCase(name: "null message", input: #"{"fNested": null}"#, outcome: .json("{}")),
        JSONCase(name: "null repeated", input: #"{"rInt32": null}"#, outcome: .json("{}")),
        JSONCase(name: "null map", input: #"{"mStringString": null}"#, outcome: .json("{}")),
        JSONCase(name: "null element", input: #"{"rInt32": [1, null]}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "null map value", input: #"{"mStringString": {"a": null}}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "top-level null", input: "null", outcome: .error(.invalidJSONValue)),
        // Messages, repeated, maps, oneofs.
        JSONCase(name: "nested message", input: #"{"fNested": {"a": 1, "b": "x"}}"#, outcome: .json(#"{"fNested":{"a":1,"b":"x"}}"#)),
        JSONCase(name: "empty nested message is present", input: #"{"fNested": {}}"#, outcome: .json(#"{"fNested":{}}"#)),
        JSONCase(name: "repeated", input: #"{"rInt64": [1, "2", -3], "rString": ["a", ""]}"#,
                 outcome: .json(#"{"rInt64":["1","2","-3"],"rString":["a",""]}"#)),
        JSONCase(name: "repeated not an array", input: #"{"rInt32": 1}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "empty repeated omitted", input: #"{"rInt32": []}"#, outcome: .json("{}")),
        JSONCase(name: "map keys stringified and sorted", input: #"{"mInt32Int32": {"10": 1, "-2": 2, "3": 3}}"#,
                 outcome: .json(#"{"mInt32Int32":{"-2":2,"3":3,"10":1}}"#)),
        JSONCase(name: "map bool keys", input: #"{"mBoolInt64": {"true": 1, "false": "2"}}"#,
                 outcome: .json(#"{"mBoolInt64":{"false":"2","true":"1"}}"#)),
        JSONCase(name: "map bad int key", input: #"{"mInt32Int32": {"x": 1}}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "map key out of range", input: #"{"mInt32Int32": {"2147483648": 1}}"#, outcome: .error(.invalidJSONValue)),
        JSONCase(name: "map duplicate key", input: #"{"mStringString": {"a": "1", "a": "2"}}"#, outcome: .error(.duplicateJSONKey)),
        JSONCase(name: "map uint64 key", input: #"{"mUint64Double": {"18446744073709551615": 0.5}}"#,
                 outcome: .json(#"{"mUint64Double":{"18446744073709551615":0.5}}"#)),
        JSONCase(name: "oneof", input: #"{"oString": "x"}"#, outcome: .json(#"{"oString":"x"}"#)),
        JSONCase(name: "oneof default value is written", input: #"{"oUint32": 0}"#, outcome: .json(#"{"oUint32":0}"#)),
        JSONCase(name: "two oneof members", input: #"{"oString": "x", "oUint32": 1}"#, outcome: .error(.duplicateJSONKey)),
        JSONCase(name: "oneof null then value", input: #"{"oString": null, "oUint32": 1}"#, outcome: .json(#"{"oUint32":1}"#)),
        JSONCase(name: "recursive", input: #"{"recursive": {"recursive": {"fInt32": 1}}}"#,
                 outcome: .json(#"{"recursive":{"recursive":{"fInt32":1}}}"#)),
        JSONCase(name: "max field number", input: #"{"fMaxNumber": 1}"#, outcome: .json(#"{"fMaxNumber":1}"#)),
        // Grammar.
        JSONCase(name: "trailing comma", input: #"{"fInt32": 1,}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "trailing comma in array", input: #"{"rInt32": [1,]}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "missing colon", input: #"{"fInt32" 1}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "single quotes", input: #"{'fInt32': 1}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "content after the value", input: #"{} {}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "not an object", input: "[]", outcome: .error(.malformedJSON)),
        JSONCase(name: "empty input", input: "", outcome: .error(.malformedJSON)),
        JSONCase(name: "literal runs on", input: #"{"fBool": truex}"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "unterminated string", input: #"{"fString": "abc"#, outcome: .error(.malformedJSON)),
        JSONCase(name: "escaped key", input: #"{"f\u0049nt32": 4}"#, outcome: .json(#"{"fInt32":4}"#)),
    ]

    @Test(arguments: message3)
    func testAllTypes3(_ c: JSONCase) {
        #expect(jsonOutcome(T3.self, c.input, ignoreUnknown: c.ignoreUnknown) == c.outcome.description)
    }

    @Test func invalidUTF8IsRejected() {
        let bytes: [UInt8] = Array(#"{"fString": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: WireError.self) { try T3(jsonUTF8Bytes: bytes) }
        do {
            _ = try T3(jsonUTF8Bytes: bytes)
        } catch {
            #expect(error.code == .invalidUTF8)
            #expect(error.offset == 12)
        }
        // Overlong encoding and a surrogate encoded directly.
        for bad in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] as [[UInt8]] {
            let input = Array(#"{"fString": ""#.utf8) + bad + Array(#""}"#.utf8)
            #expect(throws: WireError.self) { try T3(jsonUTF8Bytes: input) }
        }
        // Valid multi-byte UTF-8 passes through unchanged.
        let ok = Array(#"{"fString": "日本😀é"}"#.utf8)
        #expect((try? T3(jsonUTF8Bytes: ok))?.fString == "日本😀é")
    }

    @Test func optionsChangeTheOutput() throws {
        var m = T3()
        m.fInt32 = 1
        m.fEnum = .red
        m.fNested.a = 2
        #expect(try m.jsonString(options: JSONEncodingOptions(preserveProtoFieldNames: true))
                == #"{"f_int32":1,"f_enum":"COLOR_RED","f_nested":{"a":2}}"#)
        #expect(try m.jsonString(options: JSONEncodingOptions(alwaysPrintEnumsAsInts: true))
                == #"{"fInt32":1,"fEnum":1,"fNested":{"a":2}}"#)
        let n = Protohttp_Test_Nested3()
        #expect(try n.jsonString(options: JSONEncodingOptions(alwaysPrintFieldsWithoutPresence: true)) == #"{"a":0,"b":""}"#)
        let defaults = try T3().jsonString(options: JSONEncodingOptions(alwaysPrintFieldsWithoutPresence: true))
        #expect(defaults.hasPrefix(#"{"fInt32":0,"fInt64":"0","fUint32":0,"fUint64":"0","#))
        #expect(defaults.contains(#""fEnum":"COLOR_UNSPECIFIED","rInt32":[],"#))
        #expect(defaults.contains(#""mStringNested":{},"rRecursive":[],"fMaxNumber":0}"#))
        #expect(!defaults.contains("fNested"), "message fields have presence")
        #expect(!defaults.contains("oUint32"), "oneof members have presence")
        let back = try T3(jsonString: defaults)
        #expect(back == T3())
    }

    @Test func stringEscapingOnOutput() throws {
        var m = T3()
        m.fString = "q\"b\\s/\u{0}\u{1F}\u{7F}\n\u{2028}é"
        let json = try m.jsonString()
        #expect(json == #"{"fString":"q\"b\\s/\u0000\u001f"# + "\u{7F}" + #"\n"# + "\u{2028}é\"}")
        #expect(try T3(jsonString: json) == m)
    }

    @Test func int64AndFloatsOnOutput() throws {
        var m = T3()
        m.fInt64 = .min
        m.fUint64 = .max
        m.fFloat = .nan
        m.fDouble = -.infinity
        m.rFloat = [1.1, 1e-7, 16777216, 3.4028235e38]
        m.rDouble = [0.1 + 0.2, 1e21, 123456789.125, -2.5e-8]
        let json = try m.jsonString()
        #expect(json == #"{"fInt64":"-9223372036854775808","fUint64":"18446744073709551615","fFloat":"NaN","fDouble":"-Infinity","#
                + #""rFloat":[1.1,1e-07,16777216,3.4028235e+38],"rDouble":[0.30000000000000004,1e+21,123456789.125,-2.5e-08]}"#)
        let back = try T3(jsonString: json)
        #expect(back.rFloat == m.rFloat)
        #expect(back.rDouble == m.rDouble)
        #expect(back.fFloat.isNaN)
    }
}

/// Duplicate map keys are caught whether or not the map already held entries.
@Suite struct JSONMapMergeDuplicateTests {
    @Test func duplicateKeyWhileMergingIntoAFilledMapIsRejected() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.mStringString = ["a": "old"]
        #expect(throws: WireError.self) {
            try msg.merge(jsonString: #"{"mStringString": {"b": "1", "b": "2"}}"#)
        }
        // A key already in the map from earlier input is not a duplicate: it is replaced.
        var again = Protohttp_Test_TestAllTypes3()
        again.mStringString = ["a": "old"]
        try again.merge(jsonString: #"{"mStringString": {"a": "new", "c": "3"}}"#)
        #expect(again.mStringString == ["a": "new", "c": "3"])
    }
}
