// JSONBadInputTests.swift: bad JSON gives a positioned reason and never crashes; depth and size limits.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

/// The error `body` throws, if any.
func jsonError(_ body: () throws -> Void) -> WireError? {
    do {
        try body()
        return nil
    } catch {
        return error as? WireError
    }
}

@Suite("JSON bad input")
struct JSONBadInputTests {
    @Test func errorsGiveOffsetLineColumnAndReason() throws {
        let input = "{\"fInt32\": 1,\n  \"fString\": x}"
        let e = try #require(jsonError { _ = try T3(jsonString: input) })
        #expect(e.code == .invalidJSONValue)
        #expect(e.offset == 27)
        #expect(e.message.contains("line 2, column 14"))
        #expect(e.message.contains("expected a string"))
        #expect("\(e)".hasPrefix("invalid JSON value at byte 27: "))

        let unknown = try #require(jsonError { _ = try T3(jsonString: "{\n\"fInt32\": 1, \"bogus\": 2}") })
        #expect(unknown.code == .unknownJSONField)
        #expect(unknown.offset == 15)
        #expect(unknown.message.contains("'bogus'") && unknown.message.contains("protohttp.test.TestAllTypes3"))
        #expect(unknown.message.contains("line 2, column 14"))

        let cut = try #require(jsonError { _ = try T3(jsonString: #"{"rInt32": [1, 2"#) })
        #expect(cut.code == .malformedJSON)
        #expect(cut.offset == 16)
        #expect(cut.message.contains("input ended"))
    }

    @Test func everyPrefixOfValidJSONFailsCleanly() throws {
        let json = Array(try JSONSamples.allKinds().jsonString().utf8)
        for n in 0..<json.count {
            let prefix = Array(json[0..<n])
            #expect(throws: WireError.self, "prefix of \(n) bytes") { try T3(jsonUTF8Bytes: prefix) }
        }
        #expect(try T3(jsonUTF8Bytes: json) == JSONSamples.allKinds())
    }

    @Test func mutatedJSONNeverCrashes() throws {
        let json = Array(try JSONSamples.allKinds().jsonString().utf8)
        let replacements: [UInt8] = Array(#"{}[]",:\-+.0123456789eEnultrfsaNI"#.utf8) + [0x00, 0x80, 0xC3, 0xFF, 0x20]
        var rng = SplitMix(seed: 42)
        var decoded = 0
        var failed = 0
        for _ in 0..<3000 {
            var bytes = json
            for _ in 0...rng.next(below: 3) {
                let i = rng.next(below: bytes.count)
                switch rng.next(below: 3) {
                case 0: bytes[i] = replacements[rng.next(below: replacements.count)]
                case 1: bytes.remove(at: i)
                default: bytes.insert(replacements[rng.next(below: replacements.count)], at: i)
                }
            }
            do {
                let m = try T3(jsonUTF8Bytes: bytes, options: JSONDecodingOptions(ignoreUnknownFields: rng.next(below: 2) == 0))
                _ = try? m.jsonString()
                decoded += 1
            } catch {
                #expect(error.offset.map { $0 >= 0 && $0 <= bytes.count } == true)
                #expect(!error.message.isEmpty)
                failed += 1
            }
        }
        #expect(decoded + failed == 3000)
        #expect(failed > 1000)
    }

    @Test func nestingIsBoundedAndConfigurable() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: #"{"recursive":"#, count: levels) + "{}" + String(repeating: "}", count: levels)
        }
        #expect((try? T3(jsonString: nested(99))) != nil, "100 levels, counting the top-level object")
        let e = try #require(jsonError { _ = try T3(jsonString: nested(100)) })
        #expect(e.code == .depthLimitExceeded)
        #expect((try? T3(jsonString: nested(100), options: JSONDecodingOptions(maxDepth: 101))) != nil)
        #expect(jsonError { _ = try T3(jsonString: nested(10), options: JSONDecodingOptions(maxDepth: 10)) }?.code == .depthLimitExceeded)

        // Arrays and objects of ignored fields and of google.protobuf.Value count too.
        let deepArray = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let ignored = jsonError {
            _ = try T3(jsonString: #"{"x": "# + deepArray + "}", options: JSONDecodingOptions(ignoreUnknownFields: true))
        }
        #expect(ignored?.code == .depthLimitExceeded)
        #expect(jsonError { _ = try Google_Protobuf_Value(jsonString: deepArray) }?.code == .depthLimitExceeded)
        let list = String(repeating: "[", count: 99) + String(repeating: "]", count: 99)
        #expect((try? Google_Protobuf_Value(jsonString: list)) != nil, "one level per JSON array")
        let deepObject = String(repeating: #"{"a":"#, count: 5000) + "1" + String(repeating: "}", count: 5000)
        #expect(jsonError { _ = try Google_Protobuf_Struct(jsonString: deepObject) }?.code == .depthLimitExceeded)
    }

    /// Inputs of a few megabytes that a quadratic decoder would take minutes over.
    @Test func largeInputsAreLinear() throws {
        // A long string with an escape every 64 bytes.
        let chunk = String(repeating: "a", count: 62) + #"\n"#
        let long = #"{"fString": ""# + String(repeating: chunk, count: 40_000) + #""}"#
        let m = try T3(jsonString: long)
        #expect(m.fString.utf8.count == 63 * 40_000)
        #expect(try T3(jsonString: try m.jsonString()) == m)

        // Many repeated elements and map entries.
        let elements = (0..<200_000).map { String($0) }.joined(separator: ",")
        let many = try T3(jsonString: #"{"rInt32": ["# + elements + "]}")
        #expect(many.rInt32.count == 200_000)
        let entries = (0..<50_000).map { #""k\#($0)":"v""# }.joined(separator: ",")
        let map = try T3(jsonString: #"{"mStringString": {"# + entries + "}}")
        #expect(map.mStringString.count == 50_000)
        #expect(try T3(jsonString: try map.jsonString()) == map)

        // Many unknown fields, skipped; a duplicate among them is still found.
        let unknown = (0..<100_000).map { #""u\#($0)":[1,{"x":"y"}]"# }.joined(separator: ",")
        let skipped = try T3(jsonString: "{" + unknown + #","fInt32":1}"#, options: JSONDecodingOptions(ignoreUnknownFields: true))
        #expect(skipped.fInt32 == 1)
        let duplicated = jsonError { _ = try Google_Protobuf_Struct(jsonString: "{" + unknown + #","u5":1}"#) }
        #expect(duplicated?.code == .duplicateJSONKey)

        // Many nested arrays of moderate depth inside a Value.
        let deepish = String(repeating: "[", count: 50) + "1" + String(repeating: "]", count: 50)
        let wide = "[" + Array(repeating: deepish, count: 5_000).joined(separator: ",") + "]"
        let v = try Google_Protobuf_Value(jsonString: wide)
        #expect(v.listValue.values.count == 5_000)
    }
}

/// A small seeded generator for the mutation test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(n, 1)))
    }
}
