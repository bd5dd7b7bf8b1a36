// ConformanceTesteeTests.swift: builds the conformance testee (scripts/conformance-testee) and drives it.

import Foundation
import ProtoHTTPTestSupport
import Testing

/// The conformance testee, spoken to as Google's runner does: framed `ConformanceRequest`s on
/// stdin, framed `ConformanceResponse`s on stdout. Requests are encoded by hand here, so the
/// test does not depend on the code it checks.
@Suite("Conformance testee", .enabled(if: ConformanceTestee.available, Comment(rawValue: ConformanceTestee.unavailableReason)))
struct ConformanceTesteeTests {
    static let proto3 = "protobuf_test_messages.proto3.TestAllTypesProto3"
    static let proto2 = "protobuf_test_messages.proto2.TestAllTypesProto2"

    @Test func scriptPrintsAnAbsoluteExecutablePath() async throws { try await offThePool { try self.scriptPrintsAnAbsoluteExecutablePathBody() } }
    func scriptPrintsAnAbsoluteExecutablePathBody() throws {
        let path = try ConformanceTestee.path()
        #expect(path.hasPrefix("/"))
        #expect(path.hasSuffix("/conformance-testee"))
        #expect(path.contains("/.build-conformance/"), "built out of tree, in the gitignored folder")
        #expect(FileManager.default.isExecutableFile(atPath: path))
    }

    @Test func failureSetIsAnsweredWithAnEmptyList() async throws { try await offThePool { try self.failureSetIsAnsweredWithAnEmptyListBody() } }
    func failureSetIsAnsweredWithAnEmptyListBody() throws {
        let request = Frame.string(4, "conformance.FailureSet") + Frame.varint(3, 1)
        let run = try ConformanceTestee.run([request])
        #expect(run.responses == [.protobufPayload([])])
        #expect(run.status == 0)
    }

    @Test func validPayloadsRoundTripForBothMessageTypes() async throws { try await offThePool { try self.validPayloadsRoundTripForBothMessageTypesBody() } }
    func validPayloadsRoundTripForBothMessageTypesBody() throws {
        // Canonical encodings come back byte for byte.
        let proto3: [UInt8] = [
            0x08, 0x96, 0x01,                    // 1 optional_int32 = 150
            0x72, 0x02, 0x68, 0x69,              // 14 optional_string = "hi"
            0x92, 0x01, 0x02, 0x08, 0x05,        // 18 optional_nested_message {a: 5}
            0xFA, 0x01, 0x02, 0x01, 0x02,        // 31 repeated_int32, packed [1, 2]
            0xC2, 0x03, 0x04, 0x08, 0x01, 0x10, 0x02,  // 56 map_int32_int32 {1: 2}
            0xF8, 0x06, 0x07,                    // 111 oneof_uint32 = 7
            0xF2, 0x12, 0x02, 0x08, 0x01,        // 302 optional_timestamp {seconds: 1} (a well-known type)
            0xB8, 0x9C, 0x01, 0x01,              // 2503: unknown, kept
        ]
        let proto2: [UInt8] = [
            0x08, 0x01,                          // 1 optional_int32 = 1
            0xF8, 0x01, 0x01, 0xF8, 0x01, 0x02,  // 31 repeated_int32, unpacked in proto2
            0xC0, 0x07, 0x05,                    // 120 extension_int32 = 5
            0xCB, 0x0C, 0xD0, 0x0C, 0x01, 0xCC, 0x0C,  // 201 group Data {group_int32: 1}
            0xC8, 0x3E, 0x01,                    // 1001: reserved, so unknown, kept
        ]
        let run = try ConformanceTestee.run([
            Frame.request(proto3, type: Self.proto3),
            Frame.request(proto2, type: Self.proto2),
        ])
        #expect(run.responses == [.protobufPayload(proto3), .protobufPayload(proto2)])
    }

    @Test func nonCanonicalInputIsReencodedCanonically() async throws { try await offThePool { try self.nonCanonicalInputIsReencodedCanonicallyBody() } }
    func nonCanonicalInputIsReencodedCanonicallyBody() throws {
        // proto3 repeated int32 sent unpacked comes back packed; proto2 packed comes back unpacked;
        // a repeated scalar seen twice keeps the last value.
        let run = try ConformanceTestee.run([
            Frame.request([0xF8, 0x01, 0x01, 0xF8, 0x01, 0x02], type: Self.proto3),
            Frame.request([0xFA, 0x01, 0x02, 0x01, 0x02], type: Self.proto2),
            Frame.request([0x08, 0x01, 0x08, 0x02], type: Self.proto3),
        ])
        #expect(run.responses == [
            .protobufPayload([0xFA, 0x01, 0x02, 0x01, 0x02]),
            .protobufPayload([0xF8, 0x01, 0x01, 0xF8, 0x01, 0x02]),
            .protobufPayload([0x08, 0x02]),
        ])
    }

    @Test func invalidPayloadsAreParseErrors() async throws { try await offThePool { try self.invalidPayloadsAreParseErrorsBody() } }
    func invalidPayloadsAreParseErrorsBody() throws {
        let invalid: [(String, [UInt8], String)] = [
            ("truncated varint", [0x08, 0x96], Self.proto3),
            ("length past the end", [0x72, 0x05, 0x68], Self.proto3),
            ("wire type 6", [0x0E, 0x00], Self.proto3),
            ("field number 0", [0x00, 0x01], Self.proto2),
            ("invalid UTF-8 in a string", [0x72, 0x01, 0xFF], Self.proto3),
            ("group without end", [0xCB, 0x0C, 0xD0, 0x0C, 0x01], Self.proto2),
            ("end-group outside a group", [0xCC, 0x0C], Self.proto2),
            ("bad packed fixed32 length", [0xAA, 0x02, 0x03, 0x00, 0x00, 0x00], Self.proto3),
        ]
        let run = try ConformanceTestee.run(invalid.map { Frame.request($0.1, type: $0.2) })
        #expect(run.responses.count == invalid.count)
        for (response, (name, _, _)) in zip(run.responses, invalid) {
            guard case .parseError(let message) = response else {
                Issue.record("\(name): expected parse_error, got \(response)")
                continue
            }
            #expect(!message.isEmpty, "\(name)")
        }
        #expect(run.status == 0)
    }

    @Test func everyTruncationOfAValidPayloadIsAnsweredWithoutACrash() async throws { try await offThePool { try self.everyTruncationOfAValidPayloadIsAnsweredWithoutACrashBody() } }
    func everyTruncationOfAValidPayloadIsAnsweredWithoutACrashBody() throws {
        let full: [UInt8] = [
            0x08, 0x96, 0x01, 0x72, 0x02, 0x68, 0x69, 0x92, 0x01, 0x02, 0x08, 0x05,
            0xC2, 0x03, 0x04, 0x08, 0x01, 0x10, 0x02, 0xCB, 0x0C, 0xD0, 0x0C, 0x01, 0xCC, 0x0C,
        ]
        var requests: [[UInt8]] = []
        for cut in 0..<full.count {
            requests.append(Frame.request(Array(full[..<cut]), type: Self.proto3))
            requests.append(Frame.request(Array(full[..<cut]), type: Self.proto2))
        }
        let run = try ConformanceTestee.run(requests)
        #expect(run.status == 0)
        #expect(run.responses.count == requests.count, "one response per request, then a clean exit")
        for response in run.responses {
            switch response {
            case .protobufPayload, .parseError: break
            default: Issue.record("unexpected response \(response)")
            }
        }
        // Cutting inside the first varint cannot parse; the empty prefix is an empty message.
        #expect(run.responses.first == .protobufPayload([]))
        if case .parseError = run.responses[2] {} else { Issue.record("a 1-byte prefix must be a parse error") }
    }

    @Test func jspbRequestsAreSkippedAndUnknownTypesAreRuntimeErrors() async throws { try await offThePool { try self.jspbRequestsAreSkippedAndUnknownTypesAreRuntimeErrorsBody() } }
    func jspbRequestsAreSkippedAndUnknownTypesAreRuntimeErrorsBody() throws {
        let run = try ConformanceTestee.run([
            Frame.string(7, "[]") + Frame.varint(3, 3) + Frame.string(4, Self.proto3),      // JSPB in
            Frame.bytes(1, [0x08, 0x01]) + Frame.varint(3, 3) + Frame.string(4, Self.proto3),  // JSPB out
            Frame.request([], type: "protobuf_test_messages.edition_unstable.TestAllTypesEditionUnstable"),
        ])
        #expect(run.responses.count == 3)
        for response in run.responses.prefix(2) {
            if case .skipped = response {} else { Issue.record("expected skipped, got \(response)") }
        }
        if case .runtimeError(let message)? = run.responses.last {
            #expect(message.contains("TestAllTypesEditionUnstable"))
        } else {
            Issue.record("expected runtime_error, got \(String(describing: run.responses.last))")
        }
    }

    @Test func textFormatInputAndOutputAreAnswered() async throws { try await offThePool { try self.textFormatInputAndOutputAreAnsweredBody() } }
    func textFormatInputAndOutputAreAnsweredBody() throws {
        // requested_output_format: 1 protobuf, 4 text; test_category 5 = TEXT_FORMAT_TEST;
        // field 9 = print_unknown_fields.
        func text(_ payload: String, output: UInt64, type: String) -> [UInt8] {
            Frame.string(8, payload) + Frame.varint(3, output) + Frame.string(4, type) + Frame.varint(5, 5)
        }
        // 1001: 123, 1002: "hello" (bytes that do not read as a message, so they print as a string)
        let unknown: [UInt8] = [0xC8, 0x3E, 0x7B, 0xD2, 0x3E, 0x05, 0x68, 0x65, 0x6C, 0x6C, 0x6F]
        let run = try ConformanceTestee.run([
            text("optional_int32: 0x96 optional_string: 'h' \"i\"", output: 1, type: Self.proto3),
            text("optional_nested_message < a: 5 >; repeated_int32: [1, 2]", output: 4, type: Self.proto3),
            text("[protobuf_test_messages.proto2.extension_int32]: 5 Data { group_int32: 1 }", output: 4, type: Self.proto2),
            text("optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { optional_int32: 5 } }",
                 output: 4, type: Self.proto3),
            Frame.bytes(1, unknown) + Frame.varint(3, 4) + Frame.string(4, Self.proto3),
            Frame.bytes(1, unknown) + Frame.varint(3, 4) + Frame.string(4, Self.proto3) + Frame.varint(9, 1),
            text("optional_int32: 2147483648", output: 4, type: Self.proto3),
            text("optional_nested_enum: 42", output: 1, type: Self.proto2),
        ])
        #expect(run.responses.count == 8)
        #expect(Array(run.responses.prefix(6)) == [
            .protobufPayload([0x08, 0x96, 0x01, 0x72, 0x02, 0x68, 0x69]),
            .textPayload("optional_nested_message {\n  a: 5\n}\nrepeated_int32: 1\nrepeated_int32: 2\n"),
            .textPayload("[protobuf_test_messages.proto2.extension_int32]: 5\nData {\n  group_int32: 1\n}\n"),
            .textPayload("optional_any {\n  [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] {\n    optional_int32: 5\n  }\n}\n"),
            .textPayload(""),
            .textPayload("1001: 123\n1002: \"hello\"\n"),
        ])
        for response in run.responses.suffix(2) {
            guard case .parseError(let message) = response else {
                Issue.record("expected parse_error, got \(response)")
                continue
            }
            #expect(message.contains("line 1, column"), "\(message)")
        }
        #expect(run.status == 0)
    }

    @Test func jsonInputAndOutputAreAnswered() async throws { try await offThePool { try self.jsonInputAndOutputAreAnsweredBody() } }
    func jsonInputAndOutputAreAnsweredBody() throws {
        let any = #"{"optionalAny": {"optionalInt32": 5, "@type": "type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3"}}"#
        let run = try ConformanceTestee.run([
            Frame.json(#"{"optionalInt32": 150, "optional_string": "hi"}"#, output: 1, type: Self.proto3),
            Frame.bytes(1, [0x08, 0x96, 0x01, 0xF8, 0x06, 0x07]) + Frame.varint(3, 2) + Frame.string(4, Self.proto3),
            Frame.json(#"{"optionalTimestamp": "1970-01-01T00:00:01+01:00", "repeatedInt64": [1, "2"]}"#, output: 2, type: Self.proto3),
            Frame.json(any, output: 2, type: Self.proto3),
            Frame.json(#"{"[protobuf_test_messages.proto2.extension_int32]": 5, "data": {"groupInt32": 1}}"#, output: 2, type: Self.proto2),
            Frame.json(#"{"[protobuf_test_messages.proto2.extension_int32]": 5}"#, output: 1, type: Self.proto2),
            Frame.json(#"{"optionalValue": null, "optionalNullValue": null, "optionalInt32": null}"#, output: 2, type: Self.proto3),
        ])
        #expect(run.responses == [
            .protobufPayload([0x08, 0x96, 0x01, 0x72, 0x02, 0x68, 0x69]),
            .jsonPayload(#"{"optionalInt32":150,"oneofUint32":7}"#),
            .jsonPayload(#"{"repeatedInt64":["1","2"],"optionalTimestamp":"1969-12-31T23:00:01Z"}"#),
            .jsonPayload(#"{"optionalAny":{"@type":"type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3","optionalInt32":5}}"#),
            .jsonPayload(#"{"data":{"groupInt32":1},"[protobuf_test_messages.proto2.extension_int32]":5}"#),
            .protobufPayload([0xC0, 0x07, 0x05]),
            .jsonPayload(#"{"optionalValue":null}"#),
        ])
        #expect(run.status == 0)
    }

    @Test func badJSONIsAParseErrorAndUnknownFieldsFollowTheCategory() async throws { try await offThePool { try self.badJSONIsAParseErrorAndUnknownFieldsFollowTheCategoryBody() } }
    func badJSONIsAParseErrorAndUnknownFieldsFollowTheCategoryBody() throws {
        let unknown = #"{"unknownField": {"a": [1]}, "optionalInt32": 2, "optionalNestedEnum": "NOT_A_VALUE"}"#
        let run = try ConformanceTestee.run([
            Frame.json(unknown, output: 2, type: Self.proto3, category: 3),   // JSON_IGNORE_UNKNOWN_PARSING_TEST
            Frame.json(unknown, output: 2, type: Self.proto3, category: 2),   // JSON_TEST
            Frame.json(#"{"optionalInt32": 1.5}"#, output: 2, type: Self.proto3),
            Frame.json(#"{"optionalInt32": 1,}"#, output: 1, type: Self.proto3),
            Frame.json("null", output: 1, type: Self.proto3),
            Frame.json(#"{"optionalAny": {"@type": "type.googleapis.com/unknown.Type"}}"#, output: 1, type: Self.proto3),
            Frame.json(#"{"optionalInt32": 1, "optional_int32": 2}"#, output: 2, type: Self.proto3),
        ])
        #expect(run.responses.first == .jsonPayload(#"{"optionalInt32":2}"#))
        #expect(run.responses.count == 7)
        for (i, response) in run.responses.enumerated().dropFirst() {
            if case .parseError(let message) = response {
                #expect(message.contains("at byte"), "\(i): \(message)")
            } else {
                Issue.record("request \(i): expected parse_error, got \(response)")
            }
        }
    }

    @Test func unserializableJSONIsASerializeError() async throws { try await offThePool { try self.unserializableJSONIsASerializeErrorBody() } }
    func unserializableJSONIsASerializeErrorBody() throws {
        // optional_timestamp {seconds: 253402300800}: year 10000, beyond what RFC 3339 can express.
        let timestamp: [UInt8] = [0xF2, 0x12, 0x07, 0x08, 0x80, 0x83, 0xD1, 0xFF, 0xAF, 0x07]
        let run = try ConformanceTestee.run([Frame.bytes(1, timestamp) + Frame.varint(3, 2) + Frame.string(4, Self.proto3)])
        guard case .serializeError(let message)? = run.responses.first else {
            Issue.record("expected serialize_error, got \(run.responses)")
            return
        }
        #expect(message.contains("Timestamp"))
    }

    @Test func eofEndsTheTesteeCleanly() async throws { try await offThePool { try self.eofEndsTheTesteeCleanlyBody() } }
    func eofEndsTheTesteeCleanlyBody() throws {
        let empty = try ConformanceTestee.run([])
        #expect(empty.status == 0)
        #expect(empty.responses.isEmpty)
        // EOF inside a frame is an error exit, not a hang or a crash.
        let cut = try ConformanceTestee.runRaw([5, 0, 0, 0, 0x08])
        #expect(cut.status == 1)
        #expect(cut.stderr.contains("ended"))
    }
}

/// A decoded `ConformanceResponse` (its `result` oneof).
enum TesteeResponse: Equatable, CustomStringConvertible {
    case parseError(String)
    case runtimeError(String)
    case protobufPayload([UInt8])
    case skipped(String)
    case jsonPayload(String)
    case serializeError(String)
    case textPayload(String)
    case other(field: Int)
    case malformed

    /// Decodes the one field the testee writes.
    init(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        guard let tag = reader.varint(), tag & 7 == 2, let payload = reader.lengthDelimited(), reader.atEnd else {
            self = .malformed
            return
        }
        let text = String(decoding: payload, as: UTF8.self)
        switch tag >> 3 {
        case 1: self = .parseError(text)
        case 2: self = .runtimeError(text)
        case 3: self = .protobufPayload(payload)
        case 4: self = .jsonPayload(text)
        case 5: self = .skipped(text)
        case 6: self = .serializeError(text)
        case 8: self = .textPayload(text)
        default: self = .other(field: Int(tag >> 3))
        }
    }

    var description: String {
        switch self {
        case .parseError(let s): return "parse_error(\(s))"
        case .runtimeError(let s): return "runtime_error(\(s))"
        case .protobufPayload(let b): return "protobuf_payload(\(b))"
        case .skipped(let s): return "skipped(\(s))"
        case .jsonPayload(let s): return "json_payload(\(s))"
        case .serializeError(let s): return "serialize_error(\(s))"
        case .textPayload(let s): return "text_payload(\(s))"
        case .other(let f): return "field \(f)"
        case .malformed: return "malformed response"
        }
    }
}

/// Hand-encoding of request fields.
enum Frame {
    static func varintBytes(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
        return out
    }
    static func varint(_ field: Int, _ value: UInt64) -> [UInt8] { varintBytes(UInt64(field << 3)) + varintBytes(value) }
    static func bytes(_ field: Int, _ value: [UInt8]) -> [UInt8] {
        varintBytes(UInt64(field << 3 | 2)) + varintBytes(UInt64(value.count)) + value
    }
    static func string(_ field: Int, _ value: String) -> [UInt8] { bytes(field, Array(value.utf8)) }
    /// A binary-in, binary-out request.
    static func request(_ payload: [UInt8], type: String) -> [UInt8] {
        bytes(1, payload) + varint(3, 1) + string(4, type)
    }
    /// A JSON-in request: `output` 1 is binary, 2 JSON; `category` 2 is JSON_TEST, 3
    /// JSON_IGNORE_UNKNOWN_PARSING_TEST.
    static func json(_ payload: String, output: UInt64, type: String, category: UInt64 = 2) -> [UInt8] {
        string(2, payload) + varint(3, output) + string(4, type) + varint(5, category)
    }
    /// `[UInt8]` with its 4-byte little-endian length in front.
    static func framed(_ body: [UInt8]) -> [UInt8] {
        let n = UInt32(body.count)
        return [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + body
    }
}

/// A minimal wire reader, independent of ProtoWire.
struct ByteReader {
    let bytes: [UInt8]
    var index = 0
    var atEnd: Bool { index == bytes.count }
    mutating func varint() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count, shift < 64 {
            let b = bytes[index]
            index += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
        return nil
    }
    mutating func lengthDelimited() -> [UInt8]? {
        guard let n = varint(), n <= UInt64(bytes.count - index) else { return nil }
        defer { index += Int(n) }
        return Array(bytes[index..<index + Int(n)])
    }
}

/// Builds the testee once per test process through the script, and runs it.
enum ConformanceTestee {
    static let schemas = TesteeTools.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")

    /// Whether protoc is installed (scripts/install-deps installs it). Missing schemas do not
    /// skip: the build below fails with ``ConformanceSchemas/missing``.
    static var available: Bool { TesteeTools.protocPath != nil }

    static let unavailableReason = "needs protoc (scripts/install-deps installs it)"

    /// The script's result, computed once: the executable's path, or the build failure.
    private static let built: Result<String, HarnessError> = {
        guard ConformanceSchemas.present else { return .failure(HarnessError(message: ConformanceSchemas.missing)) }
        do {
            var environment = ProcessInfo.processInfo.environment
            environment["PROTOC_GEN_PROTOHTTP"] = TesteeTools.pluginPath
            environment["CONFORMANCE_PROTOS"] = schemas.path
            let result = try execute("/bin/bash", [TesteeTools.packageRoot.appendingPathComponent("scripts/conformance-testee").path],
                                     environment: environment, stdin: [])
            let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
            guard result.status == 0, let last = lines.last else {
                return .failure(HarnessError(message: "scripts/conformance-testee failed (\(result.status)): \(result.stderr.suffix(4000))"))
            }
            return .success(String(last))
        } catch {
            return .failure(HarnessError(message: "cannot run scripts/conformance-testee: \(error)"))
        }
    }()

    static func path() throws -> String { try built.get() }

    struct Run {
        let status: Int32
        let responses: [TesteeResponse]
        let stderr: String
    }

    /// Sends framed requests, closes stdin, and decodes every framed response.
    static func run(_ requests: [[UInt8]]) throws -> Run {
        let raw = try runRaw(requests.flatMap(Frame.framed))
        var responses: [TesteeResponse] = []
        var reader = raw.stdout[...]
        while reader.count >= 4 {
            let b = Array(reader.prefix(4))
            let n = Int(b[0]) | Int(b[1]) << 8 | Int(b[2]) << 16 | Int(b[3]) << 24
            reader = reader.dropFirst(4)
            guard reader.count >= n else { throw HarnessError(message: "response frame of \(n) bytes is cut short") }
            responses.append(TesteeResponse(Array(reader.prefix(n))))
            reader = reader.dropFirst(n)
        }
        guard reader.isEmpty else { throw HarnessError(message: "\(reader.count) stray bytes after the last response") }
        return Run(status: raw.status, responses: responses, stderr: raw.stderr)
    }

    /// Runs the testee on raw stdin bytes.
    static func runRaw(_ input: [UInt8]) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        let result = try execute(try path(), [], environment: nil, stdin: input)
        return (result.status, result.stdout, result.stderr)
    }

    /// Runs a process to completion with `stdin` as its input; its output goes to files, so
    /// large outputs cannot deadlock the writer.
    private static func execute(_ executable: String, _ arguments: [String], environment: [String: String]?,
                                stdin: [UInt8]) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        guard let result = try ChildProcess.run(executable, arguments, environment: environment, input: stdin, timeout: .seconds(1800)) else {
            throw HarnessError(message: "\(executable) did not finish within 30 minutes")
        }
        return (result.status, result.stdoutBytes, result.stderr)
    }
}
