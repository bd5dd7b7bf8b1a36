// HTTP2CalmGate.swift: hands NIOHTTP2 a connection's bytes a few KiB at a time, cut after each RST_STREAM, and none once the connection is calmed.
#if HTTP2
import NIOCore

/// Sits before `NIOHTTP2Handler` and passes each read on in slices of at most ``sliceSize``
/// bytes, each RST_STREAM frame ending one (``HTTP2FrameBoundaries``), stopping as soon as ``HTTP2DrainHandler`` has sent GOAWAY(ENHANCE_YOUR_CALM) to a client
/// that resets its streams before sending their requests, or NIOHTTP2 has ended the
/// connection with a connection error (its own rapid-reset count, a CONTINUATION flood).
///
/// One read from a rapid-reset client holds hundreds of HEADERS and RST_STREAM frames. The
/// calm comes after the 20th early reset, about 2 KiB in, but NIOHTTP2 goes on through the
/// whole buffer it was handed: it decodes every later header block, refuses every stream it
/// opens with RST_STREAM(REFUSED_STREAM) and raises an error for each, and the connection pays
/// for a burst it has already refused (up to ~500 streams per 64 KiB read). Cut after each
/// reset, nothing that follows the reset that calmed the connection reaches NIOHTTP2; the
/// connection closes on the loop's next turn. (Cut only every 4 KiB, each rapid-reset
/// connection still cost the streams of the rest of its slice, about 20 more: `make attack`'s
/// server spent 0.62 of a core against one attacking core; cut after resets, 0.52.)
/// A well-behaved connection sees no difference: NIOHTTP2 keeps partial frames across reads,
/// so where a slice ends does not matter.
final class HTTP2CalmGate: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// How many bytes NIOHTTP2 gets at a time: small enough that little follows the calm,
    /// large enough that a request body costs few extra calls.
    static let sliceSize = 4096

    private let drain: HTTP2DrainHandler
    private var boundaries = HTTP2FrameBoundaries()

    /// A gate that closes once `drain` has calmed the connection.
    init(drain: HTTP2DrainHandler) {
        self.drain = drain
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !drain.refusesInput else { return }
        var buffer = unwrapInboundIn(data)
        while buffer.readableBytes > 0 {
            let length = boundaries.nextSliceLength(of: buffer, limit: Self.sliceSize)
            guard length < buffer.readableBytes, let slice = buffer.readSlice(length: length) else {
                context.fireChannelRead(wrapInboundOut(buffer))
                return
            }
            context.fireChannelRead(wrapInboundOut(slice))
            if drain.refusesInput { return }
        }
    }
}
#endif
