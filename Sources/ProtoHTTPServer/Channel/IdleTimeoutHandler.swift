// IdleTimeoutHandler.swift: reports a connection that has read nothing for the idle timeout, on the event loop's clock.
import NIOCore

/// Fires `IdleStateHandler.IdleStateEvent.read` down the pipeline when the connection has read
/// nothing for `timeout`, and again each further `timeout` of silence, as NIO's
/// `IdleStateHandler(readTimeout:)` does; the handlers behind act on it (an idle HTTP/1.1
/// connection closes, an idle HTTP/2 connection gets GOAWAY).
///
/// Unlike NIO's handler it reads the time from the channel's event loop (`EventLoop.now`), so a
/// test on NIO's testing event loop reaches the timeout by advancing the loop's clock.
final class IdleTimeoutHandler: ChannelDuplexHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny

    private let timeout: TimeAmount
    private var lastRead: NIODeadline?
    /// Between a read and the end of that read burst: never idle then.
    private var reading = false
    private var scheduled: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reading = true
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        reading = false
        lastRead = context.eventLoop.now
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func start(context: ChannelHandlerContext) {
        guard scheduled == nil else { return }
        lastRead = context.eventLoop.now
        schedule(context: context, at: context.eventLoop.now + timeout)
    }

    private func stop() {
        scheduled?.cancel()
        scheduled = nil
    }

    private func schedule(context: ChannelHandlerContext, at deadline: NIODeadline) {
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        scheduled = context.eventLoop.scheduleTask(deadline: deadline) {
            bound.value.handler.check(context: bound.value.context)
        }
    }

    private func check(context: ChannelHandlerContext) {
        guard context.channel.isActive, let lastRead else { return }
        let now = context.eventLoop.now
        if reading {
            schedule(context: context, at: now + timeout)
        } else if now - lastRead >= timeout {
            schedule(context: context, at: now + timeout)
            context.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        } else {
            schedule(context: context, at: lastRead + timeout)
        }
    }
}
