// EmbeddedConnection.swift: one connection through the server's real pipeline on NIOEmbedded's async testing channel.
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import ProtoHTTPTestSupport
@testable import ProtoHTTPServer
import Synchronization
import Testing
import HTTPTypes

/// A client connection with no socket: raw HTTP bytes go into ``ServerPipeline``'s handlers on
/// a `NIOAsyncTestingChannel`, and the bytes the server writes come back as parsed responses.
/// The services are notes.Notes and test.Faults, as in ``TestServer``.
final class EmbeddedConnection: Sendable {
    let channel: NIOAsyncTestingChannel
    let faults: FaultsService
    let requests: InFlightRequests
    /// Written by the server and not yet parsed into a response.
    private let unread = Mutex<[UInt8]>([])

    private init(channel: NIOAsyncTestingChannel, faults: FaultsService, requests: InFlightRequests) {
        self.channel = channel
        self.faults = faults
        self.requests = requests
    }

    /// A connected channel with the server's pipeline and a body limit of `maxRequestBodySize`;
    /// pipelined requests wait for `turns` (none: they are served back to back).
    static func open(maxRequestBodySize: Int = 1 << 20, turns: (any NextTurnScheduling)? = nil,
                     extraServices: [ServiceDefinition] = []) async throws -> EmbeddedConnection {
        var configuration = ServerConfiguration(maxRequestBodySize: maxRequestBodySize, accessLog: false)
        configuration.logger.logLevel = .critical
        let faults = FaultsService()
        let router = try Router(services: [NotesStore().definition, faults.definition] + extraServices, plainRoutes: [], twirpPrefix: "/twirp")
        let dispatcher = Dispatcher(router: router, logger: configuration.logger, maxRequestBodySize: maxRequestBodySize)
        let requests = InFlightRequests()
        let channel = try await NIOAsyncTestingChannel { [configuration] channel in
            try ServerPipeline.configure(channel.pipeline.syncOperations, configuration: configuration,
                                         dispatcher: dispatcher, requests: requests, accessLog: nil, turns: turns)
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).get()
        return EmbeddedConnection(channel: channel, faults: faults, requests: requests)
    }

    /// Runs `body` on a new connection (see ``open(maxRequestBodySize:)``), then closes it, also
    /// when `body` throws: a channel left open keeps its pipeline's reference cycle, which
    /// LeakSanitizer reports under `make sanitize`.
    static func with<T>(maxRequestBodySize: Int = 1 << 20, turns: (any NextTurnScheduling)? = nil, extraServices: [ServiceDefinition] = [],
                        _ body: (EmbeddedConnection) async throws -> T) async throws -> T {
        let connection = try await open(maxRequestBodySize: maxRequestBodySize, turns: turns, extraServices: extraServices)
        do {
            let result = try await body(connection)
            await connection.finish()
            return result
        } catch {
            await connection.finish()
            throw error
        }
    }

    /// Closes the channel and shuts its testing loop down, which runs what is pending and drops
    /// the scheduled tasks (idle timers) that would otherwise keep the pipeline alive.
    private func finish() async {
        try? await channel.close()
        await channel.testingEventLoop.shutdownGracefully()
    }

    /// Feeds `bytes` to the server as if they arrived in one read.
    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeInbound(ByteBuffer(bytes: bytes))
        await channel.testingEventLoop.run()
    }

    /// Feeds UTF-8 text.
    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// The next `count` responses the server writes, 1xx interim ones included, in order; fewer
    /// when `timeout` passes first.
    func responses(_ count: Int, timeout: Duration = hangGuard) async throws -> [RawResponse] {
        var parsed: [RawResponse] = []
        let deadline = ContinuousClock.now + timeout
        while parsed.count < count {
            await channel.testingEventLoop.run()
            while let data = try await channel.readOutbound(as: IOData.self) {
                if case .byteBuffer(let buffer) = data { unread.withLock { $0.append(contentsOf: buffer.readableBytesView) } }
            }
            while parsed.count < count, let response = unread.withLock({ Self.parseOne(&$0) }) {
                parsed.append(response)
            }
            if parsed.count == count || ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(2))  // the poll interval while responses are missing
        }
        return parsed
    }

    /// Whether the server has written bytes that are not yet read.
    func hasUnreadOutput() async throws -> Bool {
        await channel.testingEventLoop.run()
        while let data = try await channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = data { unread.withLock { $0.append(contentsOf: buffer.readableBytesView) } }
        }
        return unread.withLock { !$0.isEmpty }
    }

    /// What the server has written and is not yet read, as text (for a failure's message).
    func unreadOutput() async throws -> String {
        _ = try await hasUnreadOutput()
        return unread.withLock { String(decoding: $0, as: UTF8.self) }
    }

    /// Everything the server has written and is not yet read, taken (for HTTP/2 frames).
    func takeOutput() async throws -> [UInt8] {
        _ = try await hasUnreadOutput()
        return unread.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        }
    }

    /// Whether the channel is still open.
    var isActive: Bool { channel.isActive }

    /// Closes the connection from the client's side.
    func close() async throws {
        try await channel.close()
    }

    /// Removes one complete response from the front of `bytes`: a 1xx head alone, or a head
    /// and its `Content-Length` body; `nil` while incomplete.
    private static func parseOne(_ bytes: inout [UInt8]) -> RawResponse? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
              let headEnd = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(separator) }) else { return nil }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let headers = HTTPFields(lines.compactMap { line -> HTTPField? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPField(name: .named(String(line[..<colon])), value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        })
        let length = (100..<200).contains(status) ? 0 : headers.firstValue(.contentLength).flatMap { Int($0) } ?? 0
        let bodyStart = headEnd + 4
        guard bytes.count >= bodyStart + length else { return nil }
        let body = Array(bytes[bodyStart..<(bodyStart + length)])
        bytes.removeFirst(bodyStart + length)
        return RawResponse(status: status, headers: headers, body: body)
    }
}
