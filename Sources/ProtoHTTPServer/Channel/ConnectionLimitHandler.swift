// ConnectionLimitHandler.swift: the listener's handler that stops accepting at ServerConfiguration.maxConnections and starts again when one closes.
import Logging
import NIOCore

/// On the listening channel, in front of NIO's accept handler: counts the connections it lets
/// through until each closes, and while ``ServerConfiguration/maxConnections`` are open it
/// holds the listener's `read()`, so the server accepts nothing more and new connections wait
/// in the kernel's backlog (or are refused by it when that is full). One that was accepted in
/// the same burst past the limit is closed at once. When a connection closes, accepting
/// resumes.
final class ConnectionLimitHandler: ChannelDuplexHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never

    private let limit: Int
    private let logger: Logger
    private var open = 0
    private var readHeld = false

    init(limit: Int, logger: Logger) {
        self.limit = max(1, limit)
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let accepted = unwrapInboundIn(data)
        guard open < limit else {
            logger.debug("refusing a connection: \(limit) are open (ServerConfiguration.maxConnections)")
            accepted.close(promise: nil)
            return
        }
        open += 1
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let loop = context.eventLoop
        accepted.closeFuture.whenComplete { _ in
            loop.execute { bound.value.handler.closed(context: bound.value.context) }
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        if open < limit {
            context.read()
        } else {
            readHeld = true
        }
    }

    private func closed(context: ChannelHandlerContext) {
        open -= 1
        if readHeld, open < limit {
            readHeld = false
            context.read()
        }
    }
}
