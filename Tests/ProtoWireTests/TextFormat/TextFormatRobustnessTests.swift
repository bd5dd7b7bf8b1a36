// TextFormatRobustnessTests.swift: random binary to the printer and mutated text to the parser never crash, and what parses round-trips.

import ProtoWire
import Testing

@Suite("Text format robustness")
struct TextFormatRobustnessTests {
    let schemas = TextFormatTestSchemas.self

    /// A small deterministic generator, so a failure repeats.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    @Test func randomBinaryEitherPrintsOrThrowsAndPrintedTextParsesBack() throws {
        var rng = SplitMix(state: 17)
        let seed = try schemas.parse("""
            i32: 1 str: 'x' nested { a: 2 } OptionalGroup { g: 3 } r_int32: [1, 2] m_string_int32 { key: 'k' value: 1 }
            any { [type.googleapis.com/t.Nested] { a: 1 } } [t.ext_int]: 4 r_double: [1.5] recursive { recursive { i32: 1 } }
            """)
        var printed = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<(1 + rng.below(4)) {
                switch rng.below(3) {
                case 0 where !bytes.isEmpty: bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
                case 1 where !bytes.isEmpty: bytes.removeSubrange(rng.below(bytes.count)...)
                default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: rng.below(bytes.count + 1))
                }
            }
            guard let text = try? schemas.print(bytes, unknown: false) else { continue }
            printed += 1
            // What prints (known fields only) parses back, and prints the same again.
            let again: [UInt8]
            do { again = try schemas.parse(text) } catch { Issue.record("\(error)\n\(text)"); continue }
            #expect(try schemas.print(again) == text)
        }
        #expect(printed > 300)
    }

    @Test func mutatedTextEitherParsesOrThrowsAPositionedError() {
        var rng = SplitMix(state: 42)
        let base = Array("""
            i32: -5 str: "a\\n\\x41\\u00e9" raw: '\\377' flt: 1.5e3f dbl: -inf color: BLUE
            nested < a: 0x10 > r_nested [{a: 1}, {b: 'x'}] m_string_int32 { key: "k" value: 017 }
            OptionalGroup { g: 3 } any { [type.googleapis.com/t.Nested] { a: 1 } } [t.ext_int]: 4 # end
            """.utf8)
        let alphabet = Array("{}<>[]:;,.-#'\"\\ \n0x1eEfF_aZ".utf8)
        for _ in 0..<3000 {
            var bytes = base
            for _ in 0..<(1 + rng.below(3)) {
                let at = rng.below(bytes.count)
                switch rng.below(3) {
                case 0: bytes[at] = alphabet[rng.below(alphabet.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[rng.below(alphabet.count)], at: at)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let parsed = try schemas.parse(text)
                #expect(try schemas.parse(try schemas.print(parsed)) == parsed, "\(text)")
            } catch {
                #expect(error.line != nil || error.code == .missingRequiredFields, "\(error)")
            }
        }
    }
}

@Suite("Text format large input")
struct TextFormatLargeInputTests {
    @Test func manyRepeatedValuesAndMessagesParseAndPrint() throws {
        let count = 50_000
        let text = String(repeating: "r_int32: 300 r_string: 'ab' r_nested { a: 1 }\n", count: count)
        let bytes = try TextFormatTestSchemas.parse(text)
        // A packed run of 2-byte varints (2-byte tag, 3-byte length), then each string and message (5 bytes).
        #expect(bytes.count == 2 + 3 + count * 2 + count * 5 + count * 5)
        let printed = try TextFormatTestSchemas.print(bytes)
        #expect(printed.utf8.count > count * 30)
        #expect(try TextFormatTestSchemas.parse(printed) == bytes)
    }
}
