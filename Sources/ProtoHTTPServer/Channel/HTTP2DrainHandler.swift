// HTTP2DrainHandler.swift: ends an HTTP/2 connection gracefully (GOAWAY, open streams finish, close) at shutdown or when idle.
#if HTTP2
import NIOCore
import NIOHTTP2

/// Follows `NIOHTTP2Handler` on every HTTP/2 connection, counts its open streams (as the
/// handler's stream delegate, ``streamDelegate``) and ends the connection the way HTTP/2 asks:
///
/// ```
/// ChannelShouldQuiesceEvent (shutdown) ─┐
/// IdleStateEvent with no open stream ───┴─► GOAWAY(last stream ID seen, NO_ERROR)
/// a connection error (NIOHTTP2 sent GOAWAY with its code) ─► close
///        no stream open ─────────────────► close
///        streams open ───────────────────► they finish; the last one's end ─► GOAWAY again ─► close
/// ```
///
/// Streams the client opens after the GOAWAY are ignored by NIOHTTP2, as RFC 9113 asks; the
/// GOAWAY's last stream ID tells the client they were not processed, so it may retry them.
/// The repeated GOAWAY before closing is written after the last response's frames, so its
/// write completing means they all went out. A connection that
/// is idle in HTTP/2's sense (no stream open) is closed at once, also at shutdown: clients
/// keep such connections in a pool without reading them, so waiting for an acknowledgement
/// would hold shutdown for the whole grace period. ``ShutdownGraceHandler`` still closes a
/// connection whose streams outlast the grace period.
final class HTTP2DrainHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    private var openStreams = Set<HTTP2StreamID>()
    private var lastStreamID = HTTP2StreamID.rootStream
    private var draining = false
    private var context: ChannelHandlerContext?
    private let eventLoop: any EventLoop

    /// A handler for a connection on `eventLoop`.
    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// The delegate to give `NIOHTTP2Handler`, so this handler learns of each stream's start and end.
    var streamDelegate: StreamDelegate { StreamDelegate(handler: NIOLoopBound(self, eventLoop: eventLoop)) }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is ChannelShouldQuiesceEvent:
            drain(context: context)
        case is IdleStateHandler.IdleStateEvent where openStreams.isEmpty:
            drain(context: context)
        default:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// A connection error (NIOHTTP2 has already sent GOAWAY with its code: rapid resets,
    /// a CONTINUATION flood, an oversized header block, a protocol violation): the connection
    /// closes. NIOHTTP2 leaves closing to the pipeline, and an open connection would otherwise
    /// linger until the idle timeout. Stream errors go to their stream's channel, not here.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // On the next turn of the loop, not from inside NIOHTTP2's frame processing: closing
        // there left the streams it was still creating from the same read behind for good
        // (`make attack`'s rapid reset grew the heap ~45 MiB a second).
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.execute { bound.value.close(promise: nil) }
        context.fireErrorCaught(error)
    }

    private func drain(context: ChannelHandlerContext) {
        guard !draining else { return }
        draining = true
        if openStreams.isEmpty {
            goAwayAndClose(context: context)
        } else {
            context.writeAndFlush(wrapOutboundOut(goAway), promise: nil)
        }
    }

    private var goAway: HTTP2Frame {
        HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: nil))
    }

    private func goAwayAndClose(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(goAway)).whenComplete { _ in
            bound.value.close(promise: nil)
        }
    }

    fileprivate func streamCreated(_ id: HTTP2StreamID) {
        openStreams.insert(id)
        lastStreamID = max(lastStreamID, id)
    }

    fileprivate func streamClosed(_ id: HTTP2StreamID) {
        guard openStreams.remove(id) != nil, draining, openStreams.isEmpty, let context else { return }
        // The stream ends when its last frame is written, before that write is flushed: write
        // the closing GOAWAY on the next tick, behind it.
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            bound.value.handler.goAwayAndClose(context: bound.value.context)
        }
    }

    /// Tells the handler of stream starts and ends; NIOHTTP2 calls it on the connection's event loop.
    struct StreamDelegate: NIOHTTP2StreamDelegate {
        let handler: NIOLoopBound<HTTP2DrainHandler>

        func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
            handler.value.streamCreated(id)
        }

        func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
            handler.value.streamClosed(id)
        }
    }
}
#endif
