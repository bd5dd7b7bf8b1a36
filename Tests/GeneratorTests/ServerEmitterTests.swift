// ServerEmitterTests.swift: `Servers=true` emits a handler protocol and its service definition per service, unary methods only.

import Foundation
import Testing

@Suite("Generated service handlers (Servers=true)")
struct ServerEmitterTests {
    static let protocMissing = Comment(rawValue: GoldenTests.protocMissing)
    let file = "Protos/generator/edge_cases.proto"

    /// Generates `proto` (one file, `esc.proto`) from a temporary directory with `option`.
    func generate(_ proto: String, option: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-servers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try proto.write(to: directory.appendingPathComponent("esc.proto"), atomically: true, encoding: .utf8)
        return try PluginHarness.generate(["esc.proto"], includePath: directory.path, option: option).values.first ?? ""
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func emitsProtocolAndDefinitionAndSkipsStreaming() throws {
        let text = try PluginHarness.generate([file], includePath: ".", option: "Visibility=Public,Servers=true").values.first ?? ""
        #expect(text.contains("import ProtoWire\nimport ProtoHTTPServer\n"))
        #expect(!text.contains("import ProtoHTTP\n"))
        #expect(text.contains("""
            /// The handler of the `protohttp.gen_test.Echo` service: implement its methods and pass the value to `ProtoHTTPServer`.
            public protocol Protohttp_GenTest_EchoHandler: ProtoHTTPService {
                /// Says it back.
                ///
                /// Answers the unary call `/protohttp.gen_test.Echo/Say`.
                func say(_ request: Protohttp_GenTest_Names, context: ServerContext) async throws -> Protohttp_GenTest_Names

            """))
        #expect(text.contains("    func get(_ request: Protohttp_GenTest_Ping, context: ServerContext) async throws -> Protohttp_GenTest_Pong\n"))
        #expect(text.contains("    func put(_ request: Protohttp_GenTest_Ping, context: ServerContext) async throws -> Protohttp_GenTest_Pong\n"))
        #expect(text.contains("""
            extension Protohttp_GenTest_EchoHandler {
                /// The `protohttp.gen_test.Echo` service's unary methods, each bound to this handler's method.
                public var serviceDefinition: ServiceDefinition {
                    ServiceDefinition(name: "protohttp.gen_test.Echo", methods: [
                        .unary(Protohttp_GenTest_EchoMetadata.Say.path, Protohttp_GenTest_Names.self, Protohttp_GenTest_Names.self) { try await self.say($0, context: $1) },
                        .unary(Protohttp_GenTest_EchoMetadata.Get.path, Protohttp_GenTest_Ping.self, Protohttp_GenTest_Pong.self) { try await self.get($0, context: $1) },
                        .unary(Protohttp_GenTest_EchoMetadata.Put.path, Protohttp_GenTest_Ping.self, Protohttp_GenTest_Pong.self) { try await self.put($0, context: $1) },
                    ])
                }
            }
            """))
        // Once, in the protocol; neither a requirement nor a definition for it.
        #expect(text.components(separatedBy: "    // Chat is streaming: not generated (unary only)\n}").count == 2)
        #expect(!text.contains("func chat("))
        #expect(!text.contains("EchoMetadata.Chat.path, "))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func clientsAndServersTogether() throws {
        let text = try PluginHarness.generate([file], includePath: ".", option: "Clients=true,Servers=true").values.first ?? ""
        #expect(text.contains("import ProtoWire\nimport ProtoHTTP\nimport ProtoHTTPServer\n"))
        let metadata = try #require(text.range(of: "enum Protohttp_GenTest_EchoMetadata {"))
        let client = try #require(text.range(of: "final class Protohttp_GenTest_EchoClient: "))
        let handler = try #require(text.range(of: "protocol Protohttp_GenTest_EchoHandler: ProtoHTTPService {"))
        #expect(metadata.lowerBound < client.lowerBound && client.lowerBound < handler.lowerBound)
        #expect(text.contains("extension Protohttp_GenTest_EchoHandler {"))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func offByDefault() throws {
        for option in ["Visibility=Public", "Servers=false", "Clients=true"] {
            let text = try PluginHarness.generate([file], includePath: ".", option: option).values.first ?? ""
            #expect(!text.contains("ProtoHTTPServer"), "\(option)")
            #expect(!text.contains("Handler"), "\(option)")
            #expect(!text.contains("serviceDefinition"), "\(option)")
        }
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func methodNamesAreEscaped() throws {
        let text = try generate("""
            syntax = "proto3";
            package esc;
            message M {}
            service Names {
              rpc Import(M) returns (M);
              rpc Init(M) returns (M);
              rpc ServiceDefinition(M) returns (M);
              rpc GetURL(M) returns (M);
              rpc Watch(M) returns (stream M);
            }
            """, option: "Servers=true")
        for (name, method) in [("`import`", "Import"), ("init_p", "Init"), ("serviceDefinition_p", "ServiceDefinition"), ("getURL", "GetURL")] {
            #expect(text.contains("    func \(name)(_ request: Esc_M, context: ServerContext) async throws -> Esc_M\n"), "\(name)")
            #expect(text.contains(".unary(Esc_NamesMetadata.\(method).path, Esc_M.self, Esc_M.self) { try await self.\(name)($0, context: $1) },"), "\(name)")
        }
        #expect(text.contains("    // Watch is streaming: not generated (unary only)\n"))
        #expect(!text.contains("func watch("))
        // The protocol's own member stays unescaped, once.
        #expect(text.components(separatedBy: "var serviceDefinition: ServiceDefinition {").count == 2)
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func internalVisibilityHasNoPublic() throws {
        let text = try PluginHarness.generate([file], includePath: ".", option: "Servers=true").values.first ?? ""
        #expect(text.contains("\nprotocol Protohttp_GenTest_EchoHandler: ProtoHTTPService {\n"))
        #expect(text.contains("\n    var serviceDefinition: ServiceDefinition {\n"))
        #expect(!text.contains("public "))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func streamingOnlyServiceHasAnEmptyDefinition() throws {
        let text = try generate("""
            syntax = "proto3";
            package esc;
            message M {}
            service Tail {
              rpc Follow(stream M) returns (stream M);
            }
            """, option: "Visibility=Public,Servers=true")
        #expect(text.contains("""
            public protocol Esc_TailHandler: ProtoHTTPService {
                // Follow is streaming: not generated (unary only)
            }

            extension Esc_TailHandler {
                /// The `esc.Tail` service's unary methods, each bound to this handler's method.
                public var serviceDefinition: ServiceDefinition {
                    ServiceDefinition(name: "esc.Tail", methods: [])
                }
            }
            """))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func rejectsBadValueClearly() throws {
        let error = #expect(throws: HarnessError.self) {
            try PluginHarness.generate([file], includePath: ".", option: "Servers=yes")
        }
        #expect(error?.message.contains("unknown Servers 'yes'; use Servers=true or Servers=false") == true, "\(String(describing: error))")
        let unknown = #expect(throws: HarnessError.self) {
            try PluginHarness.generate([file], includePath: ".", option: "Server=true")
        }
        #expect(unknown?.message.contains("Clients=true|false, Servers=true|false and ModuleMappings=<path>") == true, "\(String(describing: unknown))")
    }
}
