// EditionsEncodeDecodeTests.swift: `protohttp encode` / `decode` on the editions test schemas, byte for byte against protoc 36.
import Foundation
import ProtoHTTPTestSupport
import Testing

/// The command reads editions descriptors (from `--proto`, compiled by the protoc that
/// `$PROTOC` names, or a descriptor set) as protoc 36 does: features decide presence, packing,
/// delimited fields and closed enums, and the text and bytes equal protoc's own `--encode` and
/// `--decode`.
@Suite("protohttp encode and decode on editions schemas against protoc 36")
struct EditionsEncodeDecodeTests {
    static let editions = CLI.conformanceDirectory + "/editions"

    /// protoc 36 (scripts/protoc-editions), found once.
    static let protoc: Result<String, ChildProcess.Failure> = {
        guard let run = try? ChildProcess.run("/bin/bash", [PackageRoot.path("scripts/protoc-editions")], timeout: .seconds(300)),
              run.status == 0, let last = run.stdout.split(separator: "\n").last, last.hasPrefix("/") else {
            return .failure(ChildProcess.Failure("scripts/protoc-editions did not print a protoc"))
        }
        return .success(String(last))
    }()

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var type: String
        var text: String
        var testDescription: String { type }
    }

    static let cases: [Case] = [
        Case(file: "test_messages_edition2023.proto", type: "protobuf_test_messages.editions.TestAllTypesEdition2023", text: """
        optional_int32: 0
        optional_string: ""
        optional_nested_message { a: 3 }
        optional_nested_enum: NEG
        repeated_int32: [1, 2]
        packed_int32: [3, 4]
        unpacked_int32: [5, 6]
        map_string_nested_message { key: "k" value { a: 1 } }
        GroupLikeType { group_int32: 7 }
        delimited_field { group_uint32: 8 }
        [protobuf_test_messages.editions.groupliketype] { c: 9 }
        [protobuf_test_messages.editions.delimited_ext] { c: 10 }
        """),
        Case(file: "test_messages_proto2_editions.proto", type: "protobuf_test_messages.editions.proto2.TestAllTypesProto2", text: """
        optional_int32: 0
        optional_nested_enum: BAZ
        repeated_int32: [1, 2]
        packed_int32: [3, 4]
        Data { group_int32: 7 group_uint32: 8 }
        default_string: "not Rosebud"
        [protobuf_test_messages.editions.proto2.extension_int32]: 99
        """),
        Case(file: "test_messages_proto3_editions.proto", type: "protobuf_test_messages.editions.proto3.TestAllTypesProto3", text: """
        optional_int32: 0
        optional_string: "x"
        repeated_int32: [1, 2]
        unpacked_int64: [5, 6]
        optional_nested_enum: BAR
        optional_timestamp { seconds: 12 }
        """),
    ]

    @Test("encode and decode: the same bytes and text as protoc 36", arguments: cases)
    func encodeAndDecode(_ testCase: Case) async throws {
        _ = try ConformanceSchemas.require()
        let protoc = try Self.protoc.get()
        let include = URL(fileURLWithPath: protoc).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("include").path
        let proto = Self.editions + "/" + testCase.file
        let expected = try await runTool(protoc, ["--encode=\(testCase.type)", "-I", Self.editions, "-I", include, proto],
                                         input: Array(testCase.text.utf8))
        try #require(expected.status == 0, "protoc --encode failed: \(expected.stderr)")
        var environment = ProcessInfo.processInfo.environment
        environment["PROTOC"] = protoc
        let ours = try await CLI.run(["encode", testCase.type, "--proto", proto, "-I", Self.editions, "-I", include],
                                     input: Array(testCase.text.utf8), environment: environment)
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdoutBytes == expected.stdoutBytes, "\(ours.stdoutBytes.count) bytes, protoc wrote \(expected.stdoutBytes.count)")

        let text = try await runTool(protoc, ["--decode=\(testCase.type)", "-I", Self.editions, "-I", include, proto],
                                     input: expected.stdoutBytes)
        try #require(text.status == 0, "protoc --decode failed: \(text.stderr)")
        let decoded = try await CLI.run(["decode", testCase.type, "--proto", proto, "-I", Self.editions, "-I", include],
                                        input: expected.stdoutBytes, environment: environment)
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdout == text.stdout)
    }

    @Test("an edition newer than 2024 is one clear error from the command")
    func newerEditionIsRefused() async throws {
        let protoc = try Self.protoc.get()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let proto = folder.file("future.proto")
        try Data("edition = \"2026\";\npackage future;\nmessage M { int32 a = 1; }\n".utf8).write(to: URL(fileURLWithPath: proto))
        var environment = ProcessInfo.processInfo.environment
        environment["PROTOC"] = protoc
        let run = try await CLI.run(["encode", "future.M", "--proto", proto, "-I", folder.path], input: Array("a: 1".utf8), environment: environment)
        #expect(run.status != 0 && run.stdout.isEmpty)
        #expect(run.stderr.contains("future.proto: edition 2026 is not supported; ProtoHTTP reads editions 2023 and 2024"), "\(run.stderr)")
    }

    @Test("a PROTOC that is not an executable is a usage error naming the variable; nothing is written")
    func badProtocIsNamed() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PROTOC"] = "/nonexistent/protoc"
        let run = try await CLI.run(["encode", "notes.Note", "--proto", CLI.notesProto], input: Array("id: \"n1\"".utf8),
                                    environment: environment)
        #expect(run.status == 64 && run.stdout.isEmpty)
        #expect(run.stderr.contains("PROTOC is /nonexistent/protoc, which is not an executable file"), "\(run.stderr)")
    }
}
