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
/// many streams reset before their request arrived ─► GOAWAY(ENHANCE_YOUR_CALM) ─► close
/// ```
///
/// It also ends connections that open streams only to reset them (the "rapid reset" attack,
/// CVE-2023-44487): each such stream costs a child channel, its handlers, the request head and,
/// when the whole request came, a handler started, before the reset arrives. NIOHTTP2's own
/// count of RST_STREAM frames cannot tell those from resets of streams already answered (libcurl
/// before 8.0 sends one after every call), so the server raises it out of the way and counts here
/// only the resets that cost it work: before the request had all arrived, or while its handler
/// ran. A real client resets few of its streams, so once ``earlyResetLimit`` streams of a
/// connection were reset that way, and they are more than half the streams it opened, the connection gets GOAWAY with ENHANCE_YOUR_CALM: streams it
/// opens after it are ignored by NIOHTTP2 (no channel, no handler), and the connection closes
/// on the loop's next turn. (`make attack`'s h2-rapid-reset: good_rps_ratio 0.14-0.26 before,
/// 0.41-0.55 with it.) ``HTTP2CalmGate`` then keeps the rest of the burst from NIOHTTP2: it
/// would otherwise decode and refuse every stream the same read still holds.
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
    /// Streams the client opened, and those it reset before their request had all arrived.
    private var streamsOpened = 0
    private var earlyResetCount = 0
    /// Whether the connection got GOAWAY(ENHANCE_YOUR_CALM) for its early resets.
    private var calmed = false
    /// Whether NIOHTTP2 ended the connection with a connection error (it sent GOAWAY).
    private var failed = false
    /// Whether the connection is closing for its client's behaviour (our calm or NIOHTTP2's
    /// connection error): ``HTTP2CalmGate`` then passes no more of its bytes to NIOHTTP2.
    var refusesInput: Bool { calmed || failed }

    /// How many streams reset before their request arrived (and more than half of all streams
    /// opened) end a connection.
    static let earlyResetLimit = 20
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
    /// linger until the idle timeout. A stream error arrives here only for a stream that has no
    /// channel (one opened after the GOAWAY once no stream is left): NIOHTTP2 has refused that
    /// stream, and the connection is closing already; a rapid-reset client sends hundreds of
    /// them in one read, so they schedule nothing.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is NIOHTTP2Errors.StreamError {
            context.fireErrorCaught(error)
            return
        }
        failed = true
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

    /// A stream's client reset it before its request had all arrived (see the type's notes).
    func streamResetBeforeRequestEnded() {
        earlyResetCount += 1
        guard !calmed, earlyResetCount >= Self.earlyResetLimit, earlyResetCount * 2 > streamsOpened, let context else { return }
        calmed = true
        draining = true
        // Written at once, from inside NIOHTTP2's processing of the read that carried the resets,
        // so the streams later frames of that read would open are already ignored; the close
        // waits for the next turn (see errorCaught).
        let calm = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .enhanceYourCalm, opaqueData: nil))
        context.writeAndFlush(wrapOutboundOut(calm), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.execute { bound.value.close(promise: nil) }
    }

    fileprivate func streamCreated(_ id: HTTP2StreamID) {
        streamsOpened += 1
        openStreams.insert(id)
        lastStreamID = max(lastStreamID, id)
    }

    fileprivate func streamClosed(_ id: HTTP2StreamID) {
        guard openStreams.remove(id) != nil, draining, !calmed, openStreams.isEmpty, let context else { return }
        // The stream ends when its last frame is written, before that write is flushed: write
        // the closing GOAWAY on the next tick, behind it.
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            bound.value.handler.goAwayAndClose(context: bound.value.context)
        }
    }

    /// What a stream's ``RPCChannelHandler`` tells its connection when an error ends the stream
    /// before it was answered (its request still arriving, or its handler running): a reset by
    /// the client counts toward ``earlyResetLimit``.
    ///
    /// A class: every stream of the connection keeps one reference to it (a struct holding the
    /// loop-bound handler is too large for an existential's inline buffer, so each stream's copy
    /// was a heap box of its own).
    final class EarlyResets: AbandonedRequestObserver, Sendable {
        let handler: NIOLoopBound<HTTP2DrainHandler>

        init(handler: NIOLoopBound<HTTP2DrainHandler>) {
            self.handler = handler
        }

        func requestAbandoned(by error: any Error) {
            guard error is NIOHTTP2Errors.StreamClosed else { return }
            handler.value.streamResetBeforeRequestEnded()
        }
    }

    /// The observer to give each of this connection's streams.
    var earlyResets: EarlyResets { EarlyResets(handler: NIOLoopBound(self, eventLoop: eventLoop)) }

    /// Tells the handler of stream starts and ends; NIOHTTP2 calls it on the connection's event
    /// loop. A class, so the reference NIOHTTP2 keeps and copies fits an existential inline.
    final class StreamDelegate: NIOHTTP2StreamDelegate, Sendable {
        let handler: NIOLoopBound<HTTP2DrainHandler>

        init(handler: NIOLoopBound<HTTP2DrainHandler>) {
            self.handler = handler
        }

        func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
            handler.value.streamCreated(id)
        }

        func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
            handler.value.streamClosed(id)
        }
    }
}
#endif
