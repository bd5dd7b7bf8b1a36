// BufferedTailTests.swift: the last bytes of a burst, held inside libcurl, reach the stream without waiting for the engine's poll limit.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoWire
import Testing

/// libcurl 7.88's HTTP/2 layer can keep the end of a burst to itself: response bytes it has
/// read off the socket beyond the 16 KiB it hands over per call, or the last request bytes
/// it took and has not written. No socket event brings them out, so before the fix they
/// waited for the engine's poll to time out (one second; a bidi echo of 100,000 stalled so
/// in one run of four). Here the poll's limit is a minute, longer than each call's deadline,
/// so such a wait fails the call instead of slowing it. Not under ``ServerTests``'s serialized
/// root: it measures no time and shares nothing, so it runs beside the other suites.
@Suite("Streams: the end of a burst")
struct BufferedTailTests {
    /// Opened by the client once it has every message of a burst; the handler waits for it,
    /// so the stream stays open and only the client's transport can finish the delivery.
    final class Gate: Sendable {
        let opened: AsyncStream<Void>
        private let opener: AsyncStream<Void>.Continuation
        init() { (opened, opener) = AsyncStream.makeStream() }
        func open() { opener.yield() }
    }

    /// `test.Tail/Burst`: as many 16-byte messages as asked for, at once, then waits at the
    /// gate before it ends the stream. `test.Tail/Echo`: each message back as it comes.
    static func tail(gate: Gate) -> ServiceDefinition {
        ServiceDefinition(name: "test.Tail", methods: [
            .serverStreaming("/test.Tail/Burst", Google_Protobuf_Int32Value.self, Google_Protobuf_BytesValue.self) { request, response, _ in
                for index in 0..<Int(request.value) {
                    try await response.send(Google_Protobuf_BytesValue(Data(repeating: UInt8(truncatingIfNeeded: index), count: 16)))
                }
                for await _ in gate.opened { return }
            },
            .bidirectionalStreaming("/test.Tail/Echo", Google_Protobuf_BytesValue.self, Google_Protobuf_BytesValue.self) { requests, response, _ in
                for try await message in requests { try await response.send(message) }
            },
        ])
    }

    enum Burst: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_BytesValue
        static let name = "Burst", path = "/test.Tail/Burst"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum Echo: RPCMethod {
        typealias Input = Google_Protobuf_BytesValue
        typealias Output = Google_Protobuf_BytesValue
        static let name = "Echo", path = "/test.Tail/Echo"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = true
    }

    /// Each call's deadline: far below the poll's limit, far above what a round takes (tens of ms).
    static let options = CallOptions(timeout: .seconds(10))

    /// A manager over gRPC (h2c) on a transport whose idle poll waits a minute.
    static func manager(_ server: TestServer) throws -> (ProtoHTTPManager, HTTPTransport) {
        let transport = try TestServer.transport { $0.idlePollLimit = .seconds(60) }
        var configuration = ManagerConfiguration(baseURL: server.baseURL)
        configuration.wireProtocol = GRPCProtocol()
        return (try ProtoHTTPManager(configuration: configuration, transport: transport), transport)
    }

    @Test("bursts of a server stream arrive whole while the stream stays open, round after round")
    func serverStreamBursts() async throws {
        let gate = Gate()
        try await withServer(extraServices: [Self.tail(gate: gate)]) { server in
            let (manager, transport) = try Self.manager(server)
            defer { transport.shutdown() }
            for round in 0..<40 {
                let count = 760 + 31 * round  // 17 to 43 KiB framed, over the 16 KiB libcurl hands over: the split varies
                var received = 0
                for try await message in manager.serverStream(Burst.self, Google_Protobuf_Int32Value(Int32(count)), options: Self.options) {
                    #expect(message.value.first == UInt8(truncatingIfNeeded: received))
                    received += 1
                    if received == count { gate.open() }
                }
                #expect(received == count, "round \(round)")
            }
        }
    }

    @Test("every echo of a bidi stream arrives, the last ones too, round after round")
    func bidiEchoes() async throws {
        try await withServer(extraServices: [Self.tail(gate: Gate())]) { server in
            let (manager, transport) = try Self.manager(server)
            defer { transport.shutdown() }
            for round in 0..<8 {
                let count = 2_000 + 331 * round
                let echo = manager.bidirectionalStream(Echo.self, options: Self.options)
                let sender = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        for index in 0..<count {
                            try await echo.send(Google_Protobuf_BytesValue(Data(repeating: UInt8(truncatingIfNeeded: index), count: 16)))
                        }
                        echo.finishSending()
                    }
                }
                var received = 0
                for try await message in echo.responses {
                    #expect(message.value.first == UInt8(truncatingIfNeeded: received))
                    received += 1
                }
                try await sender.value.get()
                #expect(received == count, "round \(round)")
            }
        }
    }
}
