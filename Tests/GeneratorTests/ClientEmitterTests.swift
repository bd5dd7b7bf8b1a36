// ClientEmitterTests.swift: `Clients=true` emits a client protocol and class per service, unary methods only.

import Foundation
import Testing

@Suite("Generated service clients (Clients=true)")
struct ClientEmitterTests {
    static let protocMissing = Comment(rawValue: GoldenTests.protocMissing)
    let file = "Protos/generator/edge_cases.proto"

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func emitsProtocolAndClassAndSkipsStreaming() throws {
        let text = try PluginHarness.generate([file], includePath: ".", option: "Visibility=Public,Clients=true").values.first ?? ""
        #expect(text.contains("import ProtoWire\nimport ProtoHTTP\n"))
        #expect(text.contains("public protocol Protohttp_GenTest_EchoClientProtocol: Sendable {"))
        #expect(text.contains("public final class Protohttp_GenTest_EchoClient: Protohttp_GenTest_EchoClientProtocol, Sendable {"))
        #expect(text.contains("public init(manager: ProtoHTTPManager) { self.manager = manager }"))
        for method in ["say", "get", "put"] {
            #expect(text.contains("public func \(method)(_ request: "), "\(method), callback form")
            #expect(text.contains("json: Bool = false, options: CallOptions = CallOptions()) async throws(ProtoHTTPError) -> "), "\(method), async form")
        }
        #expect(text.contains("manager.post(Protohttp_GenTest_EchoMetadata.Say.path, request, as: Protohttp_GenTest_Names.self, json: json, options: options, completion: completion, success: success, failure: failure)"))
        #expect(text.contains("try await manager.post(Protohttp_GenTest_EchoMetadata.Get.path, request, as: Protohttp_GenTest_Pong.self, json: json, options: options)"))
        #expect(text.contains("/// Says it back."))
        // Once in the protocol, once in the class; no method emitted.
        #expect(text.components(separatedBy: "// Chat is streaming: not generated (unary only)").count == 3)
        #expect(!text.contains("func chat("))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func offByDefault() throws {
        for option in ["Visibility=Public", "Clients=false"] {
            let text = try PluginHarness.generate([file], includePath: ".", option: option).values.first ?? ""
            #expect(!text.contains("ProtoHTTP"), "\(option)")
            #expect(!text.contains("ClientProtocol"), "\(option)")
        }
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func methodNamesAreEscaped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-clients-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let proto = """
            syntax = "proto3";
            package esc;
            message M {}
            service Names {
              rpc Import(M) returns (M);
              rpc Init(M) returns (M);
              rpc Manager(M) returns (M);
              rpc GetURL(M) returns (M);
              rpc Watch(M) returns (stream M);
            }
            """
        try proto.write(to: directory.appendingPathComponent("esc.proto"), atomically: true, encoding: .utf8)
        let text = try PluginHarness.generate(["esc.proto"], includePath: directory.path, option: "Clients=true").values.first ?? ""
        for name in ["`import`", "init_p", "manager_p", "getURL"] {
            #expect(text.contains("func \(name)(_ request: Esc_M, json: Bool = false"), "\(name)")
        }
        #expect(text.contains("// Watch is streaming: not generated (unary only)"))
        #expect(!text.contains("func watch("))
    }

    @Test(.enabled(if: PluginHarness.protocPath != nil, protocMissing))
    func rejectsBadValue() throws {
        #expect(throws: (any Error).self) {
            try PluginHarness.generate([file], includePath: ".", option: "Clients=yes")
        }
    }
}
