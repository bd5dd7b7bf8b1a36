// RequestAfterCloseGuard.swift: drops what an HTTP/1.x client sends after a request that ends its connection.

import NIOCore
import NIOHTTP1

/// Sits between NIO's HTTP/1 request decoder and its pipelining handler and ignores everything
/// that arrives after a complete request that ends the connection (`Connection: close`, or
/// HTTP/1.0 without keep-alive): further request parts, and the decoder's error for the bytes
/// that follow such a request. RFC 9112 §9.6: a server must not process requests after one with
/// `close`. Without this guard, NIO's protocol error handler answered those bytes with a second
/// response, `400 Bad Request`, after the one the client asked for (found by the
/// `server-request` fuzz target). The connection closes once the answer is written
/// (``RPCChannelHandler``).
final class RequestAfterCloseGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// Whether the request being received keeps the connection open.
    private var keepAlive = true
    /// A request that ends the connection has arrived in full: drop the rest.
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head): keepAlive = head.isKeepAlive
        case .body: break
        case .end: closing = !keepAlive
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The decoder's complaint about bytes after the last request: nobody asked for an answer.
        if closing, error is HTTPParserError { return }
        context.fireErrorCaught(error)
    }
}
