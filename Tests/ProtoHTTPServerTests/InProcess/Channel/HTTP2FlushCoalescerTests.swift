// HTTP2FlushCoalescerTests.swift: flushes between reads become one per loop turn; inside a read and before a close they go at once.
#if HTTP2
import NIOCore
import NIOEmbedded
@testable import ProtoHTTPServer
import Testing

extension ServerTests {
    @Suite("HTTP/2 flush coalescer")
    struct HTTP2FlushCoalescerTests {
        /// Counts the flushes that reach the socket end, and the order of flushes and closes.
        final class SocketEnd: ChannelOutboundHandler {
            typealias OutboundIn = IOData
            var events: [String] = []

            func flush(context: ChannelHandlerContext) {
                events.append("flush")
                context.flush()
            }

            func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
                events.append("close")
                context.close(mode: mode, promise: promise)
            }
        }

        /// A channel with the socket end, then the coalescer.
        static func channel() throws -> (EmbeddedChannel, SocketEnd) {
            let socket = SocketEnd()
            let channel = EmbeddedChannel()
            try channel.pipeline.syncOperations.addHandler(socket)
            try channel.pipeline.syncOperations.addHandler(HTTP2FlushCoalescer())
            return (channel, socket)
        }

        static func bytes(_ text: String) -> IOData { .byteBuffer(ByteBuffer(string: text)) }

        @Test("answers flushed between reads leave in one flush, once the loop has run the jobs queued before it")
        func betweenReadsOneFlush() throws {
            let (channel, socket) = try Self.channel()
            for answer in ["a", "b", "c"] {
                channel.writeAndFlush(Self.bytes(answer), promise: nil)
            }
            #expect(socket.events.isEmpty, "held until the loop's queued jobs have run")
            #expect(try channel.readOutbound(as: IOData.self) == nil)
            channel.embeddedEventLoop.run()
            #expect(socket.events == ["flush"])
            var written: [IOData] = []
            while let data = try channel.readOutbound(as: IOData.self) { written.append(data) }
            #expect(written == ["a", "b", "c"].map(Self.bytes))
            _ = try channel.finish()
        }

        @Test("inside a read a flush passes at once, as NIOHTTP2's end-of-read flush needs")
        func insideReadFlushesAtOnce() throws {
            let (channel, socket) = try Self.channel()
            final class AnswerOnRead: ChannelInboundHandler {
                typealias InboundIn = ByteBuffer
                func channelReadComplete(context: ChannelHandlerContext) {
                    context.writeAndFlush(NIOAny(IOData.byteBuffer(ByteBuffer(string: "answer"))), promise: nil)
                }
            }
            try channel.pipeline.syncOperations.addHandler(AnswerOnRead())
            try channel.writeInbound(ByteBuffer(string: "request"))
            #expect(socket.events == ["flush"], "no loop turn needed")
            #expect(try channel.readOutbound(as: IOData.self) == Self.bytes("answer"))
            _ = try channel.finish()
        }

        @Test("a close right after a held flush sends the held writes first (a GOAWAY before closing)")
        func closeFlushesFirst() throws {
            let (channel, socket) = try Self.channel()
            channel.writeAndFlush(Self.bytes("goaway"), promise: nil)
            #expect(socket.events.isEmpty)
            #expect(try channel.readOutbound(as: IOData.self) == nil)
            channel.close(promise: nil)
            #expect(socket.events == ["flush", "close"])
            #expect(try channel.readOutbound(as: IOData.self) == Self.bytes("goaway"))
            channel.embeddedEventLoop.run()  // the queued flush finds nothing left to do
            #expect(socket.events == ["flush", "close"])
        }
    }
}
#endif
