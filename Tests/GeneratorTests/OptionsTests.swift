// OptionsTests.swift: `--protohttp_opt` visibility, file naming, Messages=false, and deterministic output.

import Foundation
import Testing

@Suite("Generator options")
struct OptionsTests {
    static let protocMissing = Comment(rawValue: GoldenTests.protocMissing)
    let file = "Protos/generator/edge_cases.proto"

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func fileNamingModes() async throws {
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=FullPath").keys.sorted()
            == ["Protos/generator/edge_cases.pb.swift"])
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=PathToUnderscores").keys.sorted()
            == ["Protos_generator_edge_cases.pb.swift"])
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=DropPath").keys.sorted()
            == ["edge_cases.pb.swift"])
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func layerFilesFollowFileNaming() async throws {
        let layers = "Clients=true,Servers=true"
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=FullPath,\(layers)").keys.sorted()
            == ["Protos/generator/edge_cases.client.pb.swift", "Protos/generator/edge_cases.pb.swift", "Protos/generator/edge_cases.server.pb.swift"])
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=PathToUnderscores,\(layers)").keys.sorted()
            == ["Protos_generator_edge_cases.client.pb.swift", "Protos_generator_edge_cases.pb.swift", "Protos_generator_edge_cases.server.pb.swift"])
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=DropPath,\(layers)").keys.sorted()
            == ["edge_cases.client.pb.swift", "edge_cases.pb.swift", "edge_cases.server.pb.swift"])
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func messagesFalseWritesOnlyTheLayers() async throws {
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=DropPath,Messages=false,Clients=true").keys.sorted()
            == ["edge_cases.client.pb.swift"])
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=DropPath,Messages=false,Servers=true").keys.sorted()
            == ["edge_cases.server.pb.swift"])
        let explicit = try await PluginHarness.generate([file], includePath: ".", option: "Messages=true,Clients=true")
        #expect(explicit == (try await PluginHarness.generate([file], includePath: ".", option: "Clients=true")))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func messagesFalseAloneIsAClearError() async throws {
        for option in ["Messages=false", "Messages=false,Clients=false,Servers=false"] {
            let error = await #expect(throws: HarnessError.self) {
                try await PluginHarness.generate([file], includePath: ".", option: option)
            }
            #expect(error?.message.contains("Messages=false leaves nothing to generate") == true, "\(option): \(String(describing: error))")
            #expect(error?.message.contains("add Clients=true, Servers=true or Mocks=true") == true, "\(option)")
        }
        let bad = await #expect(throws: HarnessError.self) {
            try await PluginHarness.generate([file], includePath: ".", option: "Messages=no,Clients=true")
        }
        #expect(bad?.message.contains("unknown Messages 'no'; use Messages=true or Messages=false") == true, "\(String(describing: bad))")
        let badMocks = await #expect(throws: HarnessError.self) {
            try await PluginHarness.generate([file], includePath: ".", option: "Mocks=yes")
        }
        #expect(badMocks?.message.contains("unknown Mocks 'yes'; use Mocks=true or Mocks=false") == true, "\(String(describing: badMocks))")
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func mocksAreALayerOfTheirOwn() async throws {
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=DropPath,Clients=true,Mocks=true").keys.sorted()
            == ["edge_cases.client.pb.swift", "edge_cases.mock.pb.swift", "edge_cases.pb.swift"])
        // In a test target: only the mock, conforming to the client protocol of the messages' module.
        #expect(try await PluginHarness.generate([file], includePath: ".", option: "FileNaming=DropPath,Messages=false,Mocks=true").keys.sorted()
            == ["edge_cases.mock.pb.swift"])
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func servicesCannotBeCompiledIntoProtoWire() async throws {
        let error = await #expect(throws: HarnessError.self) {
            try await PluginHarness.generate(["Protos/generator/edge_cases.proto"], includePath: ".", option: "ImportProtoWire=false")
        }
        #expect(error?.message.contains("declares a service, but ImportProtoWire=false") == true, "\(String(describing: error))")
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func internalVisibilityDropsPublic() async throws {
        let text = try await PluginHarness.generate([file], includePath: ".", option: "Visibility=Internal").values.first ?? ""
        #expect(text.contains("struct Protohttp_GenTest_Ping: Sendable, Hashable {"))
        #expect(!text.contains("public "))
        let publicText = try await PluginHarness.generate([file], includePath: ".", option: "Visibility=Public").values.first ?? ""
        #expect(publicText.contains("public struct Protohttp_GenTest_Ping: Sendable, Hashable {"))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func outputIsDeterministicAndHeaded() async throws {
        let protos = try PluginHarness.protos(in: "Protos/test") + [file]
        let first = try await PluginHarness.generate(protos, includePath: ".", option: "FileNaming=DropPath")
        let second = try await PluginHarness.generate(protos.reversed(), includePath: ".", option: "FileNaming=DropPath")
        #expect(first == second)
        for (name, text) in first {
            #expect(text.hasPrefix("// DO NOT EDIT. Generated by protoc-gen-protohttp.\n// Source: Protos/"), "\(name)")
        }
    }
}
