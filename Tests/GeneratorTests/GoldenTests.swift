// GoldenTests.swift: committed generator outputs must equal what the current generator writes.

import Foundation
import Testing

/// Regenerate-and-diff tests for every committed `.pb.swift`. On failure, run the script the
/// message names and review the diff.
@Suite("Generator golden files")
struct GoldenTests {
    static let protocMissing = "protoc is not installed; run scripts/install-deps (make test does)"

    @Test("Protos/test → Tests/ProtoWireTestSchema", .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func testSchemaIsFresh() async throws {
        try await expectFresh(protoDirectory: "Protos/test", committedDirectory: "Tests/ProtoWireTestSchema")
    }

    @Test("Protos/generator → Tests/GeneratorTestSchema", .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func generatorSchemaIsFresh() async throws {
        try await expectFresh(protoDirectory: "Protos/generator", committedDirectory: "Tests/GeneratorTestSchema")
    }

    @Test("rpc_test.proto → Tests/ProtoHTTPTests/Generated (client tests, with the client mock)", .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func clientTestSchemaIsFresh() async throws {
        let generated = try await PluginHarness.generate(
            ["rpc_test.proto"], includePath: "Tests/ProtoHTTPTests/PythonPeers/protos", option: "FileNaming=DropPath,Clients=true,Mocks=true")
        #expect(generated.keys.sorted() == ["rpc_test.client.pb.swift", "rpc_test.mock.pb.swift", "rpc_test.pb.swift"])
        try expectFresh(generated, committedDirectory: "Tests/ProtoHTTPTests/Generated", script: "scripts/regenerate-test-schema")
    }

    @Test("clashing_names.proto → Tests/GeneratorClashSchema (runtime-named types)", .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func clashSchemaIsFresh() async throws {
        let generated = try await PluginHarness.generate(
            ["clashing_names.proto"], includePath: "Protos/clash",
            option: "Visibility=Public,FileNaming=DropPath,Clients=true,Servers=true,Mocks=true")
        #expect(generated.keys.sorted() == ["clashing_names.client.pb.swift", "clashing_names.mock.pb.swift", "clashing_names.pb.swift", "clashing_names.server.pb.swift"])
        try expectFresh(generated, committedDirectory: "Tests/GeneratorClashSchema", script: "scripts/regenerate-test-schema")
    }

    @Test("notes.proto → Sources/ProtoHTTPDemoService/Generated and Sources/ProtoHTTPDemo/Generated (the demo), and its client mock in Tests/ProtoHTTPTests/Docs/Generated", .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func demoSchemaIsFresh() async throws {
        let service = try await PluginHarness.generate(
            ["notes.proto"], includePath: "Protos/demo", option: "Visibility=Public,FileNaming=DropPath,UseAccessLevelOnImports=true,Servers=true")
        #expect(service.keys.sorted() == ["notes.pb.swift", "notes.server.pb.swift"])
        try expectFresh(service, committedDirectory: "Sources/ProtoHTTPDemoService/Generated", script: "scripts/regenerate-demo")
        let client = try await PluginHarness.generate(
            ["notes.proto"], includePath: "Protos/demo",
            option: "Visibility=Public,FileNaming=DropPath,UseAccessLevelOnImports=true,Clients=true,Messages=false,ModuleMappings=Protos/demo/module-mappings.txt")
        #expect(client.keys.sorted() == ["notes.client.pb.swift"])
        #expect(client["notes.client.pb.swift"]?.contains("import ProtoHTTPDemoService\n") == true)
        try expectFresh(client, committedDirectory: "Sources/ProtoHTTPDemo/Generated", script: "scripts/regenerate-demo")
        let mock = try await PluginHarness.generate(
            ["notes.proto"], includePath: "Protos/demo",
            option: "FileNaming=DropPath,Mocks=true,Messages=false,ModuleMappings=Protos/demo/module-mappings.txt,ClientModule=ProtoHTTPDemo")
        #expect(mock.keys.sorted() == ["notes.mock.pb.swift"])
        #expect(mock["notes.mock.pb.swift"]?.contains("import ProtoHTTPDemo\nimport ProtoHTTPDemoService\n") == true)
        try expectFresh(mock, committedDirectory: "Tests/ProtoHTTPTests/Docs/Generated", script: "scripts/regenerate-demo")
    }

    @Test("status.proto → ProtoHTTPCore (internal), health.proto (public) and reflection.proto v1 and v1alpha (internal) → ProtoHTTPServer: gRPC's support messages",
          .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: protocMissing)))
    func grpcSupportIsFresh() async throws {
        let status = try await PluginHarness.generate(
            ["google/rpc/status.proto"], includePath: "Protos/grpc", option: "Visibility=Internal,FileNaming=DropPath,UseAccessLevelOnImports=true")
        #expect(status.keys.sorted() == ["status.pb.swift"])
        try expectFresh(status, committedDirectory: "Sources/ProtoHTTPCore/GRPC/Generated", script: "scripts/regenerate-grpc-protos")
        let health = try await PluginHarness.generate(
            ["grpc/health/v1/health.proto"], includePath: "Protos/grpc", option: "Visibility=Public,FileNaming=DropPath,UseAccessLevelOnImports=true")
        #expect(health.keys.sorted() == ["health.pb.swift"])
        try expectFresh(health, committedDirectory: "Sources/ProtoHTTPServer/Health/Generated", script: "scripts/regenerate-grpc-protos")
        let reflection = try await PluginHarness.generate(
            ["grpc/reflection/v1/reflection.proto", "grpc/reflection/v1alpha/reflection.proto", "protohttp/descriptor_names.proto"], includePath: "Protos/grpc",
            option: "Visibility=Internal,FileNaming=PathToUnderscores,UseAccessLevelOnImports=true")
        #expect(reflection.keys.sorted() == ["grpc_reflection_v1_reflection.pb.swift", "grpc_reflection_v1alpha_reflection.pb.swift",
                                             "protohttp_descriptor_names.pb.swift"])
        try expectFresh(reflection, committedDirectory: "Sources/ProtoHTTPServer/Reflection/Generated", script: "scripts/regenerate-grpc-protos")
        let cliReflection = try await PluginHarness.generate(
            ["grpc/reflection/v1/reflection.proto"], includePath: "Protos/grpc", option: "Visibility=Internal,FileNaming=DropPath")
        try expectFresh(cliReflection, committedDirectory: "Sources/ProtoHTTPCLI/Reflection/Generated", script: "scripts/regenerate-grpc-protos")
    }

    /// protobuf 36's descriptor.proto and plugin.proto (they know editions), compiled by its
    /// own protoc (`scripts/protoc-editions`).
    @Test("descriptor.proto, plugin.proto → Sources/ProtoDescriptors (bootstrap)")
    func descriptorsAreFresh() async throws {
        let generated = try await PluginHarness.generate(
            ["google/protobuf/descriptor.proto", "google/protobuf/compiler/plugin.proto"],
            includePath: try PluginHarness.editionsInclude(), option: "Visibility=Public,FileNaming=DropPath,UseAccessLevelOnImports=true",
            protoc: try PluginHarness.editionsProtoc.get())
        #expect(generated.keys.sorted() == ["descriptor.pb.swift", "plugin.pb.swift"])
        for (name, text) in generated {
            let committed = try PluginHarness.committed("Sources/ProtoDescriptors/" + name)
            let fresh = committed == text
            #expect(fresh, "Sources/ProtoDescriptors/\(name) is stale; run scripts/regenerate-descriptors. First difference: \(firstDifference(committed, text))")
        }
    }

    private func expectFresh(protoDirectory: String, committedDirectory: String) async throws {
        let protos = try PluginHarness.protos(in: protoDirectory)
        #expect(!protos.isEmpty)
        let generated = try await PluginHarness.generate(protos, includePath: ".", option: "Visibility=Public,FileNaming=DropPath")
        try expectFresh(generated, committedDirectory: committedDirectory, script: "scripts/regenerate-test-schema")
    }

    /// The `.pb.swift` files in `committedDirectory` are exactly `generated`, byte for byte.
    private func expectFresh(_ generated: [String: String], committedDirectory: String, script: String) throws {
        let committedNames = try FileManager.default
            .contentsOfDirectory(atPath: PluginHarness.packageRoot.appendingPathComponent(committedDirectory).path)
            .filter { $0.hasSuffix(".pb.swift") }.sorted()
        #expect(generated.keys.sorted() == committedNames, "\(committedDirectory) holds other files than the generator writes; run \(script)")
        for (name, text) in generated {
            let committed = (try? PluginHarness.committed(committedDirectory + "/" + name)) ?? ""
            let fresh = committed == text
            #expect(fresh, "\(committedDirectory)/\(name) is stale; run \(script). First difference: \(firstDifference(committed, text))")
        }
    }
}
