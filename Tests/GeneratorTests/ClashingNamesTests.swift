// ClashingNamesTests.swift: package-less types named like runtime types compile, encode, and serve.

import Foundation
import GeneratorClashSchema
import ProtoHTTP
import ProtoHTTPServer
import ProtoWire
import Testing

/// A handler of the generated `ClashHandler`. In this file both the runtime's and the schema's
/// `ServerContext` are visible, so it names the runtime's through `ProtoHTTPServer.Context`,
/// as generated code does.
private struct ClashService: ClashHandler {
    func read(_ request: GeneratorClashSchema.WireReader, context: ProtoHTTPServer.Context) async throws -> GeneratorClashSchema.JSONReader {
        var reply = GeneratorClashSchema.JSONReader()
        reply.depth = Int32(request.readers.count)
        return reply
    }

    func call(_ request: GeneratorClashSchema.CallOptions, context: ProtoHTTPServer.Context) async throws -> GeneratorClashSchema.RPCMethod {
        var reply = GeneratorClashSchema.RPCMethod()
        reply.name = request.note
        return reply
    }

    func serve(_ request: ProtoHTTPServerMessage, context: ProtoHTTPServer.Context) async throws -> GeneratorClashSchema.ServerContext {
        GeneratorClashSchema.ServerContext()
    }

    func handle(_ request: GeneratorClashSchema.CallHandle, context: ProtoHTTPServer.Context) async throws -> GeneratorClashSchema.ProtoHTTPError {
        GeneratorClashSchema.ProtoHTTPError()
    }
}

@Suite("Types named like runtime types (Protos/clash)")
struct ClashingNamesTests {
    @Test func messagesKeepTheirNamesAndRoundTrip() throws {
        var reader = GeneratorClashSchema.WireReader()
        reader.data = Data([1, 2, 3])
        reader.readers = [GeneratorClashSchema.JSONReader()]
        reader.readers[0].options.note = "n"
        reader.kind = .one
        var child = GeneratorClashSchema.WireReader()
        child.text = "leaf"
        reader.children["c"] = child
        reader.writer.reader.data = Data([9])

        let binary = try GeneratorClashSchema.WireReader(serializedBytes: reader.serializedBytes())
        #expect(binary == reader)
        let json = try GeneratorClashSchema.WireReader(jsonString: reader.jsonString())
        #expect(json == reader)
        #expect(GeneratorClashSchema.WireReader.protoMessageName == "WireReader")
    }

    @Test func onlyModuleNamesAreRenamed() {
        // `ProtoHTTPServer` is a module name: the message type gets the `Message` suffix.
        #expect(ProtoHTTPServerMessage.protoMessageName == "ProtoHTTPServer")
        var method = GeneratorClashSchema.RPCMethod()
        method.server.host = "h"
        #expect(method.hasServer)
        #expect(GeneratorClashSchema.ProtoEnum(rawValue: 1) == .one)
    }

    @Test func metadataClientAndHandlerUseTheRuntime() {
        #expect(ClashMetadata.serviceName == "Clash")
        #expect(ClashMetadata.Read.path == "/Clash/Read")
        #expect(ClashMetadata.Call.Input.self == GeneratorClashSchema.CallOptions.self)
        let client: any ClashClientProtocol.Type = ClashClient.self
        #expect(String(describing: client) == "ClashClient")
        let definition = ClashService().serviceDefinition
        #expect(definition.name == "Clash")
        #expect(definition.methods.map(\.path) == ["/Clash/Read", "/Clash/Call", "/Clash/Serve", "/Clash/Handle"])
    }
}
