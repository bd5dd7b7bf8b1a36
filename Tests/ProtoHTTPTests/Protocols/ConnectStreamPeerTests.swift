// ConnectStreamPeerTests.swift: our streaming client over Connect's streaming protocol against the real Python connectrpc server.
import Testing
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

/// The Connect peer's streaming methods (protos/stream_test.proto's PingStreamService), described
/// by hand as ``PeerStreams`` describes the gRPC peers'.
enum ConnectPeerStreams {
    /// number = 1 ... request.number, each with request.text; "fail:<code>" then ends with that error.
    enum Watch: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "Watch"
        static let path = "/protohttp.rpctest.PingStreamService/Watch"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false
        static let isServerStreaming = true
    }

    /// The texts joined with ",", the numbers summed; a text "fail:<code>" fails it with that code.
    enum Collect: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "Collect"
        static let path = "/protohttp.rpctest.PingStreamService/Collect"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true
        static let isServerStreaming = false
    }

    /// Each request back as it is read, with number + 1.
    enum Chat: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "Chat"
        static let path = "/protohttp.rpctest.PingStreamService/Chat"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true
        static let isServerStreaming = true
    }

    /// A server-streaming method the peer does not serve.
    enum MissingWatch: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "Nope"
        static let path = "/protohttp.rpctest.PingStreamService/Nope"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false
        static let isServerStreaming = true
    }

    /// A client-streaming method the peer does not serve.
    enum MissingCollect: RPCMethod {
        typealias Input = Protohttp_Rpctest_PingRequest
        typealias Output = Protohttp_Rpctest_PingResponse
        static let name = "NopeCollect"
        static let path = "/protohttp.rpctest.PingStreamService/NopeCollect"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true
        static let isServerStreaming = false
    }
}

@Suite("Connect streams against the real Python connectrpc server", .serialized)
struct ConnectStreamPeerTests {
    private func manager(_ peer: PeerServer) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.wireProtocol = ConnectProtocol()
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    /// The calls' options: `encoding`, a bound on the whole stream, and gzip responses accepted
    /// (our client's default; connectrpc then compresses every envelope, the end-of-stream one
    /// included) or refused.
    private func options(_ encoding: BodyEncoding, acceptGzip: Bool = true) -> CallOptions {
        CallOptions(headers: acceptGzip ? [:] : [.connectAcceptEncoding: "identity"], timeout: .seconds(30), encoding: encoding)
    }

    /// The stream's Content-Type for `encoding`, as connectrpc answers it.
    private func contentType(_ encoding: BodyEncoding) -> String {
        encoding == .json ? "application/connect+json" : "application/connect+proto"
    }

    @Test("a server stream delivers every message in order, then the end-of-stream trailers; zero messages end well",
          arguments: [BodyEncoding.binary, .json])
    func serverStream(_ encoding: BodyEncoding) async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer)

        var replies: [Protohttp_Rpctest_PingResponse] = []
        let watch = manager.serverStream(ConnectPeerStreams.Watch.self, PeerStreams.request("w", 5), options: options(encoding, acceptGzip: false))
        for try await reply in watch { replies.append(reply) }
        #expect(replies.map(\.number) == [1, 2, 3, 4, 5])
        #expect(replies.map(\.text) == ["w", "w", "w", "w", "w"])
        let metadata = try #require(watch.metadata)
        #expect(metadata.status == 200)
        #expect(metadata.headers[.contentType] == contentType(encoding))
        #expect(metadata.headers[.connectContentEncoding] == "identity")
        #expect(metadata.trailers[.named("X-Watch-Count")] == "5")

        var none: [Protohttp_Rpctest_PingResponse] = []
        let empty = manager.serverStream(ConnectPeerStreams.Watch.self, PeerStreams.request("w", 0), options: options(encoding))
        for try await reply in empty { none.append(reply) }
        #expect(none.isEmpty)
        #expect(empty.metadata?.trailers[.named("X-Watch-Count")] == "0")
        await expectNoLeaks(manager.transport)
    }

    @Test("a client stream of 100 messages answers their texts joined and numbers summed; one of zero messages answers the empty message",
          arguments: [BodyEncoding.binary, .json])
    func clientStream(_ encoding: BodyEncoding) async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer)

        let collect = manager.clientStream(ConnectPeerStreams.Collect.self, options: options(encoding))
        for number in Int32(1)...100 { try await collect.send(PeerStreams.request("m\(number)", number)) }
        let summary = try await collect.finishWithMetadata()
        #expect(summary.output.number == 5050)
        #expect(summary.output.text == (1...100).map { "m\($0)" }.joined(separator: ","))
        #expect(summary.metadata.headers[.contentType] == contentType(encoding))

        let nothing = try await manager.clientStream(ConnectPeerStreams.Collect.self, options: options(encoding)).finish()
        #expect(nothing.text == "" && nothing.number == 0)
        await expectNoLeaks(manager.transport)
    }

    @Test("a bidi stream over HTTP/1.1 answers each request, in order, once the requests have ended; no requests, no answers",
          arguments: [BodyEncoding.binary, .json])
    func bidirectionalStream(_ encoding: BodyEncoding) async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer)

        let chat = manager.bidirectionalStream(ConnectPeerStreams.Chat.self, options: options(encoding))
        for (index, text) in ["a", "b", "c", "d"].enumerated() { try await chat.send(PeerStreams.request(text, Int32(index * 10))) }
        chat.finishSending()
        var replies: [Protohttp_Rpctest_PingResponse] = []
        for try await reply in chat.responses { replies.append(reply) }
        #expect(replies.map(\.text) == ["a", "b", "c", "d"])
        #expect(replies.map(\.number) == [1, 11, 21, 31])
        #expect(chat.metadata?.headers[.contentType] == contentType(encoding))

        let quiet = manager.bidirectionalStream(ConnectPeerStreams.Chat.self, options: options(encoding))
        quiet.finishSending()
        var unexpected: [Protohttp_Rpctest_PingResponse] = []
        for try await reply in quiet.responses { unexpected.append(reply) }
        #expect(unexpected.isEmpty)
        #expect(quiet.metadata?.status == 200)
        await expectNoLeaks(manager.transport)
    }

    /// More than the client promises over HTTP/1.1 (where a server may answer only once the
    /// requests have ended): libcurl reads the answer while the chunked upload is still open, and
    /// this server answers each message as it reads it.
    @Test("a bidi stream over HTTP/1.1 to this server goes turn by turn: each answer arrives before the next request is sent")
    func bidirectionalTurns() async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer)

        let chat = manager.bidirectionalStream(ConnectPeerStreams.Chat.self, options: options(.binary))
        var responses = chat.responses.makeAsyncIterator()
        for number in Int32(1)...3 {
            try await chat.send(PeerStreams.request("turn \(number)", number))
            let reply = try await responses.next()
            #expect(reply?.text == "turn \(number)" && reply?.number == number + 1)
        }
        chat.finishSending()
        #expect(try await responses.next() == nil)
        #expect(chat.metadata?.status == 200)
        await expectNoLeaks(manager.transport)
    }

    @Test("a handler error after messages: the messages come first, then the error with its code, message and detail",
          arguments: [BodyEncoding.binary, .json])
    func errorAfterMessages(_ encoding: BodyEncoding) async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer)

        var before: [Int32] = []
        let failing = manager.serverStream(ConnectPeerStreams.Watch.self, PeerStreams.request("fail:resource_exhausted", 3), options: options(encoding))
        let failure = await Result { () async throws(ProtoHTTPError) in
            for try await reply in failing { before.append(reply.number) }
        }
        #expect(before == [1, 2, 3])
        let error = try #require(failure.error)
        #expect(error.code == .resourceExhausted)
        #expect(error.message == "watch failed")
        #expect(error.details.count == 1)
        #expect(error.details.first?.unpack(Protohttp_Rpctest_PingResponse.self)?.text == "detail")
        #expect(failing.metadata == nil)

        let collect = manager.clientStream(ConnectPeerStreams.Collect.self, options: options(encoding))
        for text in ["a", "fail:permission_denied", "c"] { try await collect.send(PeerStreams.request(text, 1)) }
        let refused = await Result { () async throws(ProtoHTTPError) in try await collect.finish() }
        #expect(refused.error?.code == .permissionDenied, "\(String(describing: refused.error))")
        #expect(refused.error?.message == "collect failed")
        await expectNoLeaks(manager.transport)
    }

    @Test("a streaming method the server does not have: the 404 ends the call with unimplemented")
    func unknownMethod() async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer)

        let missing = await Result { () async throws(ProtoHTTPError) in
            for try await _ in manager.serverStream(ConnectPeerStreams.MissingWatch.self, PeerStreams.request("x", 2), options: options(.binary)) {}
        }
        #expect(missing.error?.code == .unimplemented, "\(String(describing: missing.error))")
        #expect(missing.error?.httpStatus == 404)

        let upload = manager.clientStream(ConnectPeerStreams.MissingCollect.self, options: options(.binary))
        try await upload.send(PeerStreams.request("x", 1))
        let refused = await Result { () async throws(ProtoHTTPError) in try await upload.finish() }
        #expect(refused.error?.code == .unimplemented, "\(String(describing: refused.error))")
        await expectNoLeaks(manager.transport)
    }

    @Test("gzip responses: connectrpc compresses each message and the end-of-stream message; all inflate and the stream ends well",
          arguments: [BodyEncoding.binary, .json])
    func gzipResponses(_ encoding: BodyEncoding) async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let manager = try manager(peer)

        var numbers: [Int32] = []
        let watch = manager.serverStream(ConnectPeerStreams.Watch.self, PeerStreams.request("zipped", 3), options: options(encoding))
        for try await reply in watch { numbers.append(reply.number) }
        #expect(watch.metadata?.headers[.connectContentEncoding] == "gzip")
        #expect(watch.metadata?.trailers[.named("X-Watch-Count")] == "3")
        #expect(numbers == [1, 2, 3])
        await expectNoLeaks(manager.transport)
    }
}
