// TextFormatRobustnessTests.swift: random binary to the printer and mutated text to the parser never crash, and what parses round-trips.

import ProtoWire
import ProtoWireTestSchema
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

@Suite("Text format printer against the generated decoder")
struct TextFormatPrinterDecoderAgreementTests {
    /// For mutated binaries that both the generated decoder and the schema printer accept, the
    /// printer's text of the bytes (unknown fields included) is the decoded message's text:
    /// the printer merges repeats, drops superseded oneof members and keeps unknown fields
    /// (closed-enum values and map entries included) exactly as decoding does.
    @Test func schemaPrinterAgreesWithDecodeThenPrint() throws {
        try check(Protohttp_Test2_TestAllTypes2.self, """
            o_int32: 1 o_string: 'x' o_shade: 1 o_nested { a: 2 } r_int32: [1, 2] p_shade: [1, 1] r_nested { a: 3 }
            m_string_level { key: 'k' value: 1 } m_int32_nested { key: -1 value { a: 4 } } c_nested { a: 5 } p_double: [1.5]
            """)
        try check(Protohttp_Test_TestAllTypes3.self, """
            f_int32: -1 f_string: 'é' f_enum: COLOR_RED f_nested { a: 1 b: 'x' } r_int32: [1, 300] r_nested { a: 2 }
            m_int32_int32 { key: 1 value: 2 } f_double: -0 r_string: ['a', 'b']
            """)
    }

    private func check<M: ProtoMessage>(_: M.Type, _ seedText: String) throws {
        let seed = try M(textFormatString: seedText).serializedBytes()
        var rng = TextFormatRobustnessTests.SplitMix(state: 99)
        let options = TextFormatEncodingOptions(printUnknownFields: true)
        var agreed = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<(1 + rng.below(3)) {
                switch rng.below(3) {
                case 0: bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes.insert(contentsOf: bytes[rng.below(bytes.count)...].prefix(6), at: rng.below(bytes.count))
                default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: rng.below(bytes.count + 1))
                }
            }
            guard let decoded = try? M(serializedBytes: bytes, options: DecodingOptions(allowPartial: true)),
                  let printed = try? TextFormat.print(bytes, schema: M._protoSchema, options: options) else { continue }
            agreed += 1
            #expect(printed == decoded.textFormatString(options: options), "\(bytes)")
        }
        #expect(agreed > 150)
    }
}
