// EncodedUnaryTests.swift: unaryEncoded, calls with already-encoded bodies, against the Python connectrpc and twirp peers; the encoded serializers' content types.
import Testing
import ProtoWire
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Already-encoded unary calls (unaryEncoded) against real Python peers", .serialized)
struct EncodedUnaryTests {
    typealias Ping = Protohttp_Rpctest_PingServiceMetadata.Ping
    typealias Lookup = Protohttp_Rpctest_PingServiceMetadata.Lookup

    private func manager(_ peer: PeerServer, _ wireProtocol: any WireProtocol) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.wireProtocol = wireProtocol
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    private func body(_ text: String, _ encoding: BodyEncoding) throws -> EncodedMessage {
        var request = Ping.Input()
        request.text = text
        request.number = 1
        return EncodedMessage(bytes: encoding == .binary ? request.serializedBytes() : try request.jsonUTF8Bytes(), encoding: encoding)
    }

    private func decode(_ message: EncodedMessage) throws -> Ping.Output {
        message.encoding == .binary ? try Ping.Output(serializedBytes: message.bytes) : try Ping.Output(jsonUTF8Bytes: message.bytes)
    }

    @Test("bytes in each encoding reach the peer with the protocol's Content-Type and come back in the same encoding; errors keep code, details and meta",
          arguments: ["connect", "twirp"])
    func peer(_ name: String) async throws {
        let peer = try await PeerServer.start(name)
        defer { peer.stop() }
        let manager = try manager(peer, name == "connect" ? ConnectProtocol() : TwirpProtocol())
        for encoding in [BodyEncoding.binary, .json] {
            let reply = try await manager.unaryEncoded(Ping.descriptor, try body("hello", encoding))
            #expect(reply.output.encoding == encoding)
            #expect(try decode(reply.output).text == "hello" && (try decode(reply.output).number) == 2, "\(encoding)")
            let contentType = try #require(reply.metadata.contentType)
            #expect(MediaType(contentType).kind == (encoding == .binary ? .protobuf : .json), "\(contentType)")
        }
        let failing = try body("fail:not_found", .binary)
        let failed = await Result { () async throws(ProtoHTTPError) in
            try await manager.unaryEncoded(Ping.descriptor, failing)
        }
        let error = try #require(failed.error)
        #expect(error.code == .notFound && error.message == "asked to fail" && error.httpStatus == 404)
        if name == "connect" {
            #expect(error.details.first?.unpack(Ping.Output.self)?.text == "detail")
        } else {
            #expect(error.meta == ["reason": "asked"])
        }
        await expectNoLeaks(manager.transport)
    }

    @Test("Connect GET applies to an encoded call of a NO_SIDE_EFFECTS method, in both encodings")
    func connectGet() async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer, ConnectProtocol(httpGet: true))
        for encoding in [BodyEncoding.binary, .json] {
            let reply = try await manager.unaryEncoded(Lookup.descriptor, try body("find", encoding))
            #expect(try decode(reply.output).text == "find via GET", "\(encoding)")
        }
        await expectNoLeaks(manager.transport)
    }

    @Test("the response serializer names a Content-Type it cannot read, and a missing one")
    func responseContentTypes() throws {
        let serializer = EncodedMessageResponseSerializer()
        #expect(try serializer.serialize([1], metadata: ResponseMetadata(status: 200, headers: [.contentType: "application/proto"])).encoding == .binary)
        #expect(try serializer.serialize([1], metadata: ResponseMetadata(status: 200, headers: [.contentType: "application/json; charset=utf-8"])).encoding == .json)
        #expect {
            try serializer.serialize([1], metadata: ResponseMetadata(status: 200, headers: [.contentType: "text/html"]))
        } throws: { ($0 as? ProtoHTTPError)?.message.contains(#"unexpected response Content-Type "text/html""#) == true }
        #expect {
            try serializer.serialize([1], metadata: ResponseMetadata(status: 200, headers: [:]))
        } throws: { ($0 as? ProtoHTTPError)?.message.contains("no Content-Type") == true }
        let request = EncodedMessageRequestSerializer()
        let twirp = TwirpProtocol().serializationContext
        #expect(try request.serialize(EncodedMessage(bytes: [8, 1], encoding: .binary), context: twirp) == SerializedBody(bytes: [8, 1], contentType: "application/protobuf"))
        #expect(try request.serialize(EncodedMessage(bytes: Array("{}".utf8), encoding: .json), context: twirp).contentType == "application/json")
    }
}
