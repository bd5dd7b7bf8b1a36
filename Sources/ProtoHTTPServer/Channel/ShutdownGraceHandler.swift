// ShutdownGraceHandler.swift: closes a connection still busy when shutdown's grace period ends.
import Logging
import NIOCore

/// The first handler of every connection. When shutdown begins, NIOExtras'
/// `ServerQuiescingHelper` sends `ChannelShouldQuiesceEvent` down the pipeline, and NIO's HTTP
/// pipelining handler acts on it: an idle connection closes at once, a busy one after its
/// response. This handler passes the event on and closes the connection itself once the grace
/// period has passed, so a call that does not finish cannot hold shutdown back. Closing
/// cancels the call's task (see ``RPCChannelHandler``).
final class ShutdownGraceHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private let gracePeriod: TimeAmount
    private let logger: Logger
    private var scheduledClose: Scheduled<Void>?

    init(gracePeriod: Duration, logger: Logger) {
        self.gracePeriod = TimeAmount(gracePeriod)
        self.logger = logger
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, scheduledClose == nil {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let logger = self.logger
            scheduledClose = context.eventLoop.scheduleTask(in: gracePeriod) {
                logger.warning("closing a connection still busy after the shutdown grace period")
                bound.value.close(promise: nil)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        scheduledClose?.cancel()
        scheduledClose = nil
        context.fireChannelInactive()
    }
}
