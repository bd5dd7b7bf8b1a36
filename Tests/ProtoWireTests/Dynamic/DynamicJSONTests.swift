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

    private func wireError(_ body: () throws(WireError) -> Void) -> WireError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
