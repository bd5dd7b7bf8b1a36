// LoopTurns.swift: NextTurnScheduling on real event loops: a pipe per loop that turns readable when work waits.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOPosix

/// One pipe per event loop of the server's group, registered with its loop like a connection.
/// Putting work off writes a byte into the loop's pipe (once, however much work waits); the
/// loop sees the pipe readable at its next wait for I/O, together with every connection that is
/// ready, and runs the work as it handles the pipe. Closing the pipes runs what still waits.
struct LoopTurns: NextTurnScheduling {
    private let turns: [ObjectIdentifier: NIOLoopBound<TurnHandler>]
    private let channels: [any Channel]

    /// Opens a pipe on every loop of `group`.
    static func open(on group: MultiThreadedEventLoopGroup) async throws -> LoopTurns {
        var turns: [ObjectIdentifier: NIOLoopBound<TurnHandler>] = [:]
        var channels: [any Channel] = []
        do {
            for loop in group.makeIterator() {
                let (channel, handler) = try await openPipe(on: loop)
                channels.append(channel)
                turns[ObjectIdentifier(loop)] = handler
            }
        } catch {
            for channel in channels { try? await channel.close() }
            throw error
        }
        return LoopTurns(turns: turns, channels: channels)
    }

    private static func openPipe(on loop: any EventLoop) async throws -> (any Channel, NIOLoopBound<TurnHandler>) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw IOError(errnoCode: errno, reason: "pipe") }
        let channel: any Channel
        do {
            channel = try await NIOPipeBootstrap(group: loop)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(TurnHandler()) }
                }
                .takingOwnershipOfDescriptors(input: ends[0], output: ends[1]).get()
        } catch {
            closeDescriptor(ends[0])
            closeDescriptor(ends[1])
            throw error
        }
        let handler = try await channel.eventLoop.submit {
            NIOLoopBound(try channel.pipeline.syncOperations.handler(type: TurnHandler.self), eventLoop: channel.eventLoop)
        }.get()
        return (channel, handler)
    }

    func afterIO(on eventLoop: any EventLoop, _ work: @escaping () -> Void) {
        guard let turn = turns[ObjectIdentifier(eventLoop)] else {
            eventLoop.assumeIsolated().execute(work)  // not one of the server's loops (never the case): at least later
            return
        }
        turn.value.afterIO(work)
    }

    /// Closes the pipes; work still waiting runs as each closes.
    func close() async {
        for channel in channels { try? await channel.close() }
    }
}

/// The handler on a loop's pipe: holds the work put off and runs it when the pipe is readable.
private final class TurnHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var waiting: [() -> Void] = []
    /// Whether a byte is on its way through the pipe.
    private var armed = false
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        runWaiting()
    }

    func afterIO(_ work: @escaping () -> Void) {
        guard let context else {
            work()  // the pipe is closed: the server is stopping, and nothing is left to be fair to
            return
        }
        waiting.append(work)
        guard !armed else { return }
        armed = true
        var byte = context.channel.allocator.buffer(capacity: 1)
        byte.writeInteger(UInt8(1))
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(byte)).whenFailure { _ in bound.value.runWaiting() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        runWaiting()
    }

    private func runWaiting() {
        armed = false
        let work = waiting
        waiting.removeAll(keepingCapacity: true)
        for item in work { item() }
    }
}

/// `close(2)`, out of reach of ``LoopTurns/close()``'s name.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
