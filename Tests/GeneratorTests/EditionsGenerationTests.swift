// EditionsGenerationTests.swift: protoc 36 with protoc-gen-protohttp on edition 2023/2024 files: what is generated, what is refused.

import Foundation
import Testing

/// The generator through protobuf 36's protoc (`scripts/protoc-editions`), as a user with
/// editions files runs it: edition 2024's naming and visibility features and keywords are
/// accepted, features change the generated code, and an edition newer than 2024 is refused.
@Suite("Generator: editions through protoc 36")
struct EditionsGenerationTests {
    /// Writes `files` into a temporary folder and generates them with protoc 36.
    func generate(_ files: [String: String]) async throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-editions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return try await PluginHarness.generate(files.keys.sorted(), includePath: folder.path, option: "FileNaming=DropPath",
                                                protoc: try PluginHarness.editionsProtoc.get())
    }

    @Test("edition 2024's naming and visibility features and `export`/`local` are accepted")
    func edition2024NamingAndVisibility() async throws {
        let generated = try await generate(["v24.proto": """
            edition = "2024";
            package v24;
            option features.enforce_naming_style = STYLE_LEGACY;
            option features.default_symbol_visibility = EXPORT_ALL;
            export message Outer {
              local message Inner { int32 x = 1; }
              Inner inner = 1;
              int32 bad_Name = 2;
              string raw = 3 [features.utf8_validation = NONE];
            }
            local enum Color { COLOR_UNSPECIFIED = 0; RED = 1; }
            """])
        let code = try #require(generated["v24.pb.swift"])
        #expect(code.contains("struct V24_Outer"))
        #expect(code.contains("struct Inner"))
        #expect(code.contains("enum V24_Color"))
        #expect(code.contains("var hasInner: Bool"))  // explicit presence, 2024's default
        #expect(code.contains("case 26: if let v = try r.readString(tag, keepingInvalidIn: &unknownFields) { _raw = v }"))
    }

    @Test("features change the code: implicit presence, expanded repeated, delimited, closed enums")
    func featuresShapeTheCode() async throws {
        let generated = try await generate(["f.proto": """
            edition = "2023";
            package f;
            option features.enum_type = CLOSED;
            message M {
              message Child { int32 c = 1; }
              int32 plain = 1 [features.field_presence = IMPLICIT];
              repeated int32 each = 2 [features.repeated_field_encoding = EXPANDED];
              repeated int32 run = 3;
              Child child = 4 [features.message_encoding = DELIMITED];
              Shade shade = 5;
              int32 must = 6 [features.field_presence = LEGACY_REQUIRED];
            }
            enum Shade { SHADE_UNSPECIFIED = 0; DARK = 1; }
            """])
        let code = try #require(generated["f.pb.swift"])
        #expect(code.contains("var plain: Int32 = 0"))                  // no backing optional
        #expect(code.contains("w.writeRepeated(ProtoWire.WireInt32.self, each, tag: 16)"))
        #expect(code.contains("w.writePacked(ProtoWire.WireInt32.self, run, tag: 26)"))
        #expect(code.contains("try r.readGroup(fieldNumber: 4, into: &_child!)"))
        #expect(code.contains("r.readClosedEnum(tag, unknownFields: &unknownFields)"))
        #expect(code.contains("label: .required"))
    }

    @Test("an edition newer than 2024 gets one clear error naming it")
    func newerEditionIsRefused() async throws {
        do {
            _ = try await generate(["e26.proto": "edition = \"2026\";\npackage e;\nmessage M { int32 a = 1; }\n"])
            Issue.record("edition 2026 was generated")
        } catch {
            #expect("\(error)".contains("e26.proto: edition 2026 is not supported; ProtoHTTP reads editions 2023 and 2024"), "\(error)")
        }
    }
}
