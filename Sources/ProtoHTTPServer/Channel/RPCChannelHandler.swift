// RPCChannelHandler.swift: one HTTP/1.1 connection or HTTP/2 stream: collects each request, runs it in a task, writes the answer.
import Logging
import NIOCore
import NIOHTTP1
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPGzip

/// Serves the requests of one HTTP/1.1 connection, one at a time (the pipelining handler in
/// front holds later requests back until each response is written), or the one request of an
/// HTTP/2 stream (NIOHTTP2's HTTP/2-to-HTTP/1 codec in front turns its frames into the same
/// request parts).
///
/// A request body is collected up to the size limit; past it the request is answered 413 at
/// once; the rest of the body is read and dropped, never buffered, and the connection closes.
/// A gzip body is inflated as it arrives: one that inflates past the size limit or the
/// inflation ratio is answered at once and the connection closes without reading the rest.
/// The dispatcher runs in a task of the server's ``InFlightRequests``; the connection cancels
/// that task when it closes, and the handler sees `Task.isCancelled`. With
/// ``HandlerExecution/eventLoop`` that task runs on this connection's event loop, and an answer
/// given there is written at once, with no hop.
///
/// A request to a streaming method is served while it arrives: its handler starts once the head
/// is in, reads the request messages as they come and writes its own as it sends them
/// (``StreamingExchange``, which also holds reads back while the handler is behind).
///
/// Shutdown needs nothing from this handler: NIO's pipelining handler in front answers
/// `ChannelShouldQuiesceEvent` (an idle connection closes at once, a busy one after its response)
/// and ``ShutdownGraceHandler`` closes it when the grace period ends.
final class RPCChannelHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    enum State {
        case idle
        case receiving(HTTPRequestHead, ByteBuffer)
        /// Receiving a gzip body, inflated as it arrives (`received` compressed bytes so far):
        /// a bomb is refused after its first kilobytes, not once it has all arrived.
        case inflating(HTTPRequestHead, Gzip.Inflater, received: Int)
        /// Running request `number`; its task is `nil` while it runs synchronously at its start.
        case serving(number: Int, task: Task<Void, Never>?)
        /// Streaming request `number`: its handler runs while the request arrives; the task is
        /// `nil` until it has started.
        case streaming(number: Int, exchange: StreamingExchange, head: HTTPRequestHead, started: ContinuousClock.Instant, task: Task<Void, Never>?)
        /// A request to a streaming method refused from its head: the body is dropped and the
        /// answer goes out once the request has arrived.
        case refusing(HTTPRequestHead, RPCResponse, RPCOutcome)
        /// A stream answered before its request ended: the rest of the request is dropped, then
        /// the connection serves the next (or closes, `keepAlive` false).
        case drainingStream(keepAlive: Bool)
        /// Answered early (body too large): discarding input until the client stops sending.
        case discarding
        /// Answered a request that ends the connection (`Connection: close`, HTTP/1.0, a gzip
        /// bomb refused while it arrived): the connection closes once that answer is written,
        /// nothing more is read, and nothing after it is served or answered (RFC 9112 §9.6).
        case closing
        case closed
    }

    let dispatcher: Dispatcher
    let requests: InFlightRequests
    private let maxBodySize: Int
    /// The most requests the server serves at once (``ServerConfiguration/maxConcurrentRequests``).
    let maxConcurrentRequests: Int
    let accessLog: AccessLog?
    private let execution: HandlerExecution
    private let loopsOpen: EventLoopsOpen
    /// Told when an error ends the channel before the request had all arrived (HTTP/2 streams).
    private let abandonment: (any AbandonedRequestObserver)?
    /// The request tasks' executor under ``HandlerExecution/eventLoop``: made once per
    /// connection, on its loop (an HTTP/2 stream gets its connection's).
    private var loopExecutor: EventLoopTaskExecutor?
    /// What an HTTP/2 stream shares with its connection (deadline timers, executor, peer address).
    private let connection: ConnectionShared?
    var state = State.idle
    /// Requests served so far on this connection: tells a request's own `.serving` state from
    /// a later one's after an answer given synchronously let the next pipelined request in.
    var served = 0
    /// How deep request tasks started immediately are nested on the stack right now (each
    /// answer given synchronously may deliver the next pipelined request re-entrantly).
    private var nesting = 0
    /// Beyond this nesting depth a request task is enqueued rather than started immediately,
    /// so a long run of pipelined requests cannot grow the stack.
    private static let maxNesting = 4
    var remoteAddress: String?
    /// Where the handlers' deadline timers run: this connection's loop, once the handler is
    /// added (the connection's own, given at `init`, for an HTTP/2 stream).
    private var deadlineTimers: DeadlineTimers

    /// `connection`: what an HTTP/2 connection's streams share (their deadline timers and task
    /// executor); `nil` makes them when the handler is added, for its own connection.
    init(dispatcher: Dispatcher, requests: InFlightRequests, maxBodySize: Int, maxConcurrentRequests: Int = .max, accessLog: AccessLog?,
         execution: HandlerExecution, loopsOpen: EventLoopsOpen, abandonment: (any AbandonedRequestObserver)? = nil,
         connection: ConnectionShared? = nil) {
        self.deadlineTimers = connection?.deadlineTimers ?? .dispatch
        self.loopExecutor = connection?.executor
        self.connection = connection
        self.abandonment = abandonment
        self.dispatcher = dispatcher
        self.requests = requests
        self.maxBodySize = maxBodySize
        self.maxConcurrentRequests = maxConcurrentRequests
        self.accessLog = accessLog
        self.execution = execution
        self.loopsOpen = loopsOpen
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if connection == nil { deadlineTimers = .eventLoop(context.eventLoop, open: loopsOpen) }
        // Added after the connection became active: once its HTTP version was chosen, or as
        // an HTTP/2 stream's handler (a stream reports its connection's peer address).
        if context.channel.isActive { recordRemoteAddress(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        recordRemoteAddress(context: context)
        context.fireChannelActive()
    }

    private func recordRemoteAddress(context: ChannelHandlerContext) {
        // The channel's property: an HTTP/2 stream has no socket of its own (its `remoteAddress0` traps).
        let known = connection.map { $0.remoteAddress(of: context.channel) } ?? ConnectionShared.peerText(context.channel.remoteAddress)
        if let known { remoteAddress = known }
    }

    /// The most a body buffer holds before any of the body has arrived.
    static let bodyCapacityBeforeData = 16 << 10

    /// The body buffer's first capacity: what the client declared, but never more than
    /// ``bodyCapacityBeforeData``: past that the buffer grows with the bytes that arrive, so a
    /// thousand connections that announce 4 MiB and send nothing cost 16 MiB, not 4 GiB.
    static func initialBodyCapacity(declared: Int?, maxBodySize: Int) -> Int {
        max(0, min(declared ?? 0, maxBodySize, bodyCapacityBeforeData))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), state) {
        case (.head(let head), .idle):
            let declared = head.headers.first(name: "content-length").flatMap { Int($0) }
            if let declared, declared > maxBodySize {
                rejectTooLarge(context: context, head: head)
                return
            }
            if head.headers.first(name: "expect")?.lowercased() == "100-continue" {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
            if let start = dispatcher.prepareStream(uri: head.uri, { request(head, body: []) }) {
                beginStream(context: context, head: head, start)
                return
            }
            if head.version.major >= 2, RPCProtocol.framed(mediaType: MediaType(head.headers.first(name: "content-type") ?? "").essence) != nil,
               dispatcher.router.route(head.uri) == nil, let (response, outcome) = dispatcher.refusal(of: request(head, body: [])) {
                // gRPC to no method: refused at once, as a stream would be (the call may be one).
                refuseStream(context: context, head: head, response: response, outcome: outcome)
                return
            }
            if ContentEncoding.inflatesOnArrival(method: HTTPMethod(rawValue: head.method.rawValue), contentType: head.headers.first(name: "content-type"),
                                                 contentEncoding: head.headers.first(name: "content-encoding")) {
                let inflater = Gzip.Inflater(limit: maxBodySize, maxRatio: dispatcher.maxRequestInflationRatio, expectedInput: declared)
                state = .inflating(head, inflater, received: 0)
                return
            }
            let capacity = Self.initialBodyCapacity(declared: declared, maxBodySize: maxBodySize)
            state = .receiving(head, context.channel.allocator.buffer(capacity: capacity))
        case (.body(var chunk), .receiving(let head, var body)):
            guard body.readableBytes + chunk.readableBytes <= maxBodySize else {
                rejectTooLarge(context: context, head: head)
                return
            }
            state = .idle  // drop the reference so the buffer grows in place
            body.writeBuffer(&chunk)
            state = .receiving(head, body)
        case (.end, .receiving(let head, let body)):
            serve(context: context, head: head, body: Array(body.readableBytesView))
        case (.body(let chunk), .inflating(let head, let inflater, let received)):
            let total = received + chunk.readableBytes
            guard total <= maxBodySize else {
                rejectTooLarge(context: context, head: head)
                return
            }
            state = .inflating(head, inflater, received: total)
            switch chunk.withUnsafeReadableBytes({ inflater.feed($0) }) {
            case nil, .corrupt?:
                break  // corrupt: answered once the request has arrived, and the connection stays
            case let failure?:
                refuseInflation(context: context, head: head, failure)
            }
        case (.end, .inflating(let head, let inflater, _)):
            switch inflater.finish() {
            case .success(let body): serve(context: context, head: head, body: body, decoding: .inflated)
            case .failure(let failure): serve(context: context, head: head, body: [], decoding: .failed(failure))
            }
        case (.body(let chunk), .streaming(_, let exchange, _, _, _)):
            exchange.receive(chunk)
        case (.end, .streaming(_, let exchange, _, _, _)):
            exchange.requestEnd()  // the response goes on; its end moves the connection on
        case (.end, .refusing(let head, let response, let outcome)):
            served += 1
            state = .serving(number: served, task: nil)
            respond(context: context, number: served, head: head, response: response, outcome: outcome, started: .now)
        case (.end, .drainingStream(let keepAlive)):
            state = keepAlive ? .idle : .closing
            if !keepAlive { context.close(promise: nil) }
        case (.end, .discarding):
            context.close(promise: nil)
        case (.body, .discarding), (.body, .refusing), (.body, .drainingStream), (_, .closing), (_, .closed):
            break
        default:
            // Parts out of order cannot come from the HTTP decoder; close rather than guess.
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let serving = state
        state = .closed  // before cancelling: the cancellation answers at once, on this thread
        switch serving {
        case .serving(_, let task?):
            task.cancel()
        case .streaming(_, let exchange, _, _, let task):
            exchange.closed()
            task?.cancel()
        default:
            break
        }
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if case .streaming(_, let exchange, _, _, _) = state { exchange.writabilityChanged(context: context) }
        context.fireChannelWritabilityChanged()
    }

    func read(context: ChannelHandlerContext) {
        switch state {
        case .streaming(_, let exchange, _, _, _) where !exchange.mayRead(): return
        case .closing: return  // nothing after the last answer is served; the connection closes once it is written
        default: break
        }
        context.read()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is IdleStateHandler.IdleStateEvent:
            if case .idle = state { context.close(promise: nil) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch (error, state) {
        case (is HTTPParserError, _) where !context.channel.isActive:
            // The decoder's complaint about a request cut short by the connection closing
            // (a stalled head the server cut off): nobody is left to answer.
            break
        case (is HTTPParserError, .idle), (is HTTPParserError, .receiving):
            // Bytes that are not HTTP, or a head over ServerConfiguration.maxRequestHeadSize, and
            // no answer is under way: say so, then close. (While a request is served, the
            // pipelining handler in front holds the error back until its answer is written.)
            state = .closed
            let status: HTTPResponseStatus = (error as? HTTPParserError) == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
            let headers = HTTPHeaders([("Connection", "close"), ("Content-Length", "0")])
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
        case (is HTTPParserError, .closing):
            // The decoder's complaint about what followed the connection's last request:
            // nobody asked for an answer, and the connection closes after the one it gets.
            break
        default:
            // Connection-level failures (reset by peer and the like): the client is gone. On an
            // HTTP/2 stream, a reset before the answer (the request still arriving, or its
            // handler running) counts toward the connection's rapid-reset rule.
            switch state {
            case .idle, .receiving, .inflating, .serving, .refusing: abandonment?.requestAbandoned(by: error)
            case .streaming(_, let exchange, _, _, _) where !exchange.requestEnded: abandonment?.requestAbandoned(by: error)
            default: break
            }
            context.close(promise: nil)
        }
    }

    // MARK: Serving

    private func serve(context: ChannelHandlerContext, head: HTTPRequestHead, body: [UInt8], decoding: RPCRequest.BodyDecoding = .asSent) {
        guard requests.count < maxConcurrentRequests else {
            let (response, outcome) = dispatcher.overloaded(uri: head.uri, contentType: head.headers.first(name: "content-type"),
                                                            limit: maxConcurrentRequests)
            served += 1
            state = .serving(number: served, task: nil)
            respond(context: context, number: served, head: head, response: response, outcome: outcome, started: .now)
            return
        }
        let request = request(head, body: body, decoding: decoding)
        let dispatcher = self.dispatcher
        let started = ContinuousClock.now
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        served += 1
        let number = served
        state = .serving(number: number, task: nil)
        // On the loop, the task starts at once, on this thread: a handler that does not suspend
        // answers before this read ends, so the pipelining handler in front never has to stop
        // and restart reading the socket (two epoll_ctl calls per request).
        let executor = taskExecutor(loop)
        let immediately = executor != nil && nesting < Self.maxNesting
        nesting += 1
        defer { nesting -= 1 }
        let task = requests.start(on: executor, immediately: immediately) { answered, canceller in
            // The task answers and then only returns, so a passed deadline may cancel it whole.
            var request = request
            request.taskCanceller = canceller
            await dispatcher.handle(request) { response, outcome in
                if loop.inEventLoop {
                    bound.value.handler.respond(context: bound.value.context, number: number, head: head, response: response, outcome: outcome, started: started)
                } else {
                    loop.execute {
                        bound.value.handler.respond(context: bound.value.context, number: number, head: head, response: response, outcome: outcome, started: started)
                    }
                }
                answered()
            }
        }
        // Unless it has answered meanwhile (and maybe a later request is being served now).
        if case .serving(number, nil) = state {
            state = .serving(number: number, task: task)
        }
    }

    /// The dispatcher's view of a request with this head and body.
    private func request(_ head: HTTPRequestHead, body: [UInt8], decoding: RPCRequest.BodyDecoding = .asSent) -> RPCRequest {
        RPCRequest(method: HTTPMethod(rawValue: head.method.rawValue), uri: head.uri, headers: HTTPFields(head.headers),
                   body: body, remoteAddress: remoteAddress, httpMajorVersion: head.version.major, bodyDecoding: decoding,
                   deadlineTimers: deadlineTimers)
    }

    /// The executor request tasks prefer: this connection's loop, or `nil` for the global one.
    func taskExecutor(_ loop: any EventLoop) -> EventLoopTaskExecutor? {
        guard execution == .eventLoop else { return nil }
        if let loopExecutor { return loopExecutor }
        let made = EventLoopTaskExecutor(loop: loop, loopsOpen: loopsOpen)
        loopExecutor = made
        return made
    }

    func respond(context: ChannelHandlerContext, number: Int, head: HTTPRequestHead, response: RPCResponse, outcome: RPCOutcome,
                         started: ContinuousClock.Instant) {
        guard case .serving(number, _) = state else { return }  // the connection closed meanwhile
        // An HTTP/2 stream carries one exchange and the connection stays: never `Connection: close`.
        let keepAlive = head.keepsConnection
        // Idle (or closing) before writing: writing `.end` makes the pipelining handler deliver
        // the next pipelined request at once, re-entrantly, into `channelRead`.
        state = keepAlive ? .idle : .closing
        accessLog?.record(method: ProtoHTTPCore.HTTPMethod(rawValue: head.method.rawValue), uri: head.uri, status: response.status,
                          bytes: response.body.count, started: started, outcome: outcome, remoteAddress: remoteAddress)
        let written = write(context: context, version: head.version, response: response, keepAlive: keepAlive)
        if !keepAlive {
            // Close once the answer is out: closing a TLS connection right away could cut it short.
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    private func rejectTooLarge(context: ChannelHandlerContext, head: HTTPRequestHead) {
        let (response, outcome) = dispatcher.tooLarge(uri: head.uri, contentType: head.headers.first(name: "content-type"), limit: maxBodySize)
        state = .discarding  // before writing, which may deliver input re-entrantly
        _ = rejectEarly(context: context, head: head, response: response, outcome: outcome)
        // Give the client a moment to read the answer and stop sending, then close.
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .seconds(2)) { bound.value.close(promise: nil) }
    }

    /// A gzip body that inflates too far (past the size limit or the inflation ratio), refused
    /// while it arrives: answered as the dispatcher would (route and protocol first). The rest
    /// of the body is never read: the connection stops reading and closes once the answer is
    /// written. Reading and dropping it, as for a body announced too large, would let a client
    /// that sends bombs on new connections as fast as it is answered keep the server copying
    /// megabytes it has already refused (make attack's gzip bomb).
    private func refuseInflation(context: ChannelHandlerContext, head: HTTPRequestHead, _ failure: Gzip.Failure) {
        let request = request(head, body: [], decoding: .failed(failure))
        let (response, outcome) = dispatcher.refusal(of: request)
            ?? dispatcher.tooLarge(uri: head.uri, contentType: head.headers.first(name: "content-type"), limit: maxBodySize)
        state = .closing  // before writing, which may deliver input re-entrantly; stops reading
        let written = rejectEarly(context: context, head: head, response: response, outcome: outcome)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        written.whenComplete { _ in bound.value.close(promise: nil) }
    }

    /// Answers before the request has all arrived (the caller has set the state that drops the
    /// rest); the future completes once the answer is written.
    private func rejectEarly(context: ChannelHandlerContext, head: HTTPRequestHead, response: RPCResponse, outcome: RPCOutcome) -> EventLoopFuture<Void> {
        accessLog?.record(method: ProtoHTTPCore.HTTPMethod(rawValue: head.method.rawValue), uri: head.uri, status: response.status,
                          bytes: response.body.count, started: .now, outcome: outcome, remoteAddress: remoteAddress)
        return write(context: context, version: head.version, response: response, keepAlive: false)
    }

    /// Writes the response; the future completes once its last part has been written. A
    /// response with trailers (gRPC) has no `Content-Length`: over HTTP/2 the trailers end the
    /// stream in a HEADERS frame.
    private func write(context: ChannelHandlerContext, version: HTTPVersion, response: RPCResponse, keepAlive: Bool) -> EventLoopFuture<Void> {
        var headers = HTTPHeaders(response.headers, reservingExtra: 2)
        if response.trailers == nil { headers.add(name: "Content-Length", value: String(response.body.count)) }
        if !keepAlive, version.major < 2 { headers.add(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        if !response.body.isEmpty {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        return context.writeAndFlush(wrapOutboundOut(.end(response.trailers.map { HTTPHeaders($0, reservingExtra: 0) })))
    }
}
