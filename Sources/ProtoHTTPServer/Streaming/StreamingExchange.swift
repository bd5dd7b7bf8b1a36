// StreamingExchange.swift: one streaming call on its channel: frames in with back-pressure, messages out at the pace the client reads.
import NIOCore
import NIOHTTP1
import ProtoHTTPCore

/// The channel's side of a streaming call, on the channel's event loop only (its owner,
/// ``RPCChannelHandler``, calls it from there):
///
/// ```
/// body chunks ─► FrameReader ─► StreamFraming.payload ─► RequestPayloads (source) ─► handler
///                                   (reads pause past the high watermark, resume when the handler takes more)
/// handler ─► ResponseSink ─► send(): head once, then each message framed into the turn's
///                                   pending body, written as one part and flushed at the turn's
///                                   end (returns at once while the channel is writable, else
///                                   once it is again)
///         ─► end(): the protocol's end (Connect end-stream, gRPC trailers, gRPC-Web trailer frame)
/// ```
final class StreamingExchange {
    let framing: StreamFraming
    let version: HTTPVersion
    private let source: RequestPayloads.Producer.Source
    private var reader: FrameReader
    /// gRPC-Web text: the base64 request body, decoded at its end (its clients send one message).
    private var text: [UInt8]?
    /// Whether the request messages' source is finished (the end, a failure, or the close).
    private var inboundDone = false
    /// Whether the request has all arrived.
    private(set) var requestEnded = false
    /// Whether the handler has more messages waiting than it wants: reads are held.
    private var readsPaused = false
    private var readHeld = false
    private var headWritten = false
    /// Whether the response has ended (or the channel closed): nothing more goes out.
    private(set) var responseEnded = false
    /// Sends waiting for the channel to become writable.
    private var writableWaiters: [EventLoopPromise<Void>] = []
    /// Body bytes written, for the access log.
    private(set) var bytesWritten = 0
    /// Whether a flush is due at the end of this loop turn.
    private var flushScheduled = false
    /// Framed messages sent in this loop turn and not yet written: one body part at the flush.
    private var pending: ByteBuffer?
    /// Past this many bytes the pending messages are written at once, so the channel's
    /// writability (the back-pressure) sees them.
    static let pendingLimit = 64 * 1024

    /// The handler's context: the headers and trailers it sets go out with the head and the end.
    private let handlerContext: ServerContext

    init(framing: StreamFraming, version: HTTPVersion, source: RequestPayloads.Producer.Source, handlerContext: ServerContext) {
        self.framing = framing
        self.version = version
        self.source = source
        self.handlerContext = handlerContext
        reader = FrameReader(limit: framing.limit)
        if framing.negotiated.base64Body { text = [] }
    }

    // MARK: Request

    /// The next chunk of the request body.
    func receive(_ chunk: ByteBuffer) {
        guard !inboundDone else { return }
        if text != nil {
            guard text!.count + chunk.readableBytes <= framing.limit * 2 else {
                return fail(ProtoHTTPError(code: .resourceExhausted,
                                           message: "the \(MediaType.grpcWebText) request is larger than this server's limit; send a smaller message or raise ServerConfiguration.maxRequestBodySize."))
            }
            text!.append(contentsOf: chunk.readableBytesView)
            return
        }
        reader.append(contentsOf: chunk.readableBytesView)
        deliverFrames()
    }

    /// The request has all arrived.
    func requestEnd() {
        requestEnded = true
        guard !inboundDone else { return }
        if let body = text {
            text = nil
            guard let decoded = GRPCRequestBody.decodeText(body) else {
                return fail(ProtoHTTPError(code: .invalidArgument,
                                           message: "the \(MediaType.grpcWebText) request body is not base64; encode the framed message with standard base64."))
            }
            reader.append(contentsOf: decoded)
            deliverFrames()
            guard !inboundDone else { return }
        }
        if let leftover = reader.leftover { return fail(framing.failure(leftover)) }
        inboundDone = true
        source.finish()
    }

    private func deliverFrames() {
        var payloads: [[UInt8]] = []
        var failure: ProtoHTTPError?
        frames: while true {
            switch reader.next() {
            case .success(let frame?):
                switch framing.payload(of: frame) {
                case .success(let payload): payloads.append(payload)
                case .failure(let error):
                    failure = error
                    break frames
                }
            case .success(nil):
                break frames
            case .failure(let parse):
                failure = framing.failure(parse)
                break frames
            }
        }
        if !payloads.isEmpty, source.yield(contentsOf: payloads) == .stopProducing { readsPaused = true }
        if let failure { fail(failure) }
    }

    private func fail(_ error: ProtoHTTPError) {
        inboundDone = true
        text = nil
        source.finish(error)
    }

    /// Whether the channel may read on now; otherwise the read is held until ``resumeReading(context:)``.
    /// Once the request has all arrived nothing is held: what follows is the connection's (its
    /// next request, or its close), not this handler's to pace.
    func mayRead() -> Bool {
        guard readsPaused, !requestEnded else { return true }
        readHeld = true
        return false
    }

    /// The handler wants more messages, or the exchange stops pacing the channel (its handler
    /// ended): a held read goes on.
    func resumeReading(context: ChannelHandlerContext) {
        readsPaused = false
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    // MARK: Response

    /// Writes one response message; the future completes once the channel can take the next.
    func send(_ payload: [UInt8], context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        guard !responseEnded else { return context.eventLoop.makeFailedFuture(Self.over) }
        writeHead(context: context)
        let bytes = framing.message(payload)
        bytesWritten += bytes.count
        if pending == nil { pending = context.channel.allocator.buffer(capacity: max(bytes.count, 256)) }
        pending!.writeBytes(bytes)
        if pending!.readableBytes >= Self.pendingLimit { writePending(context: context) }
        scheduleFlush(context: context)
        if context.channel.isWritable { return context.eventLoop.makeSucceededVoidFuture() }
        let promise = context.eventLoop.makePromise(of: Void.self)
        writableWaiters.append(promise)
        return promise.futureResult
    }

    /// Writes and flushes once the loop has run what is queued now: the messages sent in this
    /// turn (a handler off the loop hands several over at once, see ``SendWindow``) go out as
    /// one body part, so one DATA frame over HTTP/2 and one write. Measured with
    /// `rpc-bench --streams`: a write and a flush per message cost the server ~12 µs of CPU per
    /// message of a server stream; a flush per turn ~3.5 µs, most of it NIOHTTP2's work per
    /// DATA frame; one body part per turn (this) less again.
    private func scheduleFlush(context: ChannelHandlerContext) {
        guard !flushScheduled else { return }
        flushScheduled = true
        let bound = NIOLoopBound((exchange: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            bound.value.exchange.flushScheduled = false
            bound.value.exchange.writePending(context: bound.value.context)
            bound.value.context.flush()
        }
    }

    /// Writes the messages waiting in ``pending`` as one body part.
    private func writePending(context: ChannelHandlerContext) {
        guard let buffer = pending, buffer.readableBytes > 0 else { return }
        pending = nil
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
    }

    /// Ends the response the way the protocol ends a stream, with `error` or OK; the future
    /// completes once the end is written. Later sends fail.
    func end(_ error: ProtoHTTPError?, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        guard !responseEnded else { return context.eventLoop.makeSucceededVoidFuture() }
        writeHead(context: context)
        writePending(context: context)
        responseEnded = true
        let added = handlerContext.responseFields.outgoing(logger: handlerContext.logger)
        let (body, trailers) = framing.end(error, trailers: added.trailers)
        if !body.isEmpty {
            bytesWritten += body.count
            var buffer = context.channel.allocator.buffer(capacity: body.count)
            buffer.writeBytes(body)
            context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
        }
        failWaiters()
        return context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(trailers.map { HTTPHeaders($0, reservingExtra: 0) })))
    }

    /// Sends waiting for room go on once the channel is writable again.
    func writabilityChanged(context: ChannelHandlerContext) {
        guard context.channel.isWritable else { return }
        let waiters = writableWaiters
        writableWaiters.removeAll()
        for waiter in waiters { waiter.succeed() }
    }

    /// The call ended before its request did: what is still to come is dropped, and the
    /// messages' source ends (no one reads it any more).
    func dropRequest() {
        guard !inboundDone else { return }
        inboundDone = true
        text = nil
        source.finish()
    }

    /// The channel closed: the handler's reading ends with `canceled`, and so does its next send.
    func closed() {
        if !inboundDone {
            inboundDone = true
            source.finish(ProtoHTTPError(code: .canceled, message: "the client went away before it finished sending."))
        }
        responseEnded = true
        pending = nil
        failWaiters()
    }

    private func writeHead(context: ChannelHandlerContext) {
        guard !headWritten else { return }
        headWritten = true
        let added = handlerContext.responseFields.outgoing(logger: handlerContext.logger)
        let head = HTTPResponseHead(version: version, status: .ok, headers: HTTPHeaders(framing.headFields + added.headers, reservingExtra: 0))
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
    }

    private func failWaiters() {
        let waiters = writableWaiters
        writableWaiters.removeAll()
        for waiter in waiters { waiter.fail(Self.over) }
    }

    /// What a send after the end throws.
    static let over = ProtoHTTPError(code: .canceled, message: "the stream has ended (the client went away, or the call's deadline passed); stop sending.")
}
