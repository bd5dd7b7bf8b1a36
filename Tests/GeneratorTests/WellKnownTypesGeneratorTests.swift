// WellKnownTypesGeneratorTests.swift: the WKTs bundled in ProtoWire are fresh, and user files use them.

import Foundation
import GeneratorTestSchema
import ProtoWire
import Testing

@Suite("Well-known types in ProtoWire")
struct WellKnownTypesGeneratorTests {
    static let wellKnownFiles = ["any", "duration", "empty", "field_mask", "struct", "timestamp", "wrappers"]
        .map { "google/protobuf/\($0).proto" }

    static var wellKnownProtosAvailable: Bool {
        wellKnownFiles.allSatisfy { FileManager.default.fileExists(atPath: PluginHarness.protoInclude + "/" + $0) }
    }

    @Test("google/protobuf WKTs → Sources/ProtoWire/WellKnownTypes",
          .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: GoldenTests.protocMissing)),
          .enabled(if: wellKnownProtosAvailable, "google/protobuf/*.proto missing under /usr/include; install libprotobuf-dev"))
    func bundledTypesAreFresh() async throws {
        let generated = try await PluginHarness.generate(
            Self.wellKnownFiles, includePath: PluginHarness.protoInclude,
            option: "Visibility=Public,FileNaming=DropPath,ImportProtoWire=false,UseAccessLevelOnImports=true")
        let directory = "Sources/ProtoWire/WellKnownTypes"
        let committed = try FileManager.default
            .contentsOfDirectory(atPath: PluginHarness.packageRoot.appendingPathComponent(directory).path)
            .filter { $0.hasSuffix(".pb.swift") }.sorted()
        #expect(generated.keys.sorted() == committed, "run scripts/regenerate-well-known-types")
        for (name, text) in generated {
            #expect(!text.contains("import ProtoWire"), "\(name) is compiled into ProtoWire and must not import it")
            let old = try PluginHarness.committed(directory + "/" + name)
            let fresh = old == text
            #expect(fresh, "\(directory)/\(name) is stale; run scripts/regenerate-well-known-types. First difference: \(firstDifference(old, text))")
        }
    }

    @Test func userFileImportingWellKnownTypesOnlyImportsProtoWire() throws {
        let text = try PluginHarness.committed("Tests/GeneratorTestSchema/well_known_use.pb.swift")
        // The well-known types add nothing beyond ProtoWire; ProtoHTTPCore is for the Clock service's metadata.
        #expect(importLines(text) == ["import ProtoWire", "import ProtoHTTPCore"])
        #expect(text.contains("public var at: Google_Protobuf_Timestamp {"))
        #expect(text.contains("public var timings: [String: Google_Protobuf_Duration] = [String: Google_Protobuf_Duration]()"))
    }

    @Test func userMessageWithWellKnownTypesRoundTrips() throws {
        var event = Protohttp_GenTest_Event()
        event.at = Google_Protobuf_Timestamp(seconds: 1_700_000_000, nanos: 5)
        event.took = Google_Protobuf_Duration(timeInterval: 1.5)
        event.detail = Google_Protobuf_Any(message: Google_Protobuf_StringValue("inside"))
        event.attributes = ["user": "ada", "age": 36, "admin": false, "tags": ["a", nil]]
        event.extra = nil
        event.tags = ["x", 1.25]
        event.mask = Google_Protobuf_FieldMask(protoPaths: "at", "took")
        event.retries = 3
        event.note = "hello"
        event.history = [Google_Protobuf_Timestamp(seconds: 1), Google_Protobuf_Timestamp(seconds: 2)]
        event.timings = ["db": Google_Protobuf_Duration(seconds: 0, nanos: 250_000_000)]
        event.raw = Google_Protobuf_BytesValue(Data([1, 2, 3]))

        let back = try Protohttp_GenTest_Event(serializedBytes: event.serializedBytes())
        #expect(back == event)
        #expect(back.hasAt && back.at.nanos == 5 && back.took.nanos == 500_000_000)
        #expect(try back.detail.unpack(Google_Protobuf_StringValue.self).value == "inside")
        #expect(back.attributes["tags"]?.listValue.values.last == .null)
        #expect(back.extra.kind == .nullValue(.nullValue) && back.hasExtra)
        if case .raw(let raw)? = back.payload { #expect(raw.value == Data([1, 2, 3])) } else { Issue.record("oneof lost") }

        // Field 1 (at) is a nested Timestamp {seconds: 1}: tag 0x0A, length 2, then 08 01.
        var small = Protohttp_GenTest_Event()
        small.at = Google_Protobuf_Timestamp(seconds: 1)
        #expect(small.serializedBytes() == [0x0A, 0x02, 0x08, 0x01])
    }

    @Test func serviceMetadataUsesWellKnownTypes() {
        #expect(Protohttp_GenTest_ClockMetadata.Now.Input.self == Google_Protobuf_Empty.self)
        #expect(Protohttp_GenTest_ClockMetadata.Now.Output.self == Google_Protobuf_Timestamp.self)
        #expect(Protohttp_GenTest_ClockMetadata.Record.path == "/protohttp.gen_test.Clock/Record")
    }
}
