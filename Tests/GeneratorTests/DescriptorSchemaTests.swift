// DescriptorSchemaTests.swift: schemas built from protoc's descriptor sets equal the generated `_protoSchema`s, field by field.

import Foundation
import GeneratorTestSchema
import ProtoDescriptors
import ProtoHTTPTestSupport
import ProtoWire
import ProtoWireTestSchema
import Testing

/// The registry ``SchemaRegistry/init(fileDescriptorSet:)`` builds from protoc's own
/// descriptors, checked against what protoc-gen-protohttp compiled into the generated types:
/// two independent readings of the same `.proto` files must agree on every field.
@Suite("Schemas from descriptor sets")
struct DescriptorSchemaTests {
    static let protocMissing = "protoc is not installed; run scripts/install-deps (make test does)"
    static let conformance = URL(fileURLWithPath: ConformanceSchemas.directory)

    /// protoc's `--include_imports` descriptor set of `files`.
    static func descriptorSet(_ files: [String], includes: [String], protoc: String? = nil) async throws -> Google_Protobuf_FileDescriptorSet {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-set-\(UUID().uuidString).pb")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await PluginHarness.run(protoc ?? PluginHarness.protocPath ?? "protoc",
                                           ["--include_imports", "--descriptor_set_out=\(out.path)"]
                                               + includes.flatMap { ["-I", $0] } + files)
        guard result.status == 0 else { throw HarnessError(message: "protoc failed: \(result.stderr)") }
        return try Google_Protobuf_FileDescriptorSet(serializedBytes: try Data(contentsOf: out))
    }

    @Test("Protos/test and Protos/generator: every message and extension equals the generated schema",
          .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func repositoryProtos() async throws {
        let files = try PluginHarness.protos(in: "Protos/test") + PluginHarness.protos(in: "Protos/generator")
        let registry = try SchemaRegistry(fileDescriptorSet: try await Self.descriptorSet(files, includes: [".", PluginHarness.protoInclude]))
        let roots: [any ProtoMessage.Type] = [
            Protohttp_Test_TestAllTypes3.self, Protohttp_Test_Nested3.self, Protohttp_Test_Presence3.self,
            Protohttp_Test2_TestAllTypes2.self, Protohttp_Test2_Nested2.self, Protohttp_Test2_Required2.self,
            Protohttp_Test2_Groups2.self, Protohttp_Ext2_Extendable.self, Protohttp_Ext2_Payload.self,
            Protohttp_Ext2_NeedsInit.self, Protohttp_Ext2_OptGroup.self, Protohttp_Ext2_RepGroup.self,
            Protohttp_Ext2_Scope.self, Protohttp_Ext2_Container.self, Protohttp_Ext2_ItemA.self, Protohttp_Ext2_ItemB.self,
            Protohttp_Ext2_HasContainer.self, Protohttp_GenTest_Defaults.self, Protohttp_GenTest_Event.self,
            Protohttp_GenTest_Names.self, Protohttp_GenTest_Ping.self, Protohttp_GenTest_Pong.self,
        ]
        let generated = SchemaComparison.reachable(roots.map { $0._protoSchema } + SchemaRegistry.wellKnownTypes)
        let compared = try SchemaComparison.expectEqual(registry, generated)
        #expect(compared > 40)

        let extensions = Protohttp_Ext2_TestExtensions2_Extensions.fieldSchemas
        #expect(extensions.count == 19)
        for field in extensions {
            let extendee = try #require(field.extendee)
            let fromDescriptor = try #require(registry.extensionField(of: extendee, number: field.number), "\(field.name)")
            #expect(SchemaComparison.render(fromDescriptor) == SchemaComparison.render(field))
            #expect(registry.extensionField(named: field.name)?.number == field.number)
        }
    }

    @Test("descriptor.proto and plugin.proto (the generator's bootstrap, protobuf 36's) equal ProtoDescriptors' schemas")
    func descriptorProtos() async throws {
        let set = try await Self.descriptorSet(["google/protobuf/compiler/plugin.proto"], includes: [try PluginHarness.editionsInclude()],
                                               protoc: try PluginHarness.editionsProtoc.get())
        let registry = try SchemaRegistry(fileDescriptorSet: set)
        let generated = SchemaComparison.reachable([
            Google_Protobuf_FileDescriptorSet._protoSchema, Google_Protobuf_Compiler_CodeGeneratorRequest._protoSchema,
            Google_Protobuf_Compiler_CodeGeneratorResponse._protoSchema, Google_Protobuf_GeneratedCodeInfo._protoSchema,
            Google_Protobuf_Compiler_Version._protoSchema, Google_Protobuf_FeatureSetDefaults._protoSchema,
            Google_Protobuf_FeatureSet.VisibilityFeature._protoSchema, Google_Protobuf_FeatureSet.ProtoLimitsFeature._protoSchema,
        ])
        let compared = try SchemaComparison.expectEqual(registry, generated)
        #expect(compared >= 25)
        let label = try #require(registry.message(named: "google.protobuf.FieldDescriptorProto")?.field(named: "label"))
        guard case .enumeration(let names, isClosed: true) = label.kind else { Issue.record("label is \(label.kind)"); return }
        #expect(names.enumName == "google.protobuf.FieldDescriptorProto.Label" && names.name(of: 3) == "LABEL_REPEATED")
    }

    @Test("the conformance schemas: every type resolves, with proto2 and proto3 rules where protoc puts them",
          .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func conformanceSchemas() async throws {
        _ = try ConformanceSchemas.require()
        let set = try await Self.descriptorSet(["test_messages_proto3.proto", "test_messages_proto2.proto"],
                                         includes: [Self.conformance.path, PluginHarness.protoInclude])
        let registry = try SchemaRegistry(fileDescriptorSet: set)
        // The well-known types arrive through --include_imports and equal ProtoWire's.
        let wkt = SchemaComparison.reachable(SchemaRegistry.wellKnownTypes)
        let imported = registry.allMessages.filter { $0.fullName.hasPrefix("google.protobuf.") }
        #expect(imported.count >= 15)
        for built in imported {
            let generated = try #require(wkt[built.fullName], "\(built.fullName)")
            try SchemaComparison.expectEqual(built, generated)
        }

        let p3 = try #require(registry.message(named: "protobuf_test_messages.proto3.TestAllTypesProto3"))
        #expect(p3.field(named: "optional_int32")?.label == .singular(hasPresence: false))
        #expect(p3.field(named: "optional_nested_message")?.messageSchema?.fullName == "protobuf_test_messages.proto3.TestAllTypesProto3.NestedMessage")
        #expect(p3.field(named: "recursive_message")?.messageSchema === p3)
        #expect(p3.field(named: "packed_int32")?.isPacked == true && p3.field(named: "repeated_int32")?.isPacked == true)
        #expect(p3.field(named: "unpacked_int32")?.isPacked == false && p3.field(named: "repeated_string")?.isPacked == false)
        #expect(p3.field(named: "oneof_uint32")?.oneofIndex == 0 && p3.oneofNames == ["oneof_field"])
        #expect(p3.field(named: "__field_name13")?.jsonName == "FieldName13")
        #expect(p3.field(named: "field__name4_")?.jsonName == "fieldName4")
        let map = try #require(p3.field(named: "map_string_nested_enum"))
        #expect(map.isMap && map.messageSchema?.field(number: 2).map(SchemaComparison.render) ==
                "2 value value enum(protobuf_test_messages.proto3.TestAllTypesProto3.NestedEnum, open) singular(false) - -")
        #expect(registry.message(named: "protobuf_test_messages.proto3.TestAllTypesProto3.MapStringNestedEnumEntry") == nil)

        let p2 = try #require(registry.message(named: "protobuf_test_messages.proto2.TestAllTypesProto2"))
        #expect(p2.field(named: "optional_int32")?.label == .singular(hasPresence: true))
        #expect(p2.field(named: "repeated_int32")?.isPacked == false && p2.field(named: "packed_int32")?.isPacked == true)
        #expect(p2.field(named: "optional_nested_enum").map(SchemaComparison.render)?.contains("closed") == true)
        #expect(p2.field(named: "data").map(SchemaComparison.render) ==
                "201 data data group(protobuf_test_messages.proto2.TestAllTypesProto2.Data) singular(true) - -")
        #expect(p2.extensionRanges == [120...200])
        #expect(registry.extensionField(of: "protobuf_test_messages.proto2.TestAllTypesProto2", number: 120)?.name
                == "protobuf_test_messages.proto2.extension_int32")
        let outer = "protobuf_test_messages.proto2.TestAllTypesProto2"
        let nested = try #require(registry.extensionField(named: outer + ".MessageSetCorrectExtension1.message_set_extension"))
        #expect(nested.extendee == outer + ".MessageSetCorrect" && nested.number == 1547769)
        #expect(nested.messageSchema?.fullName == outer + ".MessageSetCorrectExtension1")
    }

    @Test("dynamic messages on descriptor-built schemas (the CLI's path) write the generated bytes and JSON",
          .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func dynamicMessagesOnDescriptorSchemas() async throws {
        let files = try PluginHarness.protos(in: "Protos/test")
        let registry = try SchemaRegistry(fileDescriptorSet: try await Self.descriptorSet(files, includes: [".", PluginHarness.protoInclude]))
        let schema = try #require(registry.message(named: "protohttp.test.TestAllTypes3"))
        var m = Protohttp_Test_TestAllTypes3()
        m.fInt32 = -5
        m.fSint64 = -9
        m.fFloat = 1.5
        m.fBytes = Data([0, 255])
        m.fEnum = .blue
        m.fNested.b = "nested"
        m.rInt32 = [1, -1, 300]
        m.rString = ["a", ""]
        m.rNested = [.init(), .init()]
        m.mStringNested = ["k": .init(), "j": .init()]
        m.mSint64Enum = [-1: .green, 4: .blue]
        m.oNested.a = 3
        m.recursive.recursive.fBool = true
        m.fMaxNumber = 7
        let deterministic = EncodingOptions(deterministic: true)
        let bytes = m.serializedBytes(options: deterministic)
        let dynamic = try DynamicMessage(schema: schema, serializedBytes: bytes, extensions: registry)
        #expect(dynamic.serializedBytes(options: deterministic) == bytes)
        let json = try m.jsonString()
        #expect(try dynamic.jsonString(registry: registry) == json)
        let parsed = try DynamicMessage(schema: schema, jsonString: json, registry: registry)
        #expect(parsed.serializedBytes(options: deterministic) == bytes)

        var ext = Protohttp_Ext2_Extendable()
        ext[extension: Protohttp_Ext2_Extensions_opt_payload] = { var p = Protohttp_Ext2_Payload(); p.s = "x"; return p }()
        ext[extension: Protohttp_Ext2_Extensions_packed_color] = [.blue, .red]
        let extSchema = try #require(registry.message(named: "protohttp.ext2.Extendable"))
        let dynamicExt = try DynamicMessage(schema: extSchema, serializedBytes: ext.serializedBytes(), extensions: registry)
        #expect(dynamicExt.unknownFields.isEmpty && dynamicExt.serializedBytes() == ext.serializedBytes())
        let extJSON = try ext.jsonString()
        #expect(try dynamicExt.jsonString(registry: registry) == extJSON)
    }

    @Test("a field whose type the set does not hold is an error naming the field and the type")
    func unresolvedType() throws {
        var field = Google_Protobuf_FieldDescriptorProto()
        field.name = "when"
        field.number = 3
        field.type = .message
        field.typeName = ".google.protobuf.Timestamp"
        var message = Google_Protobuf_DescriptorProto()
        message.name = "Event"
        message.field = [field]
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "event.proto"
        file.package = "pkg"
        file.syntax = "proto3"
        file.messageType = [message]
        var set = Google_Protobuf_FileDescriptorSet()
        set.file = [file]
        do {
            _ = try SchemaRegistry(fileDescriptorSet: set)
            Issue.record("an unresolved type was accepted")
        } catch {
            #expect(error.code == .unresolvedType)
            #expect(error.message.contains("pkg.Event.when") && error.message.contains(".google.protobuf.Timestamp")
                    && error.message.contains("--include_imports"))
        }

        var twice = set
        message.field = []
        twice.file[0].messageType = [message]
        var other = twice.file[0]
        other.name = "other.proto"
        twice.file.append(other)
        do {
            _ = try SchemaRegistry(fileDescriptorSet: twice)
            Issue.record("a type declared twice was accepted")
        } catch {
            #expect(error.code == .malformed && error.message.contains("pkg.Event"))
        }
    }

    @Test("editions: features in options set presence, enum openness, packing, delimited encoding and UTF-8 checks")
    func editionsFeatures() throws {
        var implicitInt = Google_Protobuf_FieldDescriptorProto()
        implicitInt.name = "n"; implicitInt.number = 1; implicitInt.type = .int32
        implicitInt.options.features.fieldPresence = .implicit
        var plain = Google_Protobuf_FieldDescriptorProto()
        plain.name = "s"; plain.number = 2; plain.type = .string                   // explicit, validated by default
        var expanded = Google_Protobuf_FieldDescriptorProto()
        expanded.name = "r"; expanded.number = 3; expanded.type = .int32; expanded.label = .repeated
        expanded.options.features.repeatedFieldEncoding = .expanded
        var packed = Google_Protobuf_FieldDescriptorProto()
        packed.name = "p"; packed.number = 4; packed.type = .sint64; packed.label = .repeated
        var delimited = Google_Protobuf_FieldDescriptorProto()
        delimited.name = "child"; delimited.number = 5; delimited.type = .message; delimited.typeName = ".ed.M"
        delimited.options.features.messageEncoding = .delimited
        var color = Google_Protobuf_FieldDescriptorProto()
        color.name = "c"; color.number = 6; color.type = .enum; color.typeName = ".ed.Color"
        var required = Google_Protobuf_FieldDescriptorProto()
        required.name = "id"; required.number = 7; required.type = .int64
        required.options.features.fieldPresence = .legacyRequired
        var lenient = Google_Protobuf_FieldDescriptorProto()
        lenient.name = "raw"; lenient.number = 8; lenient.type = .string; lenient.oneofIndex = 0
        var choice = Google_Protobuf_OneofDescriptorProto()
        choice.name = "choice"
        choice.options.features.utf8Validation = .none                               // inherited by its member
        var message = Google_Protobuf_DescriptorProto()
        message.name = "M"
        message.field = [implicitInt, plain, expanded, packed, delimited, color, required, lenient]
        message.oneofDecl = [choice]
        var value = Google_Protobuf_EnumValueDescriptorProto()
        value.name = "RED"; value.number = 1
        var closed = Google_Protobuf_EnumDescriptorProto()
        closed.name = "Color"
        closed.value = [value]
        closed.options.features.enumType = .closed
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "ed.proto"; file.package = "ed"; file.syntax = "editions"; file.edition = .edition2024
        file.messageType = [message]
        file.enumType = [closed]
        var set = Google_Protobuf_FileDescriptorSet()
        set.file = [file]
        let m = try #require(try SchemaRegistry(fileDescriptorSet: set).message(named: "ed.M"))
        #expect(m.field(number: 1)?.label == .singular(hasPresence: false))
        #expect(m.field(number: 2)?.label == .singular(hasPresence: true) && m.field(number: 2)?.validatesUTF8 == true)
        #expect(m.field(number: 3)?.isPacked == false && m.field(number: 4)?.isPacked == true)
        #expect(m.field(number: 5).map(SchemaComparison.render) == "5 child child group(ed.M) singular(true) - -")
        #expect(m.field(number: 6).map(SchemaComparison.render) == "6 c c enum(ed.Color, closed) singular(true) - -")
        #expect(m.field(number: 7)?.label == .required)
        #expect(m.field(number: 8).map(SchemaComparison.render) == "8 raw raw string singular(true) - 0 utf8=none")

        file.edition = .edition2026
        set.file = [file]
        do {
            _ = try SchemaRegistry(fileDescriptorSet: set)
            Issue.record("edition 2026 was accepted")
        } catch {
            #expect(error.code == .unsupportedEdition)
            #expect(error.message == "ed.proto: edition 2026 is not supported; ProtoHTTP reads editions 2023 and 2024 "
                    + "(and proto2 and proto3); write `edition = \"2024\";` or an older edition")
        }
    }
}

/// Field-by-field comparison of schemas, through a canonical one-line rendering of each field.
enum SchemaComparison {
    /// `number name jsonName kind label packed oneof`, with referenced types by full name.
    static func render(_ f: FieldSchema) -> String {
        let kind: String
        switch f.kind {
        case .enumeration(let names, let isClosed): kind = "enum(\(names.enumName), \(isClosed ? "closed" : "open"))"
        case .message(let r): kind = "message(\(r.schema.fullName))"
        case .group(let r): kind = "group(\(r.schema.fullName))"
        default: kind = "\(f.kind)"
        }
        let label: String
        switch f.label {
        case .singular(let presence): label = "singular(\(presence))"
        case .required: label = "required"
        case .repeated: label = "repeated"
        }
        let extendee = f.extendee.map { " extends \($0)" } ?? ""
        let utf8 = f.validatesUTF8 ? "" : " utf8=none"
        return "\(f.number) \(f.name) \(f.jsonName) \(kind) \(label) \(f.isPacked ? "packed" : "-") \(f.oneofIndex.map(String.init) ?? "-")\(extendee)\(utf8)"
    }

    /// Every schema reachable from `roots` through message and group fields, by full name.
    static func reachable(_ roots: [MessageSchema]) -> [String: MessageSchema] {
        var out: [String: MessageSchema] = [:]
        var queue = roots
        while let schema = queue.popLast() {
            guard out[schema.fullName] == nil else { continue }
            out[schema.fullName] = schema
            queue += schema.fields.compactMap(\.messageSchema)
        }
        return out
    }

    /// Expects `built` and `generated` to describe the same message.
    static func expectEqual(_ built: MessageSchema, _ generated: MessageSchema,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let name = generated.fullName
        #expect(built.fullName == name, sourceLocation: sourceLocation)
        #expect(built.oneofNames == generated.oneofNames, "\(name) oneofs", sourceLocation: sourceLocation)
        #expect(built.isMapEntry == generated.isMapEntry, "\(name) map entry", sourceLocation: sourceLocation)
        #expect(built.extensionRanges == generated.extensionRanges, "\(name) extension ranges", sourceLocation: sourceLocation)
        #expect(built.fields.map(render) == generated.fields.map(render), "\(name) fields", sourceLocation: sourceLocation)
    }

    /// Expects every message of `registry` and the map entries they reach to equal the
    /// generated schema of the same name, and every generated one to be in the registry;
    /// returns how many were compared.
    @discardableResult
    static func expectEqual(_ registry: SchemaRegistry, _ generated: [String: MessageSchema],
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let built = reachable(registry.allMessages)
        for name in generated.keys.sorted() {
            #expect(built[name] != nil, "\(name) is generated but missing from the registry", sourceLocation: sourceLocation)
        }
        var compared = 0
        for (name, schema) in built.sorted(by: { $0.key < $1.key }) {
            guard let other = generated[name] else {
                Issue.record("\(name) is in the registry but no generated schema reaches it", sourceLocation: sourceLocation)
                continue
            }
            try expectEqual(schema, other, sourceLocation: sourceLocation)
            compared += 1
        }
        return compared
    }
}
