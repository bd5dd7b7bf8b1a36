// HTTP2FlushCoalescer.swift: one socket write for the answers an HTTP/2 connection's loop produces between reads.
#if HTTP2
import NIOCore

/// Sits at the socket end of an HTTP/2 connection's pipeline and gathers the flushes that come
/// between reads into one.
///
/// Inside a read NIOHTTP2 already holds every stream's frames back until the read is complete
/// and flushes them together. Answers that come later, from request tasks the loop runs as
/// jobs (a handler that suspended, a stream's handler, one run as a child task under its
/// deadline), each flushed on their own: a client with 64 calls in flight got 64 `writev`s
/// where one would do.
///
/// ```
/// flush inside a read (channelRead ... channelReadComplete)  → passed on at once
/// first flush between reads                                 → one flush queued on the loop,
///                                                             behind the jobs already queued
/// later flushes before it runs                              → nothing more to do
/// close                                                     → a queued flush goes first
/// ```
///
/// The wait is for the jobs the loop already had, not for time or I/O: a lone answer goes out
/// within the same turn of the loop.
final class HTTP2FlushCoalescer: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// Between a read's first `channelRead` and the end of its `channelReadComplete`.
    private var reading = false
    /// A flush is queued on the loop.
    private var flushQueued = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reading = true
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.fireChannelReadComplete()  // NIOHTTP2 flushes the read's answers from in here
        reading = false
    }

    func flush(context: ChannelHandlerContext) {
        if reading {
            context.flush()
            return
        }
        guard !flushQueued else { return }
        flushQueued = true
        context.eventLoop.assumeIsolated().execute {
            self.flushQueuedWrites(context: context)
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        flushQueuedWrites(context: context)  // a GOAWAY written just before the close goes out
        context.close(mode: mode, promise: promise)
    }

    private func flushQueuedWrites(context: ChannelHandlerContext) {
        guard flushQueued else { return }
        flushQueued = false
        context.flush()
    }
}
#endif
