// JSONStringScanTests.swift: string tokens end, escape and validate right wherever the first special byte falls.
import ProtoWire
import Testing

/// Strings are scanned eight bytes at a time up to the first quote, backslash, control
/// character or non-ASCII byte; that byte may sit anywhere in a word, or past the last whole one.
@Suite struct JSONStringScanTests {
    @Test(arguments: 0..<20)
    func specialByteAtEveryOffset(prefix: Int) throws {
        let plain = String(repeating: "a", count: prefix)
        let cases: [(json: String, value: String)] = [
            (plain, plain),
            (plain + #"\n"#, plain + "\n"),
            (plain + #"\"x"#, plain + "\"x"),
            (plain + "é" + plain, plain + "é" + plain),
            (plain + "😀", plain + "😀"),
            (plain + #"\u0041"#, plain + "A"),
        ]
        for (json, value) in cases {
            let message = try T3(jsonString: #"{"fString": ""# + json + #"", "fInt32": 7}"#)
            #expect(message.fString == value, "\(json)")
            #expect(message.fInt32 == 7, "\(json): the scan ended at its closing quote")
        }
        // A raw control character is an error wherever it is; so is an unterminated string.
        #expect(throws: WireError.self) { try T3(jsonString: "{\"fString\": \"" + plain + "\u{1}\"}") }
        #expect(throws: WireError.self) { try T3(jsonString: #"{"fString": ""# + plain) }
    }
}
