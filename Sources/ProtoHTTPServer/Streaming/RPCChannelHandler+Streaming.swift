// RPCChannelHandler+Streaming.swift: starting a streaming call from its head, and its sends and end on the channel's loop.
import NIOCore
import NIOHTTP1
import ProtoHTTPCore

extension RPCChannelHandler {
    /// Starts the call a streaming method's head leads to: its handler runs now, while the
    /// request messages arrive; or a refusal waits for the request's end.
    func beginStream(context: ChannelHandlerContext, head: HTTPRequestHead, _ start: Dispatcher.StreamStart) {
        let prepared: Dispatcher.StreamPrepared
        switch start {
        case .refused(let response, let outcome):
            refuseStream(context: context, head: head, response: response, outcome: outcome)
            return
        case .ready(let value):
            prepared = value
        }
        guard requests.count < maxConcurrentRequests else {
            let (response, outcome) = dispatcher.overloaded(uri: head.uri, contentType: head.headers.first(name: "content-type"),
                                                            limit: maxConcurrentRequests)
            refuseStream(context: context, head: head, response: response, outcome: outcome)
            return
        }
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        served += 1
        let number = served
        let (source, payloads) = RequestPayloads.make {
            loop.execute { bound.value.handler.streamWantsMore(context: bound.value.context, number: number) }
        }
        context.triggerUserOutboundEvent(StreamingRequestStarted(), promise: nil)
        let exchange = StreamingExchange(framing: prepared.framing, version: head.version, source: source, handlerContext: prepared.context)
        let started = ContinuousClock.now
        state = .streaming(number: number, exchange: exchange, head: head, started: started, task: nil)
        let window = SendWindow()
        let sink = ResponseSink { payload in
            if loop.inEventLoop {
                // A handler on this loop (HandlerExecution.eventLoop) writes at once, without a hop.
                try await bound.value.handler.streamSend(payload, context: bound.value.context, number: number).get()
            } else {
                try await window.send { loop.flatSubmit { bound.value.handler.streamSend(payload, context: bound.value.context, number: number) } }
            }
        }
        let dispatcher = self.dispatcher
        let task = requests.start(on: taskExecutor(loop)) { answered in
            await dispatcher.serveStream(prepared, requests: payloads, responses: sink) { error, outcome in
                loop.execute {
                    bound.value.handler.streamEnded(error, outcome: outcome, context: bound.value.context, number: number)
                    answered()
                }
            }
        }
        if case .streaming(number, let exchange, let head, let started, nil) = state {
            state = .streaming(number: number, exchange: exchange, head: head, started: started, task: task)
        }
    }

    /// The handler took messages: reads held back go on.
    private func streamWantsMore(context: ChannelHandlerContext, number: Int) {
        guard case .streaming(number, let exchange, _, _, _) = state else { return }
        exchange.resumeReading(context: context)
    }

    /// Refuses a stream from its head. Over HTTP/2 the answer goes out at once and the rest of
    /// the request is dropped: a client may wait for the first answer before it ends its
    /// requests (a bidirectional call does), and would otherwise wait for ever. Over HTTP/1.1
    /// the answer waits for the request's end, which clients there send before they read.
    func refuseStream(context: ChannelHandlerContext, head: HTTPRequestHead, response: RPCResponse, outcome: RPCOutcome) {
        guard head.version.major >= 2 else {
            state = .refusing(head, response, outcome)
            return
        }
        served += 1
        state = .serving(number: served, task: nil)
        respond(context: context, number: served, head: head, response: response, outcome: outcome, started: .now)
        if case .idle = state { state = .drainingStream(keepAlive: true) }
    }

    /// One response message of stream `number`.
    private func streamSend(_ payload: [UInt8], context: ChannelHandlerContext, number: Int) -> EventLoopFuture<Void> {
        guard case .streaming(number, let exchange, _, _, _) = state else { return context.eventLoop.makeFailedFuture(StreamingExchange.over) }
        return exchange.send(payload, context: context)
    }

    /// Stream `number` ended (`error` nil: OK): its end goes out, and once the request has also
    /// ended the connection serves its next request.
    private func streamEnded(_ error: ProtoHTTPError?, outcome: RPCOutcome, context: ChannelHandlerContext, number: Int) {
        guard case .streaming(number, let exchange, let head, let started, _) = state else { return }
        let keepAlive = head.keepsConnection
        // The state moves on before the end is written: writing it may deliver the next
        // pipelined request at once, re-entrantly.
        if exchange.requestEnded {
            state = keepAlive ? .idle : .closing
        } else {
            state = .drainingStream(keepAlive: keepAlive)
            exchange.dropRequest()
        }
        // A read the exchange held for its handler goes on now: the rest of the request is
        // drained, or the connection's next request is read. Lost, it would stall the connection.
        if case .closing = state {} else { exchange.resumeReading(context: context) }
        let written = exchange.end(error, context: context)
        accessLog?.record(method: ProtoHTTPCore.HTTPMethod(rawValue: head.method.rawValue), uri: head.uri, status: 200,
                          bytes: exchange.bytesWritten, started: started, outcome: outcome, remoteAddress: remoteAddress)
        if exchange.requestEnded, !keepAlive {
            // Close once the end is out: closing a TLS connection right away could cut it short.
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }
}
