// RPCMethodConformanceTests.swift: generated service metadata used through ProtoHTTPCore's RPCMethod generics.

import GeneratorTestSchema
import ProtoDescriptors
import ProtoHTTPCore
import ProtoWire
import Testing

/// Compiles only if the generated per-method enums conform to `RPCMethod` with the right
/// associated types; the expectations check the values behind the conformance.
@Suite("Generated metadata conforms to RPCMethod")
struct RPCMethodConformanceTests {
    typealias Echo = Protohttp_GenTest_EchoMetadata

    func path<M: RPCMethod>(_: M.Type) -> String { M.path }
    func level<M: RPCMethod>(_: M.Type) -> IdempotencyLevel { M.idempotencyLevel }
    func inputName<M: RPCMethod>(_: M.Type) -> String { M.Input.protoMessageName }
    func echo<M: RPCMethod>(_: M.Type, _ input: M.Input) -> M.Input { input }

    @Test func pathsAndTypesThroughGenerics() {
        #expect(path(Echo.Say.self) == "/protohttp.gen_test.Echo/Say")
        #expect(path(Protohttp_GenTest_ClockMetadata.Now.self) == "/protohttp.gen_test.Clock/Now")
        #expect(inputName(Echo.Get.self) == "protohttp.gen_test.Ping")
        #expect(inputName(Protohttp_GenTest_ClockMetadata.Now.self) == "google.protobuf.Empty")
        let ping: Protohttp_GenTest_Ping = echo(Echo.Put.self, Protohttp_GenTest_Ping())
        #expect(ping == Protohttp_GenTest_Ping())
    }

    @Test("the metadata carries the service's file and its imports, once each, as protoc described them without comments")
    func fileDescriptorsForReflection() throws {
        let files = try Protohttp_GenTest_ClockMetadata.fileDescriptors.files.map { try Google_Protobuf_FileDescriptorProto(serializedBytes: $0) }
        let names = files.map(\.name)
        #expect(names.first == "Protos/generator/well_known_use.proto")  // as protoc knew it (scripts/regenerate-test-schema: -I .)
        #expect(Set(names).count == names.count)
        #expect(Set(names.dropFirst()) == Set(files[0].dependency), "\(names)")
        #expect(files[0].service.map(\.name) == ["Clock"])
        #expect(files.allSatisfy { !$0.hasSourceCodeInfo })
        // Each service of a file has the file first.
        #expect(Echo.fileDescriptors.files.first.map { try? Google_Protobuf_FileDescriptorProto(serializedBytes: $0).name } == "Protos/generator/edge_cases.proto")
    }

    @Test func idempotencyLevelsFromTheProtoOptions() {
        #expect(level(Echo.Say.self) == .unknown)
        #expect(level(Echo.Get.self) == .noSideEffects)
        #expect(level(Echo.Put.self) == .idempotent)
        #expect(level(Echo.Chat.self) == .unknown)
    }

    @Test func descriptorsCollectTheFacts() {
        let methods: [any RPCMethod.Type] = [Echo.Say.self, Echo.Get.self, Echo.Put.self, Echo.Chat.self]
        let descriptors = methods.map { $0.descriptor }
        #expect(descriptors.map(\.methodName) == ["Say", "Get", "Put", "Chat"])
        #expect(descriptors.allSatisfy { $0.serviceName == Echo.serviceName })
        #expect(descriptors.map(\.isClientStreaming) == [false, false, false, true])
        #expect(Echo.Get.descriptor == MethodDescriptor(path: "/protohttp.gen_test.Echo/Get", inputTypeName: "protohttp.gen_test.Ping",
                                                        outputTypeName: "protohttp.gen_test.Pong", idempotencyLevel: .noSideEffects))
        #expect(Echo.Chat.descriptor.description == "rpc /protohttp.gen_test.Echo/Chat(stream protohttp.gen_test.Ping) returns (stream protohttp.gen_test.Pong)")
        #expect(!Echo.Chat.isUnary && Echo.Say.isUnary)
    }
}
