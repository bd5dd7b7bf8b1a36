// FuzzedConnection.swift: one fuzzed connection: the real server pipeline on NIOAsyncTestingChannel, the input fed in, the output checked.
import FuzzNotes
import FuzzSupport
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
@testable import ProtoHTTPServer
import Synchronization

/// One connection's life: set up, fed the input, waited on until every request it started
/// has been answered, then closed by the client.
///
/// Properties: nothing traps; the server writes only well-formed HTTP/1.1 responses with a
/// `Content-Length`, nothing after a `Connection: close` one; over HTTP/1.1 every complete
/// request gets exactly one response unless the server closed the connection (then at most
/// one more, NIO's 400 for a request it could not parse); every request task ends, and once
/// the client closes the connection is closed.
enum FuzzedConnection {
    /// What the first input byte chooses.
    struct Setup {
        /// Whether HTTP/2 is on, so the server chooses the version from the first bytes. When
        /// off, the request-counting checks apply.
        var http2: Bool
        /// The size of each read the input arrives in (`Int.max`: one read).
        var readSize: Int

        init(_ byte: UInt8) {
            http2 = byte & 1 == 1
            readSize = [Int.max, 1, 3, 16, 64, 256, 1024, Int.max][Int(byte >> 1) & 7]
        }
    }

    /// The body limit: small, so the fuzzer reaches it.
    static let maxRequestBodySize = 1024

    static func run(_ setup: Setup, _ input: [UInt8]) async throws {
        var configuration = ServerConfiguration(maxRequestBodySize: maxRequestBodySize, accessLog: false)
        configuration.logger = Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }
        configuration.http2 = setup.http2
        let router = try Router(services: [NotesService().serviceDefinition],
                                plainRoutes: [PlainRoute("/api/notes/list", method: "/notes.Notes/ListNotes")],
                                twirpPrefix: "/twirp")
        let dispatcher = Dispatcher(router: router, logger: configuration.logger, maxRequestBodySize: maxRequestBodySize,
                                    responseCompression: configuration.responseCompression)
        let requests = InFlightRequests()
        let counts = RequestCounts()
        let channel = try await NIOAsyncTestingChannel { [configuration] channel in
            try ServerPipeline.configure(channel.pipeline.syncOperations, configuration: configuration,
                                         dispatcher: dispatcher, requests: requests, accessLog: nil)
            try channel.pipeline.syncOperations.addHandler(ClosedSocket(), position: .first)
            if !configuration.http2 {
                let rpc = try channel.pipeline.syncOperations.handler(type: RPCChannelHandler.self)
                try channel.pipeline.syncOperations.addHandler(RequestCounter(counts), position: .before(rpc))
            }
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).get()

        var output: [UInt8] = []
        var offset = 0
        while offset < input.count, channel.isActive {
            let end = input.count - offset <= setup.readSize ? input.count : offset + setup.readSize
            do {
                try await channel.writeInbound(ByteBuffer(bytes: input[offset..<end]))
            } catch {
                break  // the pipeline failed the read (and closes); the client stops sending
            }
            offset = end
            await channel.testingEventLoop.run()
            try await drain(channel, into: &output)
        }
        try await settle(channel, requests, into: &output)
        // Timers the server set (the close 2 s after a 413) run; nothing else is pending.
        await channel.testingEventLoop.advanceTime(by: .seconds(3))
        try await settle(channel, requests, into: &output)
        let closedByServer = !channel.isActive

        check(output: output, http2: setup.http2, counts: counts.value, closedByServer: closedByServer)

        if channel.isActive { try await channel.close() }
        try await settle(channel, requests, into: &output)
        fuzzCheck(!channel.isActive, "the connection is still open after the client closed it")
        fuzzCheck(requests.count == 0, "\(requests.count) request tasks outlived their connection")
        await channel.testingEventLoop.shutdownGracefully()
    }

    /// Runs the loop until every started request has answered and nothing new starts.
    private static func settle(_ channel: NIOAsyncTestingChannel, _ requests: InFlightRequests, into output: inout [UInt8]) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            await channel.testingEventLoop.run()
            try await drain(channel, into: &output)
            if requests.count == 0 {
                await channel.testingEventLoop.run()
                try await drain(channel, into: &output)
                if requests.count == 0 { return }
            }
            fuzzCheck(ContinuousClock.now < deadline, "a request was still unanswered 5 s after the input ended")
            try await Task.sleep(for: .milliseconds(1))  // the poll interval while answers are missing
        }
    }

    private static func drain(_ channel: NIOAsyncTestingChannel, into output: inout [UInt8]) async throws {
        while let data = try await channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(let buffer) = data else { fuzzFail("the server wrote a file region") }
            output.append(contentsOf: buffer.readableBytesView)
        }
    }

    private static func check(output: [UInt8], http2: Bool, counts: RequestCounts.Value, closedByServer: Bool) {
        /// What the server wrote, for the failure message.
        func written() -> String {
            "; the server wrote \(output.count) bytes: \(String(decoding: output.prefix(2000), as: UTF8.self).debugDescription)"
        }
        if http2 && !output.starts(with: Array("HTTP/1.".utf8)) { return }  // HTTP/2 frames, or nothing
        let responses: [ParsedResponse]
        switch ParsedResponse.parseAll(output) {
        case .success(let parsed): responses = parsed
        case .failure(let problem): fuzzFail("the server wrote malformed HTTP: \(problem.reason)" + written())
        }
        if let close = responses.firstIndex(where: \.closes) {
            let after = responses[(close + 1)...]
            fuzzCheck(after.isEmpty, "the server answered again after a Connection: close response" + written())
        }
        guard !http2 else { return }
        let finals = responses.filter { $0.status >= 200 }.count
        if closedByServer {
            fuzzCheck(finals <= counts.heads + 1, "\(finals) responses to \(counts.heads) requests on a connection the server closed" + written())
        } else {
            fuzzCheck(finals <= counts.heads, "\(finals) responses to \(counts.heads) requests" + written())
            fuzzCheck(finals >= counts.ends, "\(counts.ends) complete requests got only \(finals) responses, and the connection is open" + written())
        }
    }
}

/// Writes after the connection closed fail, as they do on a socket; `NIOAsyncTestingChannel`
/// would still record what handlers write while it closes (NIO's 400 for a request cut short).
final class ClosedSocket: ChannelOutboundHandler {
    typealias OutboundIn = NIOAny

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard context.channel.isActive else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(data, promise: promise)
    }
}

/// How many request heads and ends reached the RPC handler.
final class RequestCounts: Sendable {
    struct Value { var heads = 0, ends = 0 }
    private let state = Mutex(Value())
    var value: Value { state.withLock { $0 } }
    func count(_ part: HTTPServerRequestPart) {
        state.withLock {
            switch part {
            case .head: $0.heads += 1
            case .end: $0.ends += 1
            case .body: break
            }
        }
    }
}

/// Counts the request parts on their way to ``RPCChannelHandler``, passing them on unchanged.
final class RequestCounter: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    private let counts: RequestCounts

    init(_ counts: RequestCounts) { self.counts = counts }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        counts.count(unwrapInboundIn(data))
        context.fireChannelRead(data)
    }
}
