// StreamPeerTests.swift: our streaming client against the real Python grpcio (all kinds) and sonora (server streams) servers.
import Testing
import ProtoHTTP
import ProtoHTTPCore
import ProtoWire

/// The peers' streaming methods, described by hand (they are generic handlers, not in rpc_test.proto).
enum PeerStreams {
    enum Watch: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "Watch"
        static let path = "/protohttp.rpctest.PingService/Watch"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false
        static let isServerStreaming = true
    }

    enum Collect: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "Collect"
        static let path = "/protohttp.rpctest.PingService/Collect"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true
        static let isServerStreaming = false
    }

    enum Chat: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "Chat"
        static let path = "/protohttp.rpctest.PingService/Chat"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true
        static let isServerStreaming = true
    }

    static func request(_ text: String, _ number: Int32) -> Protohttp_Rpctest_PingRequest {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = text
        request.number = number
        return request
    }
}

@Suite("Streams against real Python peers", .serialized)
struct StreamPeerTests {
    private func manager(_ peer: PeerServer, _ wireProtocol: any WireProtocol) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.wireProtocol = wireProtocol
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    @Test("grpcio over h2c: a server stream, an error after messages, a client stream, a bidi exchange turn by turn")
    func grpcio() async throws {
        let peer = try await PeerServer.start("grpc")
        defer { peer.stop() }
        let manager = try manager(peer, GRPCProtocol())

        var numbers: [Int32] = []
        let watch = manager.serverStream(PeerStreams.Watch.self, PeerStreams.request("w", 5))
        for try await reply in watch { numbers.append(reply.number) }
        #expect(numbers == [1, 2, 3, 4, 5])
        #expect(watch.metadata?.trailers[.grpcStatus] == "0")

        var before: [Int32] = []
        let failing = manager.serverStream(PeerStreams.Watch.self, PeerStreams.request("fail", 2))
        let failure = await Result { () async throws(ProtoHTTPError) in
            for try await reply in failing { before.append(reply.number) }
        }
        #expect(before == [1, 2])
        #expect(failure.error?.code == .notFound && failure.error?.message == "watch failed", "\(String(describing: failure.error))")

        let collect = manager.clientStream(PeerStreams.Collect.self)
        for (index, text) in ["a", "b", "c"].enumerated() { try await collect.send(PeerStreams.request(text, Int32(index + 1))) }
        let summary = try await collect.finish()
        #expect(summary.text == "a,b,c" && summary.number == 6)

        let chat = manager.bidirectionalStream(PeerStreams.Chat.self)
        var responses = chat.responses.makeAsyncIterator()
        for number in Int32(1)...3 {
            try await chat.send(PeerStreams.request("turn", number))
            #expect(try await responses.next()?.number == number + 1)  // answered before the next is sent
        }
        chat.finishSending()
        #expect(try await responses.next() == nil)
        #expect(chat.metadata?.trailers[.grpcStatus] == "0")
        await expectNoLeaks(manager.transport)
    }

    @Test("grpcio, with messages the caller encodes (encodedStream): a client stream of bytes answers one message, a bidi exchange echoes each")
    func grpcioEncoded() async throws {
        let peer = try await PeerServer.start("grpc")
        defer { peer.stop() }
        let manager = try manager(peer, GRPCProtocol())
        let collect = MethodDescriptor(path: PeerStreams.Collect.path, inputTypeName: "protohttp.rpctest.PingRequest",
                                       outputTypeName: "protohttp.rpctest.PingResponse", isClientStreaming: true)
        let upload = manager.encodedStream(collect)
        #expect(upload.encoding == .binary)
        for (index, text) in ["x", "y"].enumerated() { try await upload.send(PeerStreams.request(text, Int32(index + 10)).serializedBytes()) }
        upload.finishSending()
        var replies: [Protohttp_Rpctest_PingResponse] = []
        for try await bytes in upload.responses { replies.append(try Protohttp_Rpctest_PingResponse(serializedBytes: bytes)) }
        #expect(replies.map(\.text) == ["x,y"] && replies.map(\.number) == [21])
        #expect(upload.metadata?.trailers[.grpcStatus] == "0")

        let chat = manager.encodedStream(MethodDescriptor(path: PeerStreams.Chat.path, inputTypeName: "protohttp.rpctest.PingRequest",
                                                          outputTypeName: "protohttp.rpctest.PingResponse", isClientStreaming: true, isServerStreaming: true))
        var responses = chat.responses.makeAsyncIterator()
        try await chat.send(PeerStreams.request("turn", 7).serializedBytes())
        let first = try await responses.next()
        #expect(try first.map { try Protohttp_Rpctest_PingResponse(serializedBytes: $0).number } == 8)
        chat.finishSending()
        #expect(try await responses.next() == nil)
        await expectNoLeaks(manager.transport)
    }

    @Test("sonora over HTTP/1.1 (gRPC-Web): a server stream and its error; the trailer frame ends them")
    func sonora() async throws {
        let peer = try await PeerServer.start("grpcweb")
        defer { peer.stop() }
        let manager = try manager(peer, GRPCWebProtocol())
        var numbers: [Int32] = []
        for try await reply in manager.serverStream(PeerStreams.Watch.self, PeerStreams.request("w", 4)) { numbers.append(reply.number) }
        #expect(numbers == [1, 2, 3, 4])
        let failure = await Result { () async throws(ProtoHTTPError) in
            for try await _ in manager.serverStream(PeerStreams.Watch.self, PeerStreams.request("fail", 1)) {}
        }
        #expect(failure.error?.code == .notFound, "\(String(describing: failure.error))")
        await expectNoLeaks(manager.transport)
    }

    @Test("Twirp and plain HTTP have no streams: the call ends at once with unimplemented, naming what to use")
    func noStreamsOverTwirp() async throws {
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:9"), transport: makeTransport())
        for wireProtocol in [TwirpProtocol() as any WireProtocol, PlainProtocol()] {
            let failure = await Result { () async throws(ProtoHTTPError) in
                for try await _ in manager.serverStream(PeerStreams.Watch.self, PeerStreams.request("x", 1), options: CallOptions(wireProtocol: wireProtocol)) {}
            }
            #expect(failure.error?.code == .unimplemented, "\(String(describing: failure.error))")
            #expect(failure.error?.message.contains("has no streams; call it over Connect, gRPC or gRPC-Web") == true)
        }
    }
}

