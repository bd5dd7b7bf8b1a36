// UsingProtoWireArticleTests.swift: the examples of ProtoWire's landing page and the articles "Using ProtoWire" and "The text format", run as written.
import Foundation
import ProtoHTTPTestSupport
import ProtoWire
import ProtoWireTestSchema
import Testing

/// What the articles' examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }
private func debugPrint(_ items: Any...) { printed.append(items.map { String(reflecting: $0) }) }

@Suite("Article: using ProtoWire", .serialized)
struct UsingProtoWireArticleTests {
    @Test("the landing page: binary both ways and JSON")
    func landingPage() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fString = "hello"
        msg.rInt32 = [1, 2, 3]

        let bytes = msg.serializedBytes()                              // exact-size buffer
        let back = try Protohttp_Test_TestAllTypes3(serializedBytes: bytes)
        let json = try msg.jsonString()                                // canonical proto3 JSON

        #expect(back == msg)
        #expect(json == #"{"fString":"hello","rInt32":[1,2,3]}"#)
    }

    @Test("messages as values: fields, maps, oneofs, recursion; bytes, deterministic bytes, Data; decode and merge")
    func messages() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fString = "hello"
        msg.rInt32 = [1, 2, 3]                    // packed on the wire (proto3)
        msg.mStringString["lang"] = "swift"       // maps are dictionaries
        msg.oDouble = 2.5                         // oneofs: msg.choice == .oDouble(2.5)
        msg.recursive.fBool = true                // recursive fields use copy-on-write heap storage

        let bytes: [UInt8] = msg.serializedBytes()                    // exact-size buffer, one pass per level
        let stable = msg.serializedBytes(options: .init(deterministic: true))  // map keys in order
        let data = msg.serializedData()                                // as Foundation Data

        let back = try Protohttp_Test_TestAllTypes3(serializedBytes: bytes)  // [UInt8], ArraySlice, Data, raw buffer
        var merged = back
        try merged.merge(serializedBytes: bytes)  // scalars replace, messages merge, repeated fields append

        #expect(back == msg && stable == bytes && Array(data) == bytes)
        #expect(merged.rInt32 == [1, 2, 3, 1, 2, 3] && merged.fString == "hello" && merged.recursive.fBool)
    }

    @Test("with: a message made and filled in one expression, nested too; an error from the filling comes out unchanged")
    func with() throws {
        let request = Protohttp_Test_TestAllTypes3.with {
            $0.fString = "hello"
            $0.recursive = .with { $0.fInt32 = 7 }
        }

        var expected = Protohttp_Test_TestAllTypes3()
        expected.fString = "hello"
        expected.recursive.fInt32 = 7
        #expect(request == expected)
        #expect(Protohttp_Test_TestAllTypes3.with { _ in } == Protohttp_Test_TestAllTypes3())

        struct Refused: Error, Equatable {}
        #expect(throws: Refused.self) {
            _ = try Protohttp_Test_TestAllTypes3.with { _ in throw Refused() }
        }
    }

    @Test("bad input: a WireError with the byte offset and what is wrong")
    func badInput() {
        printed.reset()
        do {
            _ = try Protohttp_Test_TestAllTypes3(serializedBytes: [0x08, 0x80])
        } catch {  // a WireError: decoding declares `throws(WireError)`
            print(error)  // truncated input at byte 1: a varint ends past the end of the input; ...
        }
        #expect(printed.all.count == 1 && printed.all[0].hasPrefix("truncated input at byte 1: a varint ends past the end of the input"))
    }

    @Test("JSON: 64-bit integers as strings, bytes as base64, enums by name; options both ways")
    func json() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fInt64 = -9_007_199_254_740_993
        msg.fBytes = Data([1, 2, 3])
        msg.fEnum = .red
        let json = try msg.jsonString()         // {"fInt64":"-9007199254740993","fBytes":"AQID","fEnum":"COLOR_RED"}
        let back = try Protohttp_Test_TestAllTypes3(jsonString: json)

        // Options: original field names, defaults printed, enums as numbers; unknown fields ignored.
        let wide = try msg.jsonUTF8Bytes(options: JSONEncodingOptions(preserveProtoFieldNames: true))
        let lenient = try Protohttp_Test_TestAllTypes3(
            jsonString: #"{"f_int32": 1, "futureField": true}"#,
            options: JSONDecodingOptions(ignoreUnknownFields: true))

        #expect(json == #"{"fInt64":"-9007199254740993","fBytes":"AQID","fEnum":"COLOR_RED"}"#)
        #expect(back == msg && String(decoding: wide, as: UTF8.self).contains(#""f_int64""#) && lenient.fInt32 == 1)
    }

    @Test("proto2 extensions: set, encode, decode with the file's registry")
    func extensions() throws {
        printed.reset()
        var msg = Protohttp_Ext2_Extendable()
        msg[extension: Protohttp_Ext2_Extensions_opt_int32] = 7    // or msg.Protohttp_Ext2_optInt32 = 7
        let bytes = msg.serializedBytes()                          // extensions in field-number order

        let decoded = try Protohttp_Ext2_Extendable(serializedBytes: bytes,
                                                    extensions: Protohttp_Ext2_TestExtensions2_Extensions)
        print(decoded.hasExtension(Protohttp_Ext2_Extensions_opt_int32))  // true
        print(decoded.Protohttp_Ext2_optInt32)                             // 7

        #expect(printed.all == ["true", "7"])
    }

    @Test("the text format: print in both layouts, parse hex, angle brackets, lists and comments")
    func textFormat() throws {
        printed.reset()
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fInt32 = 7
        msg.fNested.a = 1
        msg.rString = ["a", "b"]
        print(msg.textFormatString())
        // f_int32: 7
        // f_nested {
        //   a: 1
        // }
        // r_string: "a"
        // r_string: "b"
        let line = msg.textFormatString(options: TextFormatEncodingOptions(singleLine: true))
        // f_int32: 7 f_nested { a: 1 } r_string: "a" r_string: "b"

        let back = try Protohttp_Test_TestAllTypes3(textFormatString: """
            f_int32: 0x7        # hex, octal (07), and # comments
            f_nested < a: 1 >   # { } or < >, ':' optional before a message
            r_string: ["a", 'b']
            """)
        debugPrint(back)   // debugDescription is the text format, unknown fields included (`2503: 1`)

        #expect(printed.all[0] == "f_int32: 7\nf_nested {\n  a: 1\n}\nr_string: \"a\"\nr_string: \"b\"\n")
        #expect(line == #"f_int32: 7 f_nested { a: 1 } r_string: "a" r_string: "b""#)
        #expect(back == msg && printed.all[1] == printed.all[0])
    }

    @Test("the text format: an error names the line and column")
    func textFormatError() {
        printed.reset()
        do {
            _ = try Protohttp_Test_TestAllTypes3(textFormatString: "f_int32: 1\nf_int32: 2")
        } catch {
            print(error)  // duplicate text format field at byte 11: field 'f_int32' is given twice; ... (line 2, column 1)
        }
        #expect(printed.all.count == 1 && printed.all[0].hasPrefix("duplicate text format field at byte 11: field 'f_int32' is given twice"))
        #expect(printed.all.first?.hasSuffix("(line 2, column 1)") == true)
    }
}
