// JSONWellKnownTypesTests.swift: Timestamp, Duration, FieldMask, Any, Struct/Value/ListValue, wrappers and Empty in JSON.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite("JSON well-known types")
struct JSONWellKnownTypesTests {
    static let timestamps: [(String, String)] = [
        (#""1970-01-01T00:00:00Z""#, #""1970-01-01T00:00:00Z""#),
        (#""1972-01-01T10:00:20.021Z""#, #""1972-01-01T10:00:20.021Z""#),
        (#""1972-01-01T10:00:20.0210Z""#, #""1972-01-01T10:00:20.021Z""#),
        (#""2000-02-29T23:59:59.000001Z""#, #""2000-02-29T23:59:59.000001Z""#),
        (#""2000-02-29T23:59:59.1234567Z""#, #""2000-02-29T23:59:59.123456700Z""#),
        (#""1969-12-31T23:59:59.999999999Z""#, #""1969-12-31T23:59:59.999999999Z""#),
        (#""2024-06-01T12:00:00+02:30""#, #""2024-06-01T09:30:00Z""#),
        (#""2024-06-01T00:10:00-01:00""#, #""2024-06-01T01:10:00Z""#),
        (#""0001-01-01T00:00:00Z""#, #""0001-01-01T00:00:00Z""#),
        (#""9999-12-31T23:59:59.999999999Z""#, #""9999-12-31T23:59:59.999999999Z""#),
    ]

    @Test func timestampsReadAndNormalise() throws {
        for (input, output) in Self.timestamps {
            let t = try Google_Protobuf_Timestamp(jsonString: input)
            #expect(try t.jsonString() == output, "\(input)")
        }
        let t = try Google_Protobuf_Timestamp(jsonString: #""1972-01-01T10:00:20.021Z""#)
        #expect(t.seconds == 63_108_020 && t.nanos == 21_000_000)
    }

    @Test func badTimestampsAreRejected() {
        let bad = [#""1972-01-01t10:00:20Z""#, #""1972-01-01T10:00:20z""#, #""1972-01-01T10:00:20""#,
                   #""1972-13-01T10:00:20Z""#, #""2001-02-29T10:00:20Z""#, #""1972-01-01T24:00:00Z""#,
                   #""1972-01-01T10:00:60Z""#, #""0000-01-01T00:00:00Z""#, #""0001-01-01T00:00:00+00:01""#,
                   #""9999-12-31T23:59:59-00:01""#, #""1972-01-01T10:00:20.Z""#, #""1972-01-01T10:00:20.0123456789Z""#,
                   #""1972-1-01T10:00:20Z""#, "0", #""""#]
        for input in bad {
            #expect(throws: WireError.self, "\(input)") { try Google_Protobuf_Timestamp(jsonString: input) }
        }
        var out = Google_Protobuf_Timestamp()
        out.seconds = 253_402_300_800
        #expect(throws: WireError.self) { try out.jsonString() }
        out.seconds = 0
        out.nanos = -1
        #expect(throws: WireError.self) { try out.jsonString() }
    }

    @Test func durations() throws {
        let cases: [(String, String)] = [
            (#""1.5s""#, #""1.500s""#), (#""0s""#, #""0s""#), (#""-0.000000001s""#, #""-0.000000001s""#),
            (#""-1.25s""#, #""-1.250s""#), (#""315576000000s""#, #""315576000000s""#), (#""3.000001s""#, #""3.000001s""#),
            (#""-315576000000.999999999s""#, #""-315576000000.999999999s""#),
        ]
        for (input, output) in cases {
            #expect(try Google_Protobuf_Duration(jsonString: input).jsonString() == output, "\(input)")
        }
        let d = try Google_Protobuf_Duration(jsonString: #""-1.5s""#)
        #expect(d.seconds == -1 && d.nanos == -500_000_000)
        for bad in [#""1.5""#, #""s""#, #""1.s""#, #""315576000001s""#, #""1.0000000001s""#, #""+1s""#, "1.5", #""1.5 s""#] {
            #expect(throws: WireError.self, "\(bad)") { try Google_Protobuf_Duration(jsonString: bad) }
        }
        var mixed = Google_Protobuf_Duration()
        mixed.seconds = 1
        mixed.nanos = -1
        #expect(throws: WireError.self) { try mixed.jsonString() }
    }

    @Test func fieldMasks() throws {
        let m = try Google_Protobuf_FieldMask(jsonString: #""user.displayName,photo,aB.cD""#)
        #expect(m.paths == ["user.display_name", "photo", "a_b.c_d"])
        #expect(try m.jsonString() == #""user.displayName,photo,aB.cD""#)
        #expect(try Google_Protobuf_FieldMask(jsonString: #""""#).paths.isEmpty)
        #expect(throws: WireError.self) { try Google_Protobuf_FieldMask(jsonString: #""foo_bar""#) }
        for bad in ["fooBar", "foo__bar", "foo_", "foo_1"] {
            let mask = Google_Protobuf_FieldMask(paths: [bad])
            #expect(throws: WireError.self, "\(bad)") { try mask.jsonString() }
        }
    }

    @Test func wrappersAreBareValues() throws {
        #expect(try Google_Protobuf_Int64Value(jsonString: "5").jsonString() == #""5""#)
        #expect(try Google_Protobuf_UInt32Value(jsonString: #""7""#).jsonString() == "7")
        #expect(try Google_Protobuf_BoolValue(jsonString: "false").jsonString() == "false")
        #expect(try Google_Protobuf_StringValue(jsonString: #""x""#).jsonString() == #""x""#)
        #expect(try Google_Protobuf_BytesValue(jsonString: #""AQ""#).jsonString() == #""AQ==""#)
        #expect(try Google_Protobuf_DoubleValue(jsonString: #""NaN""#).jsonString() == #""NaN""#)
        #expect(try Google_Protobuf_FloatValue(jsonString: "1.5").jsonString() == "1.5")
        #expect(throws: WireError.self) { try Google_Protobuf_Int32Value(jsonString: #"{"value": 1}"#) }
    }

    @Test func emptyIsAnObject() throws {
        #expect(try Google_Protobuf_Empty(jsonString: "{}").jsonString() == "{}")
        #expect(throws: WireError.self) { try Google_Protobuf_Empty(jsonString: #"{"a":1}"#) }
    }

    @Test func structValueAndListAreArbitraryJSON() throws {
        let input = #"{"z": [1, "two", true, null, {"n": -0.5}, []], "a": {}, "s": "\u00e9"}"#
        let s = try Google_Protobuf_Struct(jsonString: input)
        #expect(s["a"] == Google_Protobuf_Value(Google_Protobuf_Struct()))
        #expect(try s.jsonString() == #"{"a":{},"s":"é","z":[1,"two",true,null,{"n":-0.5},[]]}"#)
        #expect(try Google_Protobuf_Value(jsonString: "null") == .null)
        #expect(try Google_Protobuf_Value(jsonString: "null").jsonString() == "null")
        #expect(try Google_Protobuf_Value(jsonString: "12").numberValue == 12)
        #expect(try Google_Protobuf_ListValue(jsonString: "[null, [[]]]").jsonString() == "[null,[[]]]")
        #expect(throws: WireError.self) { try Google_Protobuf_Struct(jsonString: #"{"a": 1, "a": 2}"#) }
        #expect(throws: WireError.self) { try Google_Protobuf_Struct(jsonString: "[]") }
        #expect(throws: WireError.self) { try Google_Protobuf_Value(Double.nan).jsonString() }
        #expect(try Google_Protobuf_Value().jsonString() == "null", "a Value with no kind is written as null")
    }

    @Test func anyWithRegisteredTypes() throws {
        var inner = Protohttp_Test_Nested3()
        inner.a = 7
        inner.b = "x"
        let any = Google_Protobuf_Any(message: inner)
        let registry = TypeRegistry([Protohttp_Test_Nested3.self])
        let json = try any.jsonString(options: JSONEncodingOptions(typeRegistry: registry))
        #expect(json == #"{"@type":"type.googleapis.com/protohttp.test.Nested3","a":7,"b":"x"}"#)
        let options = JSONDecodingOptions(typeRegistry: registry)
        #expect(try Google_Protobuf_Any(jsonString: json, options: options) == any)
        // "@type" after the fields.
        let late = #"{"b": "x", "a": 7, "@type": "type.googleapis.com/protohttp.test.Nested3"}"#
        #expect(try Google_Protobuf_Any(jsonString: late, options: options) == any)
        // Unregistered types fail both ways; an empty Any is {}.
        #expect(throws: WireError.self) { try any.jsonString() }
        #expect(throws: WireError.self) { try Google_Protobuf_Any(jsonString: json) }
        #expect(try Google_Protobuf_Any(jsonString: "{}") == Google_Protobuf_Any())
        #expect(try Google_Protobuf_Any().jsonString() == "{}")
        #expect(throws: WireError.self) { try Google_Protobuf_Any(jsonString: #"{"a": 1}"#) }
        #expect(throws: WireError.self) {
            try Google_Protobuf_Any(jsonString: #"{"@type": "type.googleapis.com/protohttp.test.Nested3", "zz": 1}"#, options: options)
        }
        // Empty payload: just "@type".
        let empty = Google_Protobuf_Any(message: Protohttp_Test_Nested3())
        #expect(try empty.jsonString(options: JSONEncodingOptions(typeRegistry: registry))
                == #"{"@type":"type.googleapis.com/protohttp.test.Nested3"}"#)
    }

    @Test func wellKnownTypesInsideAnyUseValue() throws {
        var ts = Google_Protobuf_Timestamp()
        ts.seconds = 1
        let any = Google_Protobuf_Any(message: ts)
        let json = try any.jsonString()
        #expect(json == #"{"@type":"type.googleapis.com/google.protobuf.Timestamp","value":"1970-01-01T00:00:01Z"}"#)
        #expect(try Google_Protobuf_Any(jsonString: json) == any)
        let nested = Google_Protobuf_Any(message: any)
        let nestedJSON = try nested.jsonString()
        #expect(nestedJSON == #"{"@type":"type.googleapis.com/google.protobuf.Any","value":"# + json + "}")
        #expect(try Google_Protobuf_Any(jsonString: nestedJSON) == nested)
        let s: Google_Protobuf_Struct = ["k": [1, "v"]]
        let sj = try Google_Protobuf_Any(message: s).jsonString()
        #expect(sj == #"{"@type":"type.googleapis.com/google.protobuf.Struct","value":{"k":[1,"v"]}}"#)
        #expect(try Google_Protobuf_Any(jsonString: #"{"value": {"k": [1, "v"]}, "@type": "type.googleapis.com/google.protobuf.Struct"}"#)
                == Google_Protobuf_Any(message: s))
        let e = try Google_Protobuf_Any(message: Google_Protobuf_Empty()).jsonString()
        #expect(e == #"{"@type":"type.googleapis.com/google.protobuf.Empty"}"#)
    }

    /// Met by the json-decode fuzz target (Tests/Fuzz): `{"oneofNullValue": 1}` reads, writes
    /// `null`, and reads back as 0. Proto3 enums are open, so a NullValue may hold any number;
    /// its JSON is `null` whatever the number, as in Google's C++ and Python printers.
    @Test("a NullValue holding a number other than 0 is written as null and reads back as 0")
    func nullValueNumbers() throws {
        let odd = try Google_Protobuf_Value(serializedBytes: [0x08, 0x01])
        #expect(odd.nullValue == .UNRECOGNIZED(1))
        #expect(try odd.jsonString() == "null")
        #expect(try Google_Protobuf_Value(jsonString: odd.jsonString()) == .null)
    }
}

@Suite("JSON proto2: groups and extensions")
struct JSONProto2Tests {
    @Test func extensionsUseBracketedFullNames() throws {
        var m = Protohttp_Ext2_Extendable()
        m.a = 1
        m[extension: Protohttp_Ext2_Extensions_opt_int32] = 5
        m[extension: Protohttp_Ext2_Extensions_rep_color] = [.red, .blue]
        var payload = Protohttp_Ext2_Payload()
        payload.n = 3
        m[extension: Protohttp_Ext2_Extensions_opt_payload] = payload
        let json = try m.jsonString()
        #expect(json == #"{"a":1,"[protohttp.ext2.opt_int32]":5,"[protohttp.ext2.rep_color]":["COLOR_RED","COLOR_BLUE"],"[protohttp.ext2.opt_payload]":{"n":3}}"#)
        let options = JSONDecodingOptions(extensions: Protohttp_Ext2_TestExtensions2_Extensions)
        let back = try Protohttp_Ext2_Extendable(jsonString: json, options: options)
        #expect(back == m)
        #expect(throws: WireError.self) { try Protohttp_Ext2_Extendable(jsonString: json) }
        let ignored = try Protohttp_Ext2_Extendable(jsonString: json, options: JSONDecodingOptions(ignoreUnknownFields: true))
        #expect(ignored.a == 1 && ignored.extensionFields.isEmpty)
    }

    @Test func groupsAreObjects() throws {
        var g = Protohttp_Test2_Groups2()
        g.optGroup.a = 1
        g.optGroup.inner.c = -2
        var rep = Protohttp_Test2_Groups2.RepGroup()
        rep.d = 4
        g.repGroup = [rep]
        g.after = 9
        let json = try g.jsonString()
        #expect(json == #"{"optgroup":{"a":1,"inner":{"c":"-2"}},"repgroup":[{"d":4}],"after":9}"#)
        #expect(try Protohttp_Test2_Groups2(jsonString: json) == g)
        // A group field's name is its type name in lower case, as protoc derives it.
        #expect(try Protohttp_Test2_Groups2(jsonString: #"{"optgroup": {"a": 1}}"#).optGroup.a == 1)
    }

    @Test func closedEnumsRejectUnknownNumbers() {
        #expect(throws: WireError.self) {
            try Protohttp_Ext2_Extendable(jsonString: #"{"[protohttp.ext2.opt_color]": 7}"#,
                                          options: JSONDecodingOptions(extensions: Protohttp_Ext2_TestExtensions2_Extensions))
        }
    }
}
