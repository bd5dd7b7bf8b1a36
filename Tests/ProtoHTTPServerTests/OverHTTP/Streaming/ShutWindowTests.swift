// ShutWindowTests.swift: a stream whose HTTP/2 send window the server keeps shut: the client's transport thread waits for it instead of spinning, and the stream goes on once the server reads.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("Streams: a shut send window")
    struct ShutWindowTests {
        /// What the client looked like at the start and the end of the server's hold.
        struct Probe: Sendable {
            var turns: Int
            var sent: Int
        }

        /// The probes the server's handler took, in order, and what they read: the messages
        /// the client has sent and its transport.
        final class Probes: Sendable {
            private let taken = Mutex<[Probe]>([])
            let sent = Atomic(0)
            let transport = Mutex<HTTPTransport?>(nil)
            func take() {
                let probe = Probe(turns: transport.withLock { $0?.engineLoopTurns ?? 0 }, sent: sent.load(ordering: .relaxed))
                taken.withLock { $0.append(probe) }
            }
            var all: [Probe] { taken.withLock { $0 } }
        }

        /// `test.Hold/Sink` (bidirectional): once the first request is in, reads nothing more for
        /// `hold`, probing the client then and at the hold's end; then counts the requests and
        /// answers the count.
        static func sink(hold: Duration, probes: Probes) -> ServiceDefinition {
            ServiceDefinition(name: "test.Hold", methods: [
                .bidirectionalStreaming("/test.Hold/Sink", Google_Protobuf_BytesValue.self, Google_Protobuf_StringValue.self) { requests, response, _ in
                    var iterator = requests.makeAsyncIterator()
                    guard try await iterator.next() != nil else { return }
                    probes.take()
                    // A deliberate delay of the test server: the window stays shut this long.
                    try await Task.sleep(for: hold)
                    probes.take()
                    var count = 1
                    while try await iterator.next() != nil { count += 1 }
                    try await response.send(Google_Protobuf_StringValue("read \(count)"))
                },
            ])
        }

        enum Sink: RPCMethod {
            typealias Input = Google_Protobuf_BytesValue
            typealias Output = Google_Protobuf_StringValue
            static let name = "Sink", path = "/test.Hold/Sink"
            static let idempotencyLevel = IdempotencyLevel.unknown
            static let isClientStreaming = true, isServerStreaming = true
        }

        /// libcurl 7.88 polls a connection for writing while a stream on it has bytes and no
        /// window; without ``SendSpinGuard`` the transport thread made some 400,000 turns a second
        /// here. The server's hold is a measurement over a state that lasts throughout (it reads
        /// nothing, so the 4 MiB cannot all go), not a wait for an event: spinning, even at a
        /// tenth of a core, makes tens of thousands of turns in it; waiting, at most one a
        /// millisecond, plus those that moved the first bytes.
        @Test("while the server reads nothing, the client's transport thread waits for the window instead of spinning; then every message arrives")
        func waitsForTheWindow() async throws {
            let probes = Probes()
            try await withServer(extraServices: [Self.sink(hold: .milliseconds(300), probes: probes)]) { server in
                probes.transport.withLock { $0 = server.transport }
                let manager = try server.manager(GRPCProtocol(), timeout: .seconds(120))
                let sink = manager.bidirectionalStream(Sink.self)
                let message = Google_Protobuf_BytesValue(Data(repeating: 7, count: 64 << 10))
                let total = 64  // 4 MiB: more than the window, the server's buffer and the client's queue hold
                let sender = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        for _ in 0..<total {
                            try await sink.send(message)
                            probes.sent.add(1, ordering: .relaxed)
                        }
                        sink.finishSending()
                    }
                }
                var answers: [String] = []
                for try await answer in sink.responses { answers.append(answer.value) }
                try await sender.value.get()
                #expect(answers == ["read \(total)"])

                let seen = probes.all
                try #require(seen.count == 2)
                #expect(seen[1].sent < total, "the sender was held back by the shut window: \(seen)")
                let turns = seen[1].turns - seen[0].turns
                #expect(turns < 3_000, "the transport thread made \(turns) turns in the server's 300 ms hold")
            }
        }
    }
}
