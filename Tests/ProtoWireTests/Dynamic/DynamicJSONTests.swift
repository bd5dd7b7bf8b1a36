// DynamicJSONTests.swift: dynamic messages write the same proto3 JSON as generated messages.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite("Dynamic messages: JSON")
struct DynamicJSONTests {
    /// The JSON of the dynamic twin of `message` (read from its bytes) equals the generated JSON.
    private func expectSameJSON<M: ProtoMessage>(_ message: M, options: JSONEncodingOptions = JSONEncodingOptions(),
                                                 registry: SchemaRegistry = SchemaRegistry(),
                                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dynamic = try DynamicMessage(schema: M._protoSchema, serializedBytes: message.serializedBytes(),
                                         extensions: registry, options: DecodingOptions(allowPartial: true))
        let expected = try message.jsonString(options: options)
        #expect(try dynamic.jsonString(options: options, registry: registry) == expected, sourceLocation: sourceLocation)
    }

    @Test("random proto3 and proto2 messages write the generated JSON, with every option")
    func randomMessages() throws {
        let optionSets = [
            JSONEncodingOptions(),
            JSONEncodingOptions(preserveProtoFieldNames: true, alwaysPrintFieldsWithoutPresence: true, alwaysPrintEnumsAsInts: true),
        ]
        for seed in 1...60 {
            var random3 = RandomProto3(seed: UInt64(seed))
            var random2 = RandomProto2(seed: UInt64(seed))
            let m3 = random3.message()
            let m2 = random2.message()
            for options in optionSets {
                try expectSameJSON(m3, options: options)
                try expectSameJSON(m2, options: options)
            }
        }
    }

    @Test("groups and extensions under \"[pkg.ext]\" keys")
    func groupsAndExtensions() throws {
        var groups = Protohttp_Test2_Groups2()
        groups.optGroup.inner.c = -5
        groups.repGroup = [.init()]
        try expectSameJSON(groups)

        var ext = Protohttp_Ext2_Extendable()
        ext.b = "b"
        ext[extension: Protohttp_Ext2_Extensions_opt_color] = .blue
        ext[extension: Protohttp_Ext2_Extensions_rep_sint32] = [1, -1]
        ext[extension: Protohttp_Ext2_Scope.Extensions.nested_double] = 2.5
        let registry = SchemaRegistry(types: [], extensions: Protohttp_Ext2_TestExtensions2_Extensions)
        try expectSameJSON(ext, registry: registry)
    }

    @Test("well-known types keep their special forms; Any resolves its payload in the schema registry")
    func wellKnownTypes() throws {
        var inner = Protohttp_Test_TestAllTypes3()
        inner.fInt32 = 5
        inner.fEnum = .blue
        let any = Google_Protobuf_Any(message: inner)
        let typeRegistry = TypeRegistry([Protohttp_Test_TestAllTypes3.self])
        let schemas = SchemaRegistry(typeRegistry)
        let dynamic = try DynamicMessage(schema: Google_Protobuf_Any._protoSchema, serializedBytes: any.serializedBytes())
        #expect(try dynamic.jsonString(registry: schemas) == any.jsonString(options: JSONEncodingOptions(typeRegistry: typeRegistry)))
        let unregistered = wireError { () throws(WireError) in _ = try dynamic.jsonString() }
        #expect(unregistered?.code == .notRepresentableInJSON && unregistered?.message.contains("SchemaRegistry") == true)

        let timestamp = Google_Protobuf_Timestamp(seconds: 1_700_000_000, nanos: 5_000_000)
        let packedTime = Google_Protobuf_Any(message: timestamp)
        let dynamicTime = try DynamicMessage(schema: Google_Protobuf_Any._protoSchema, serializedBytes: packedTime.serializedBytes())
        #expect(try dynamicTime.jsonString() == packedTime.jsonString())
        #expect(try dynamicTime.jsonString().contains("\"value\":\"2023-11-14T22:13:20.005Z\""))

        let value: Google_Protobuf_Value = ["a": 1.5, "b": [true, nil, "x"]]
        try expectSameJSON(value)
        try expectSameJSON(Google_Protobuf_Duration(seconds: -3, nanos: -500_000_000))
        try expectSameJSON(Google_Protobuf_FieldMask(paths: ["a.b", "c_d"]))
    }

    /// Parsing `json` dynamically gives the bytes generated parsing gives, or the same error.
    private func expectSameParse<M: ProtoMessage>(_: M.Type, _ json: String, registry: SchemaRegistry = SchemaRegistry(),
                                                  options: JSONDecodingOptions = JSONDecodingOptions(),
                                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deterministic = EncodingOptions(deterministic: true)
        var generated: M?
        let generatedError = wireError { () throws(WireError) in generated = try M(jsonString: json, options: options) }
        var dynamic: DynamicMessage?
        let dynamicError = wireError { () throws(WireError) in
            dynamic = try DynamicMessage(schema: M._protoSchema, jsonString: json, registry: registry, options: options)
        }
        if let generated {
            #expect(dynamicError == nil, "\(json): \(String(describing: dynamicError))", sourceLocation: sourceLocation)
            #expect(dynamic?.serializedBytes(options: deterministic) == generated.serializedBytes(options: deterministic),
                    "\(json)", sourceLocation: sourceLocation)
        } else {
            #expect(dynamicError?.code == generatedError?.code && dynamicError?.offset == generatedError?.offset,
                    "\(json): generated \(String(describing: generatedError)), dynamic \(String(describing: dynamicError))",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("parsing the JSON of random messages gives the bytes generated parsing gives")
    func parseRandomMessages() throws {
        let protoNames = JSONEncodingOptions(preserveProtoFieldNames: true, alwaysPrintFieldsWithoutPresence: true, alwaysPrintEnumsAsInts: true)
        for seed in 1...60 {
            var random3 = RandomProto3(seed: UInt64(seed))
            var random2 = RandomProto2(seed: UInt64(seed))
            let m3 = random3.message()
            let m2 = random2.message()
            try expectSameParse(Protohttp_Test_TestAllTypes3.self, try m3.jsonString())
            try expectSameParse(Protohttp_Test_TestAllTypes3.self, try m3.jsonString(options: protoNames))
            try expectSameParse(Protohttp_Test2_TestAllTypes2.self, try m2.jsonString(), options: JSONDecodingOptions(ignoreUnknownFields: false))
            try expectSameParse(Protohttp_Test2_TestAllTypes2.self, try m2.jsonString(options: protoNames))
        }
    }

    @Test("hand-written JSON: nulls, numbers as strings, enum numbers, oneofs, maps; bad JSON fails like generated parsing")
    func parseEdgesAndBadInput() throws {
        let good = [
            #"{"fInt32": "12", "fInt64": -3, "fUint64": "18446744073709551615", "fFloat": "NaN", "fDouble": 1e3}"#,
            #"{"f_string": "x", "fBytes": "AAEC", "fEnum": 2, "fNested": {"a": 1}, "fNested": null}"#,
            #"{"rInt32": [1, 2], "rEnum": ["COLOR_BLUE", 1], "mInt32Int32": {"1": 2, "-3": 4}, "mStringNested": {"k": {}}}"#,
            #"{"oString": null, "oUint32": 5}"#,
            #"{"recursive": {"recursive": {"fBool": true}}, "rRecursive": [{}, {"fInt32": 1}]}"#,
        ]
        for json in good { try expectSameParse(Protohttp_Test_TestAllTypes3.self, json) }
        let bad = [
            #"{"fInt32": 1, "f_int32": 2}"#,          // set twice
            #"{"oString": "a", "oUint32": 5}"#,        // two members of a oneof
            #"{"nope": 1}"#,                           // unknown field
            #"{"fInt32": 1.5}"#,                       // not an integer
            #"{"fEnum": "MAUVE"}"#,                    // not an enum name
            #"{"rInt32": [1, null]}"#,                 // null element
            #"{"mInt32Int32": {"x": 1}}"#,             // bad map key
            #"{"mInt32Int32": {"1": 1, "1": 2}}"#,     // repeated map key
            #"{"fString": "a""#,                       // truncated
            #"null"#,                                  // top-level null
            #"{"fBytes": "!!"}"#,                      // bad base64
        ]
        for json in bad {
            #expect((try? Protohttp_Test_TestAllTypes3(jsonString: json)) == nil, "\(json) should be rejected")
            try expectSameParse(Protohttp_Test_TestAllTypes3.self, json)
        }
        try expectSameParse(Protohttp_Test2_TestAllTypes2.self, #"{"oShade": 99}"#)  // not in a closed enum
        try expectSameParse(Protohttp_Test_TestAllTypes3.self, #"{"nope": 1, "fInt32": 3}"#, options: JSONDecodingOptions(ignoreUnknownFields: true))
    }

    @Test("parsing extensions, well-known types and an Any of a dynamic payload")
    func parseExtensionsAndWellKnownTypes() throws {
        let registry = SchemaRegistry(types: [], extensions: Protohttp_Ext2_TestExtensions2_Extensions)
        let ext = #"{"a": 1, "[protohttp.ext2.opt_color]": "COLOR_BLUE", "[protohttp.ext2.Scope.nested_strings]": ["x"]}"#
        let parsed = try DynamicMessage(schema: Protohttp_Ext2_Extendable._protoSchema, jsonString: ext, registry: registry)
        let generated = try Protohttp_Ext2_Extendable(jsonString: ext, options: JSONDecodingOptions(extensions: Protohttp_Ext2_TestExtensions2_Extensions))
        #expect(parsed.serializedBytes() == generated.serializedBytes())
        let unknownExtension = wireError { () throws(WireError) in
            _ = try DynamicMessage(schema: Protohttp_Ext2_Extendable._protoSchema, jsonString: ext)
        }
        #expect(unknownExtension?.code == .unknownJSONField)

        try expectSameParse(Google_Protobuf_Value.self, #"{"a": [1, "x", null, {"b": false}]}"#)
        try expectSameParse(Google_Protobuf_Timestamp.self, #""2023-11-14T22:13:20.005Z""#)
        try expectSameParse(Google_Protobuf_Duration.self, #""-3.5s""#)
        try expectSameParse(Google_Protobuf_Any.self, #"{"@type": "type.googleapis.com/google.protobuf.Duration", "value": "2s"}"#)

        let typeRegistry = TypeRegistry([Protohttp_Test_TestAllTypes3.self])
        let anyJSON = #"{"fInt32": 5, "@type": "type.googleapis.com/protohttp.test.TestAllTypes3", "fEnum": "COLOR_BLUE"}"#
        let generatedAny = try Google_Protobuf_Any(jsonString: anyJSON, options: JSONDecodingOptions(typeRegistry: typeRegistry))
        let dynamicAny = try DynamicMessage(schema: Google_Protobuf_Any._protoSchema, jsonString: anyJSON, registry: SchemaRegistry(typeRegistry))
        #expect(dynamicAny.serializedBytes() == generatedAny.serializedBytes())
        let unregistered = wireError { () throws(WireError) in
            _ = try DynamicMessage(schema: Google_Protobuf_Any._protoSchema, jsonString: anyJSON)
        }
        #expect(unregistered?.code == .invalidJSONValue && unregistered?.message.contains("SchemaRegistry") == true)
    }

    private func wireError(_ body: () throws(WireError) -> Void) -> WireError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
