// PipelinedTurnsTests.swift: a pipelined request waits for its event loop's next turn, so other connections' ready I/O goes first.
import NIOCore
import NIOPosix
@testable import ProtoHTTPServer
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("Pipelined requests take turns")
    struct PipelinedTurnsTests {
        @Test("of three requests pipelined in one read, the first is served at once and each next one only after a turn of the loop")
        func oneRequestPerTurn() async throws {
            let turns = ManualTurns()
            try await EmbeddedConnection.with(turns: turns) { connection in
                let ping = RawConnection.request("/test.Faults/Ping", headers: ErrorFormatTests.connectBinary)
                try await connection.send(ping + ping + ping)
                #expect(try await connection.responses(1).first?.status == 200)
                #expect(connection.faults.pings == 1 && turns.waitingCount == 1, "the second waits for a turn")
                #expect(try await !connection.hasUnreadOutput())

                try await turns.runTurn(on: connection.channel.testingEventLoop)
                #expect(try await connection.responses(1).first?.status == 200)
                #expect(connection.faults.pings == 2 && turns.waitingCount == 1, "the third waits for the next turn")

                try await turns.runTurn(on: connection.channel.testingEventLoop)
                #expect(try await connection.responses(1).first?.status == 200)
                #expect(connection.faults.pings == 3 && turns.waitingCount == 0)
            }
        }

        @Test("requests that are not pipelined never wait for a turn")
        func sequentialRequestsDoNotWait() async throws {
            let turns = ManualTurns()
            try await EmbeddedConnection.with(turns: turns) { connection in
                let ping = RawConnection.request("/test.Faults/Ping", headers: ErrorFormatTests.connectBinary)
                for served in 1...3 {
                    try await connection.send(ping)
                    #expect(try await connection.responses(1).first?.status == 200)
                    #expect(connection.faults.pings == served)
                }
                #expect(turns.waitingCount == 0)
            }
        }

        @Test("LoopTurns runs work only after the loop has waited for I/O: after a chain of 1,000 tasks that each schedule the next, not beside it")
        func loopTurnsWaitForIO() async throws {
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let turns = try await LoopTurns.open(on: group)
            let loop = group.next()
            let chainEnded = loop.makePromise(of: Void.self)
            let turnCame = loop.makePromise(of: [Int].self)
            try await loop.submit {
                let order = NIOLoopBoundBox([Int](), eventLoop: loop)
                turns.afterIO(on: loop) {
                    order.value.append(-1)
                    turnCame.succeed(order.value)
                }
                // NIO runs tasks that tasks schedule before it looks for I/O again.
                @Sendable func link(_ n: Int) {
                    order.value.append(n)
                    if n == 1_000 {
                        chainEnded.succeed()
                    } else {
                        loop.execute { link(n + 1) }
                    }
                }
                link(1)
            }.get()
            try await chainEnded.futureResult.get()
            let order = try await turnCame.futureResult.get()
            #expect(order == Array(1...1_000) + [-1], "the turn ran after link \(order.firstIndex(of: -1) ?? -1)")

            // Work put off when the pipes are closed runs at once; closing runs what still waits.
            let ranAtClose = loop.makePromise(of: Void.self)
            try await loop.submit { turns.afterIO(on: loop) { ranAtClose.succeed() } }.get()
            await turns.close()
            try await ranAtClose.futureResult.get()
            try await group.shutdownGracefully()
        }
    }
}
