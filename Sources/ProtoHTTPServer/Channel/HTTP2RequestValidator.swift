// HTTP2RequestValidator.swift: the first handler of an HTTP/2 stream, which resets a stream whose request or trailer block is malformed.
#if HTTP2
import Logging
import NIOCore
import NIOHTTP2

/// Checks the header blocks a client sends on one stream against ``HTTP2HeaderBlockRules``:
/// the first is the request's, any later one its trailers. A malformed block is the stream's
/// error, not the connection's (RFC 9113 § 8.1.1): the stream is reset with PROTOCOL_ERROR,
/// nothing of it reaches the handlers behind, and the connection's other streams go on.
///
/// The server runs NIOHTTP2 with its own header-block validation off (see
/// ``HTTP2HeaderBlockRules``), so this handler must stand first in every stream's pipeline.
final class HTTP2RequestValidator: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias InboundOut = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    /// Where the stream is: waiting for its request's block, past it, or reset.
    private enum State {
        case awaitingRequest
        case awaitingTrailers
        case refused
    }

    private var state = State.awaitingRequest
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let payload = unwrapInboundIn(data)
        switch (state, payload) {
        case (.refused, _):
            return
        case (.awaitingRequest, .headers(let headers)):
            if let violation = HTTP2HeaderBlockRules.violation(ofRequest: headers.headers) { return refuse(violation, context: context) }
            state = .awaitingTrailers
        case (.awaitingTrailers, .headers(let headers)):
            if let violation = HTTP2HeaderBlockRules.violation(ofTrailers: headers.headers) { return refuse(violation, context: context) }
        default:
            break
        }
        context.fireChannelRead(data)
    }

    /// Resets the stream with PROTOCOL_ERROR and drops what else arrives on it.
    private func refuse(_ violation: HTTP2HeaderBlockRules.Violation, context: ChannelHandlerContext) {
        state = .refused
        logger.debug("resetting an HTTP/2 stream with a malformed header block: \(violation)",
                     metadata: ["remote": "\(context.channel.parent?.remoteAddress?.description ?? "-")"])
        context.writeAndFlush(wrapOutboundOut(.rstStream(.protocolError)), promise: nil)
    }
}
#endif
