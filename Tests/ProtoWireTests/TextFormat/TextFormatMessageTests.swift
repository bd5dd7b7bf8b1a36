// TextFormatMessageTests.swift: textFormatString(), init(textFormatString:) and debugDescription on generated messages.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite("Text format on generated messages")
struct TextFormatMessageTests {
    @Test func printsAndParsesAGeneratedMessage() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fInt32 = 7
        msg.fString = "héllo\n"
        msg.fEnum = .red
        msg.fNested.a = 1
        msg.rString = ["a", "b"]
        msg.mInt32Int32 = [2: 20, 1: 10]
        let text = msg.textFormatString()
        #expect(text == """
            f_int32: 7
            f_string: "héllo\\n"
            f_enum: COLOR_RED
            f_nested {
              a: 1
            }
            r_string: "a"
            r_string: "b"
            m_int32_int32 {
              key: 1
              value: 10
            }
            m_int32_int32 {
              key: 2
              value: 20
            }

            """)
        #expect(try Protohttp_Test_TestAllTypes3(textFormatString: text) == msg)
        let line = msg.textFormatString(options: TextFormatEncodingOptions(singleLine: true))
        #expect(line.hasPrefix(#"f_int32: 7 f_string: "héllo\n" f_enum: COLOR_RED f_nested { a: 1 } r_string: "a""#))
        #expect(try Protohttp_Test_TestAllTypes3(textFormatString: line) == msg)
    }

    @Test func debugDescriptionIsTheTextFormatWithUnknownFields() throws {
        var msg = try Protohttp_Test_TestAllTypes3(serializedBytes: [0x08, 0x05, 0xB8, 0x9C, 0x01, 0x01])
        #expect(msg.debugDescription == "f_int32: 5\n2503: 1\n")
        msg.unknownFields = UnknownFields()
        #expect(String(reflecting: msg) == "f_int32: 5\n")
        #expect(Protohttp_Test_TestAllTypes3().debugDescription == "")
    }

    @Test func extensionsPrintAndParseThroughTheOptionsRegistry() throws {
        var base = Protohttp_Ext2_Extendable()
        base.a = 1
        base[extension: Protohttp_Ext2_Extensions_opt_int32] = 5
        base[extension: Protohttp_Ext2_Extensions_optgroup].g = 3
        let extensions = Protohttp_Ext2_TestExtensions2_Extensions
        let text = base.textFormatString(options: TextFormatEncodingOptions(extensions: extensions))
        #expect(text.contains("[protohttp.ext2.opt_int32]: 5\n"))
        #expect(text.contains("[protohttp.ext2.optgroup] {\n  g: 3\n}\n"))
        let back = try Protohttp_Ext2_Extendable(textFormatString: text, options: TextFormatDecodingOptions(extensions: extensions))
        #expect(back == base)
        #expect(back[extension: Protohttp_Ext2_Extensions_opt_int32] == 5)
        // Without the declarations the extension is an unknown field to the printer and the parser.
        #expect(!base.textFormatString().contains("opt_int32"))
        #expect(throws: WireError.self) { try Protohttp_Ext2_Extendable(textFormatString: "[protohttp.ext2.opt_int32]: 5") }
    }

    @Test func anyExpandsThroughTheRegistry() throws {
        var inner = Protohttp_Test_Nested3()
        inner.a = 9
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fNested.a = 1
        let any = Google_Protobuf_Any(message: inner)
        let registry = SchemaRegistry(types: [Protohttp_Test_Nested3.self])
        let bytes = any.serializedBytes()
        let text = try TextFormat.print(bytes, schema: Google_Protobuf_Any._protoSchema, options: TextFormatEncodingOptions(registry: registry))
        #expect(text == "[type.googleapis.com/protohttp.test.Nested3] {\n  a: 9\n}\n")
        let back = try Google_Protobuf_Any(textFormatString: text, options: TextFormatDecodingOptions(registry: registry))
        #expect(back == any)
        #expect(try back.unpack(Protohttp_Test_Nested3.self) == inner)
    }

    @Test func requiredFieldsAreCheckedUnlessPartial() throws {
        #expect(throws: WireError.self) { try Protohttp_Ext2_NeedsInit(textFormatString: "") }
        let partial = try Protohttp_Ext2_NeedsInit(textFormatString: "", options: TextFormatDecodingOptions(allowPartial: true))
        #expect(!partial.isInitialized)
        #expect(try Protohttp_Ext2_NeedsInit(textFormatString: "id: 3").id == 3)
    }

    @Test func mergeAppendsRepeatedAndReplacesScalars() throws {
        var msg = try Protohttp_Test_TestAllTypes3(textFormatString: "f_int32: 1 r_int32: 1 f_nested { a: 1 }")
        try msg.merge(textFormatString: "f_int32: 2 r_int32: 2")
        #expect(msg.fInt32 == 2)
        #expect(msg.rInt32 == [1, 2])
        #expect(msg.fNested.a == 1)
    }

    @Test func errorsCarryLineAndColumn() {
        do {
            _ = try Protohttp_Test_TestAllTypes3(textFormatString: "f_int32: 1\nf_nested {\n  zz: 2\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unknownTextField)
            #expect(error.line == 3)
            #expect(error.column == 3)
            #expect(error.message == "protohttp.test.Nested3 has no field named 'zz' (line 3, column 3)")
        }
    }
}
