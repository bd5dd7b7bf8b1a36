// JSONRoundTripTests.swift: random messages of the test schemas survive JSON and back.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite("JSON round trips")
struct JSONRoundTripTests {
    /// JSON of `m` decodes to a message with the same binary encoding and the same JSON
    /// (NaN payloads are not kept by JSON, so binary equality is only asked for without NaNs).
    func check<M: ProtoMessage>(_ m: M, options: JSONDecodingOptions = JSONDecodingOptions()) throws {
        for encoding in [JSONEncodingOptions(), JSONEncodingOptions(preserveProtoFieldNames: true),
                         JSONEncodingOptions(alwaysPrintFieldsWithoutPresence: true, alwaysPrintEnumsAsInts: true)] {
            let json = try m.jsonString(options: encoding)
            let back = try M(jsonString: json, options: options)
            #expect(try back.jsonString(options: encoding) == json)
            if !json.contains("NaN") {
                #expect(back.serializedBytes(options: EncodingOptions(deterministic: true))
                        == m.serializedBytes(options: EncodingOptions(deterministic: true)))
            }
        }
    }

    @Test func proto3RandomMessages() throws {
        for seed in 1...150 {
            var random = RandomProto3(seed: UInt64(seed))
            try check(random.message())
        }
    }

    @Test func proto2RandomMessages() throws {
        for seed in 1...150 {
            var random = RandomProto2(seed: UInt64(seed))
            try check(random.message())
        }
    }

    @Test func presenceMessages() throws {
        var m = Protohttp_Test_Presence3()
        let json0 = try m.jsonString()
        #expect(json0 == "{}")
        m.pInt32 = 0
        m.pString = ""
        m.pEnum = .zero
        #expect(try m.jsonString() == #"{"pInt32":0,"pString":"","pEnum":"PRESENCE_ENUM_ZERO"}"#, "explicit presence writes zero values")
        m.pChild.pBool = false
        #expect(try m.jsonString(options: JSONEncodingOptions(alwaysPrintFieldsWithoutPresence: true))
                == #"{"pInt32":0,"pString":"","pEnum":"PRESENCE_ENUM_ZERO","pChild":{"pBool":false,"implicitInt32":0},"implicitInt32":0}"#)
        #expect(try Protohttp_Test_Presence3(jsonString: #"{"pInt32": null}"#).hasPInt32 == false)
        try check(m)
    }

    @Test func everyKindPopulated() throws {
        let m = JSONSamples.allKinds()
        try check(m)
        let json = try m.jsonString()
        #expect(json.hasPrefix(#"{"fInt32":-5,"fInt64":"-6000000000","fUint32":7,"fUint64":"8000000000","#))
        #expect(try T3(jsonString: json) == m)
    }
}

/// Hand-built messages shared by the JSON tests.
enum JSONSamples {
    static func allKinds() -> T3 {
        var m = T3()
        m.fInt32 = -5
        m.fInt64 = -6_000_000_000
        m.fUint32 = 7
        m.fUint64 = 8_000_000_000
        m.fSint32 = -9
        m.fSint64 = -10
        m.fFixed32 = 11
        m.fFixed64 = 12
        m.fSfixed32 = -13
        m.fSfixed64 = -14
        m.fFloat = 1.5
        m.fDouble = -2.25
        m.fBool = true
        m.fString = "héllo \"world\"\n"
        m.fBytes = Data([0, 1, 2, 254, 255])
        m.fEnum = .blue
        m.fNested.a = 1
        m.fNested.b = "n"
        m.rInt32 = [1, -2, 3]
        m.rInt64 = [Int64.max, Int64.min]
        m.rUint64 = [UInt64.max]
        m.rFloat = [0.25, -1]
        m.rDouble = [1e300, -1e-300]
        m.rBool = [true, false]
        m.rString = ["a", "", "ü"]
        m.rBytes = [Data(), Data([1])]
        m.rEnum = [.red, .UNRECOGNIZED(77)]
        var n = Protohttp_Test_Nested3()
        n.a = 2
        m.rNested = [n, Protohttp_Test_Nested3()]
        m.mInt32Int32 = [1: 2, -3: 4]
        m.mInt64String = [Int64.min: "min"]
        m.mUint32Bytes = [5: Data([9, 9])]
        m.mBoolInt64 = [true: 1, false: 0]
        m.mStringNested = ["k": n]
        m.mSint64Enum = [1: .green]
        m.oNested = n
        m.recursive.fString = "inner"
        m.rRecursive = [T3()]
        m.fMaxNumber = 1
        return m
    }
}
