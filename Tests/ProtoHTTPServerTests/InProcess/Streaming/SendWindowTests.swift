// SendWindowTests.swift: a streaming handler's sends: up to the window's limit on their way without waiting, then one wait; a failed write thrown by the next send.
import NIOCore
import NIOEmbedded
@testable import ProtoHTTPServer
import Testing

extension ServerTests {
    @Suite("Send window in process")
    struct SendWindowTests {
        struct WriteFailed: Error, Equatable {}

        @Test("sends within the limit return while their writes are pending; past it, a send waits for its own write")
        func limit() async throws {
            let loop = EmbeddedEventLoop()
            let window = SendWindow(limit: 2)
            let first = loop.makePromise(of: Void.self)
            let second = loop.makePromise(of: Void.self)
            try await window.send { first.futureResult }
            try await window.send { second.futureResult }
            // Both still pending: the third has no slot and waits for its write, which fails.
            await #expect(throws: WriteFailed.self, "the send past the limit waited for its own write") {
                try await window.send { loop.makeFailedFuture(WriteFailed()) }
            }
            // A slot given back: the next send returns at once again, its write still pending.
            first.succeed()
            let fourth = loop.makePromise(of: Void.self)
            try await window.send { fourth.futureResult }
            second.succeed()
            fourth.succeed()
        }

        @Test("a write that fails while no one waits for it is thrown by the next send, which writes nothing")
        func failureReachesTheNextSend() async throws {
            let loop = EmbeddedEventLoop()
            let window = SendWindow(limit: 4)
            let pending = loop.makePromise(of: Void.self)
            try await window.send { pending.futureResult }
            pending.fail(WriteFailed())
            var wrote = false
            await #expect(throws: WriteFailed.self) {
                try await window.send {
                    wrote = true
                    return loop.makeSucceededVoidFuture()
                }
            }
            #expect(!wrote, "nothing written after the failure")
        }
    }
}
