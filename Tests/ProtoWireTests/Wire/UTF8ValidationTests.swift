// UTF8ValidationTests.swift: binary and JSON strings accept exactly the UTF-8 the stdlib accepts.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

/// Every lead byte, followed by second bytes at the edges of the ranges RFC 3629 allows after
/// each lead (80/8F/90/9F/A0/BF) and by continuation and non-continuation bytes: overlongs,
/// surrogates, values above U+10FFFF, truncated and stray bytes all appear.
private let candidates: [[UInt8]] = {
    let seconds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    let rest: [UInt8] = [0x41, 0x80, 0xBF, 0xC0]
    var out: [[UInt8]] = []
    for lead in 0...0xFF {
        let b0 = UInt8(lead)
        out.append([b0])
        for b1 in seconds {
            out.append([b0, b1])
            for b2 in rest {
                out.append([b0, b1, b2])
                if b0 >= 0xF0 { for b3 in rest { out.append([b0, b1, b2, b3]) } }
            }
        }
    }
    return out
}()

/// Text around the candidate: none, and runs long enough for the eight-byte ASCII steps.
private let prefixes = ["", "abcdefghi", "0123456789abcdef"]

@Suite struct UTF8ValidationTests {
    @Test func binaryStringsMatchTheStdlib() throws {
        var checked = 0
        for candidate in candidates {
            for prefix in prefixes {
                let payload = Array(prefix.utf8) + candidate + Array("xyz".utf8)
                let expected = String(validating: payload, as: UTF8.self)
                let decoded = try? Protohttp_Test_TestAllTypes3(serializedBytes: [0x72, UInt8(payload.count)] + payload)
                #expect(decoded?.fString == expected, "bytes \(candidate) after \(prefix.utf8.count) ASCII bytes")
                checked += 1
            }
        }
        #expect(checked == candidates.count * prefixes.count)
    }

    @Test func jsonStringsMatchTheStdlib() throws {
        // Raw control characters, quotes and backslashes are JSON syntax errors, not UTF-8 ones.
        let usable = candidates.filter { !$0.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
        #expect(usable.count > candidates.count / 2)
        for candidate in usable {
            let expected = String(validating: candidate, as: UTF8.self)
            for prefix in prefixes {
                // Unescaped (the raw-bytes path) and with an escape (the decoded-bytes path).
                for (escape, decodedEscape) in [("", ""), (#"\n"#, "\n")] {
                    let input = Array(#"{"fString": ""#.utf8) + Array((escape + prefix).utf8) + candidate + Array(#""}"#.utf8)
                    let decoded = try? Protohttp_Test_TestAllTypes3(jsonUTF8Bytes: input)
                    #expect(decoded?.fString == expected.map { decodedEscape + prefix + $0 },
                            "bytes \(candidate) after \(prefix.utf8.count) ASCII bytes, escape \(escape.isEmpty ? "no" : "yes")")
                }
            }
        }
    }
}
