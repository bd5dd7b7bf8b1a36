// ReadmeTextFormatExampleTests.swift: the README's "Text format" examples, run as written.

import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite("README text format examples")
struct ReadmeTextFormatExampleTests {
    @Test func printParseAndErrorExamplesHold() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fInt32 = 7
        msg.fNested.a = 1
        msg.rString = ["a", "b"]
        #expect(msg.textFormatString() == "f_int32: 7\nf_nested {\n  a: 1\n}\nr_string: \"a\"\nr_string: \"b\"\n")
        #expect(msg.textFormatString(options: TextFormatEncodingOptions(singleLine: true))
            == #"f_int32: 7 f_nested { a: 1 } r_string: "a" r_string: "b""#)
        let back = try Protohttp_Test_TestAllTypes3(textFormatString: """
            f_int32: 0x7        # hex, octal (07), and # comments
            f_nested < a: 1 >   # { } or < >, ':' optional before a message
            r_string: ["a", 'b']
            """)
        #expect(back == msg)
        do {
            _ = try Protohttp_Test_TestAllTypes3(textFormatString: "f_int32: 1\nf_int32: 2")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "duplicate text format field at byte 11: field 'f_int32' is given twice; it is not repeated, so give it once (line 2, column 1)")
        }
    }
}
