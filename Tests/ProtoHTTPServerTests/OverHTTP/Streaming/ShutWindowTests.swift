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
        /// Opens once, for every waiter before and after.
        final class Gate: Sendable {
            private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
            func wait() async {
                await withCheckedContinuation { continuation in
                    let open = state.withLock { state -> Bool in
                        if !state.open { state.waiters.append(continuation) }
                        return state.open
                    }
                    if open { continuation.resume() }
                }
            }
            func open() {
                let waiters = state.withLock { state in
                    state.open = true
                    defer { state.waiters = [] }
                    return state.waiters
                }
                for waiter in waiters { waiter.resume() }
            }
        }

        /// `test.Hold/Sink` (bidirectional): reads nothing until the gate opens, then counts the
        /// requests and answers the count.
        static func sink(_ gate: Gate, started: Gate) -> ServiceDefinition {
            ServiceDefinition(name: "test.Hold", methods: [
                .bidirectionalStreaming("/test.Hold/Sink", Google_Protobuf_BytesValue.self, Google_Protobuf_StringValue.self) { requests, response, _ in
                    started.open()
                    await gate.wait()
                    var count = 0
                    for try await _ in requests { count += 1 }
                    var answer = Google_Protobuf_StringValue()
                    answer.value = "read \(count)"
                    try await response.send(answer)
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
        /// here. The window below is a measurement over a state that holds throughout (the server
        /// reads nothing until the gate opens), not a wait for an event: spinning, even at a tenth
        /// of a core, makes tens of thousands of turns in it; waiting, at most one a millisecond.
        @Test("while the server reads nothing, the client's transport thread waits for the window instead of spinning; then every message arrives")
        func waitsForTheWindow() async throws {
            let gate = Gate()
            let started = Gate()
            try await withServer(extraServices: [Self.sink(gate, started: started)]) { server in
                let manager = try server.manager(GRPCProtocol(), timeout: .seconds(120))
                let sink = manager.bidirectionalStream(Sink.self)
                var message = Google_Protobuf_BytesValue()
                message.value = Data(repeating: 7, count: 64 << 10)
                let total = 64  // 4 MiB: more than the window, the server's buffer and the client's queue hold
                let sent = Atomic(0)
                let sender = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        for _ in 0..<total {
                            try await sink.send(message)
                            sent.add(1, ordering: .relaxed)
                        }
                        sink.finishSending()
                    }
                }
                await started.wait()
                #expect(await waitUntil { sent.load(ordering: .relaxed) >= 4 }, "the first messages go out")

                let turnsBefore = server.transport.engineLoopTurns
                try await Task.sleep(for: .milliseconds(300))
                let turns = server.transport.engineLoopTurns - turnsBefore
                #expect(sent.load(ordering: .relaxed) < total, "the sender is held back by the shut window")
                #expect(turns < 3_000, "the transport thread made \(turns) turns in 300 ms with the window shut")

                gate.open()
                var answers: [String] = []
                for try await answer in sink.responses { answers.append(answer.value) }
                try await sender.value.get()
                #expect(answers == ["read \(total)"])
            }
        }
    }
}
