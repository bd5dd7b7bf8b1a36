// EditionDefaultsTests.swift: ProtoFeatures' defaults table against the FeatureSetDefaults protoc 36 compiles.

import Foundation
import ProtoDescriptors
import ProtoWire
import Testing

/// protoc builds each edition's feature defaults from `descriptor.proto`'s feature definitions
/// (`--edition_defaults_out`); the table ProtoHTTP resolves features from must match it for the
/// legacy syntaxes and every edition it supports.
@Suite("Edition defaults")
struct EditionDefaultsTests {
    @Test("ProtoFeatures' defaults for proto2, proto3, 2023 and 2024 are protoc's FeatureSetDefaults")
    func defaultsMatchProtoc() async throws {
        let protoc = try PluginHarness.editionsProtoc.get()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-defaults-\(UUID().uuidString).pb")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try await PluginHarness.run(protoc, [
            "--edition_defaults_out=\(out.path)", "--edition_defaults_minimum=PROTO2", "--edition_defaults_maximum=2024",
            "-I", try PluginHarness.editionsInclude(), "google/protobuf/descriptor.proto",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let defaults = try Google_Protobuf_FeatureSetDefaults(serializedBytes: try Data(contentsOf: out))
        #expect(defaults.minimumEdition == .proto2 && defaults.maximumEdition == .edition2024)
        for edition in [Google_Protobuf_Edition.proto2, .proto3, .edition2023, .edition2024] {
            // The entry that applies is the last one at or before the edition (entries are in edition order).
            let entry = try #require(defaults.defaults.last { $0.edition.rawValue <= edition.rawValue })
            var set = entry.fixedFeatures
            set.merge(entry.overridableFeatures)
            let fromProtoc = ProtoFeatures.proto3.merging(set)
            #expect(ProtoFeatures.proto2.merging(set) == fromProtoc, "protoc's \(edition) defaults leave a feature unset")
            #expect(ProtoFeatures.defaults(for: edition) == fromProtoc, "\(edition)")
        }
        #expect(ProtoFeatures.defaults(for: .edition2026) == nil && ProtoFeatures.defaults(for: .unstable) == nil)
    }
}

private extension Google_Protobuf_FeatureSet {
    /// The features `other` sets, replacing these.
    mutating func merge(_ other: Google_Protobuf_FeatureSet) {
        if other.hasFieldPresence { fieldPresence = other.fieldPresence }
        if other.hasEnumType { enumType = other.enumType }
        if other.hasRepeatedFieldEncoding { repeatedFieldEncoding = other.repeatedFieldEncoding }
        if other.hasUtf8Validation { utf8Validation = other.utf8Validation }
        if other.hasMessageEncoding { messageEncoding = other.messageEncoding }
        if other.hasJsonFormat { jsonFormat = other.jsonFormat }
    }
}
