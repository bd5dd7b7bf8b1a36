// EncodeDecodeTests.swift: `protohttp encode` / `decode` byte for byte against `protoc --encode` / `--decode` on the demo's and the conformance schemas.
import Foundation
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp encode and decode against protoc")
struct EncodeDecodeTests {
    /// One message in text format, with the schema that declares its type.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var proto: String
        var include: String
        var type: String
        var text: String
        var testDescription: String { name }
    }

    static let conformance = CLI.conformanceDirectory
    static let proto3 = "protobuf_test_messages.proto3.TestAllTypesProto3"
    static let proto2 = "protobuf_test_messages.proto2.TestAllTypesProto2"

    static let cases: [Case] = [
        Case(name: "notes.Note", proto: CLI.notesProto, include: PackageRoot.path("Protos/demo"), type: "notes.Note", text: #"""
        id: "n1"
        title: "hello \"quoted\" \\ back\001 \x41\101"
        tags: "a"
        tags: "b"
        labels { key: "lang" value: "swift" }
        checklist { items { text: "one" done: true } items { text: "two" } }
        priority: PRIORITY_HIGH
        created_at { seconds: 1795000000 nanos: 250000000 }
        """#),
        Case(name: "notes.ListNotesResponse", proto: CLI.notesProto, include: PackageRoot.path("Protos/demo"), type: "notes.ListNotesResponse", text: """
        notes { id: "n1" text: "plain" priority: PRIORITY_LOW }
        notes { id: "n2" }
        tag_counts { key: "home" value: 2 }
        """),
        Case(name: "TestAllTypesProto3 scalars", proto: conformance + "/test_messages_proto3.proto", include: conformance, type: proto3, text: """
        optional_int32: -1
        optional_int64: -9223372036854775808
        optional_uint32: 4294967295
        optional_uint64: 18446744073709551615
        optional_sint32: -2147483648
        optional_sint64: 9223372036854775807
        optional_fixed32: 7
        optional_fixed64: 8
        optional_sfixed32: -9
        optional_sfixed64: -10
        optional_float: 1.5
        optional_double: -2.25e+300
        optional_bool: true
        optional_string: "\\u0041\\t\\n"
        optional_bytes: "\\000\\377\\x10abc"
        optional_nested_message { a: 17 corecursive { optional_int32: 3 } }
        optional_foreign_message { c: 5 }
        optional_nested_enum: NEG
        optional_foreign_enum: FOREIGN_BAZ
        """),
        Case(name: "TestAllTypesProto3 repeated, packed, maps, oneof, well-known types", proto: conformance + "/test_messages_proto3.proto", include: conformance, type: proto3, text: """
        repeated_int32: [1, -2, 3]
        repeated_string: ["x", "y"]
        repeated_nested_message { a: 1 }
        repeated_nested_message { a: 2 }
        repeated_nested_enum: [FOO, BAR, BAZ]
        unpacked_int64: [5, 6]
        packed_double: [0.5, -0.5]
        map_int32_int32 { key: -1 value: 2 }
        map_string_nested_message { key: "k" value { a: 4 } }
        map_bool_bool { key: true value: true }
        oneof_string: "chosen"
        optional_timestamp { seconds: 12 nanos: 5 }
        optional_duration { seconds: -3 }
        optional_bool_wrapper { value: true }
        optional_struct { fields { key: "k" value { number_value: 1 } } }
        repeated_any { type_url: "type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3" value: "\\010\\001" }
        """),
        Case(name: "TestAllTypesProto2 groups, extensions, defaults set", proto: conformance + "/test_messages_proto2.proto", include: conformance, type: proto2, text: """
        optional_int32: 0
        optional_string: ""
        repeated_bool: [true, false]
        packed_sint32: [-1, 1]
        Data { group_int32: 7 group_uint32: 8 }
        default_string: "not Rosebud"
        [protobuf_test_messages.proto2.extension_int32]: 99
        oneof_nested_message { a: 1 }
        """),
    ]

    /// Two cases where protoc's output is easy to miss: non-ASCII string bytes (octal escapes
    /// on decode) and a map entry's default value (written on encode).
    static let utf8String = Case(name: "notes.Note with a non-ASCII string", proto: CLI.notesProto, include: PackageRoot.path("Protos/demo"),
                                 type: "notes.Note", text: #"title: "h\303\251llo""#)
    static let defaultMapValue = Case(name: "a map entry whose value is the default", proto: CLI.notesProto, include: PackageRoot.path("Protos/demo"),
                                      type: "notes.ListNotesResponse", text: #"tag_counts { key: "zero" value: 0 }"#)

    @Test("decode escapes non-ASCII string bytes in octal as protoc does")
    func decodeUTF8() async throws {
        try await decode(Self.defaultMapValue)
        try await decode(Self.utf8String)
        try await encode(Self.utf8String)
    }

    @Test("encode writes a map entry's default value as protoc does")
    func encodeDefaultMapValue() async throws {
        try await encode(Self.defaultMapValue)
    }

    @Test("encode: the same bytes as protoc --encode", arguments: cases)
    func encode(_ testCase: Case) async throws {
        if testCase.include == Self.conformance { _ = try ConformanceSchemas.require() }
        let expected = try await runTool("protoc", ["--encode=\(testCase.type)", "-I", testCase.include, "-I", "/usr/include", testCase.proto],
                                         input: Array(testCase.text.utf8))
        try #require(expected.status == 0, "protoc --encode failed: \(expected.stderr)")
        let ours = try await CLI.run(["encode", testCase.type, "--proto", testCase.proto, "-I", testCase.include], input: Array(testCase.text.utf8))
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdoutBytes == expected.stdoutBytes, "\(ours.stdoutBytes.count) bytes, protoc wrote \(expected.stdoutBytes.count)")
    }

    @Test("decode: the same text as protoc --decode", arguments: cases)
    func decode(_ testCase: Case) async throws {
        if testCase.include == Self.conformance { _ = try ConformanceSchemas.require() }
        let binary = try await runTool("protoc", ["--encode=\(testCase.type)", "-I", testCase.include, "-I", "/usr/include", testCase.proto],
                                       input: Array(testCase.text.utf8))
        try #require(binary.status == 0, "protoc --encode failed: \(binary.stderr)")
        let expected = try await runTool("protoc", ["--decode=\(testCase.type)", "-I", testCase.include, "-I", "/usr/include", testCase.proto],
                                         input: binary.stdoutBytes)
        try #require(expected.status == 0, "protoc --decode failed: \(expected.stderr)")
        let ours = try await CLI.run(["decode", testCase.type, "--proto", testCase.proto, "-I", testCase.include], input: binary.stdoutBytes)
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdout == expected.stdout)
    }

    @Test("decode prints unknown fields by number as protoc does; --descriptor-set works for both directions")
    func unknownFieldsAndDescriptorSet() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let set = folder.file("notes.binpb")
        let made = try await runTool("protoc", ["--include_imports", "--descriptor_set_out=\(set)", "-I", PackageRoot.path("Protos/demo"),
                                                "-I", "/usr/include", CLI.notesProto])
        try #require(made.status == 0, "\(made.stderr)")
        // id "n1", then field 99 (varint 5) and field 100 (length-delimited "zz"), which notes.GetNoteRequest lacks.
        let bytes: [UInt8] = [0x0a, 0x02, 0x6e, 0x31, 0x98, 0x06, 0x05, 0xa2, 0x06, 0x02, 0x7a, 0x7a]
        let expected = try await runTool("protoc", ["--decode=notes.GetNoteRequest", "-I", PackageRoot.path("Protos/demo"), "-I", "/usr/include", CLI.notesProto],
                                         input: bytes)
        let ours = try await CLI.run(["decode", "notes.GetNoteRequest", "--descriptor-set", set], input: bytes)
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdout == expected.stdout)
        let encoded = try await CLI.run(["encode", "notes.GetNoteRequest", "--descriptor-set", set], input: Array(#"id: "n1""#.utf8))
        #expect(encoded.stdoutBytes == [0x0a, 0x02, 0x6e, 0x31])
    }

    @Test("bad input fails with status 1 and says where; an unknown type is a usage error suggesting the full name")
    func badInput() async throws {
        let text = try await CLI.run(["encode", "notes.Note", "--proto", CLI.notesProto], input: Array("id: \"n1\"\ntitel: \"x\"\n".utf8))
        #expect(text.status == 1)
        #expect(text.stderr.contains("line 2, column 1"), "the error should give the line: \(text.stderr)")
        #expect(text.stderr.contains("titel"), "\(text.stderr)")
        #expect(text.stdout.isEmpty)
        let binary = try await CLI.run(["decode", "notes.Note", "--proto", CLI.notesProto], input: [0x0a, 0x05, 0x41])
        #expect(binary.status == 1 && binary.stdout.isEmpty, "\(binary.stderr)")
        let unknown = try await CLI.run(["decode", "Note", "--proto", CLI.notesProto], input: [])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("the schema has no message type Note; did you mean notes.Note?"), "\(unknown.stderr)")
    }
}
