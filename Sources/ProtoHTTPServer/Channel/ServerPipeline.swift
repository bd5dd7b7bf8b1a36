// ServerPipeline.swift: the handlers of one connection, in order; the server and the in-process tests share it.
import NIOCore
import NIOHTTP1

/// Sets up a connection's pipeline. Every connection starts the same way; which HTTP version
/// follows is decided per connection (``ProtocolSelectionHandler``):
///
/// ```
/// ShutdownGraceHandler → IdleTimeoutHandler → [NIOSSLServerHandler] → ProtocolSelectionHandler
///   HTTP/1.1:  → HTTP/1.1 codec → pipelining → StallGuardHandler → RPCChannelHandler (which answers malformed requests 400)
///   HTTP/2:    → HTTP2CalmGate (reads in slices) → NIOHTTP2Handler (stream multiplexer) → HTTP2DrainHandler (GOAWAY at shutdown or idle)
///                  each stream: HTTP/2 ⇄ HTTP/1 codec → StallGuardHandler → RPCChannelHandler
/// ```
///
/// With HTTP/2 switched off (``ServerConfiguration/http2``) the HTTP/1.1 handlers follow at once
/// and TLS offers only `http/1.1` through ALPN.
struct ServerPipeline: Sendable {
    let configuration: ServerConfiguration
    let dispatcher: Dispatcher
    let requests: InFlightRequests
    let accessLog: AccessLog?
    /// The server's TLS context, `nil` for cleartext.
    let tls: ServerTLSContext?
    /// Whether the event loops still take request tasks' jobs (closed by shutdown).
    var loopsOpen = EventLoopsOpen()
    /// Where a pipelined request waits for its loop's next turn (``StallGuardHandler``); `nil`
    /// serves pipelined requests back to back.
    var turns: (any NextTurnScheduling)?

    /// Adds the handlers to `pipeline`; requests go to `dispatcher` and run in `requests`.
    static func configure(
        _ pipeline: ChannelPipeline.SynchronousOperations, configuration: ServerConfiguration,
        dispatcher: Dispatcher, requests: InFlightRequests, accessLog: AccessLog?, tls: ServerTLSContext? = nil,
        loopsOpen: EventLoopsOpen = EventLoopsOpen(), turns: (any NextTurnScheduling)? = nil
    ) throws {
        try ServerPipeline(configuration: configuration, dispatcher: dispatcher, requests: requests, accessLog: accessLog, tls: tls,
                           loopsOpen: loopsOpen, turns: turns)
            .configureConnection(pipeline)
    }

    /// The handlers every connection starts with, up to the choice of HTTP version.
    func configureConnection(_ pipeline: ChannelPipeline.SynchronousOperations) throws {
        try pipeline.addHandler(ShutdownGraceHandler(gracePeriod: configuration.shutdownGracePeriod, logger: configuration.logger))
        try pipeline.addHandler(IdleTimeoutHandler(timeout: TimeAmount(configuration.idleTimeout)))
        try tls?.addServerHandler(to: pipeline)
        #if HTTP2
        if configuration.http2 {
            try pipeline.addHandler(ProtocolSelectionHandler(afterTLSHandshake: tls != nil,
                                                             selectionTimeout: TimeAmount(configuration.requestHeadTimeout)) { pipeline, choice in
                switch choice {
                case .http1: try configureHTTP1(pipeline)
                case .http2: try configureHTTP2(pipeline)
                }
            })
            return
        }
        #endif
        try configureHTTP1(pipeline)
    }

    /// The HTTP/1.1 handlers: NIO's codec with pipelining assistance, then ours.
    func configureHTTP1(_ pipeline: ChannelPipeline.SynchronousOperations) throws {
        // No NIO error handler: RPCChannelHandler answers malformed requests itself, because it
        // knows when a response was the connection's last (see its `errorCaught`).
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = configuration.maxRequestHeadSize
        limits.maxHeaderListSize = configuration.maxRequestHeadSize
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: true, withErrorHandling: false, withEncoderConfiguration: .init(),
            withDecoderLimitConfiguration: limits
        )
        try pipeline.addHandler(makeStallGuard())
        try pipeline.addHandler(makeRPCHandler())
    }

    /// The handler that bounds how long a client may stall a request or leave its answers
    /// unread: one per HTTP/1.1 connection or HTTP/2 stream, just before ``makeRPCHandler()``'s.
    /// `connection`: an HTTP/2 stream's connection, whose limits and deadline queue it uses.
    func makeStallGuard(connection: ConnectionShared? = nil) -> StallGuardHandler {
        StallGuardHandler(limits: connection?.stallLimits ?? StallGuardHandler.Limits(configuration), logger: configuration.logger,
                          turns: turns, timers: connection?.deadlineTimers)
    }

    /// The handler that serves one request at a time: a keep-alive HTTP/1.1 connection's, or
    /// one HTTP/2 stream's.
    func makeRPCHandler(abandonment: (any AbandonedRequestObserver)? = nil, connection: ConnectionShared? = nil) -> RPCChannelHandler {
        RPCChannelHandler(dispatcher: dispatcher, requests: requests, maxBodySize: configuration.maxRequestBodySize,
                          maxConcurrentRequests: configuration.maxConcurrentRequests, accessLog: accessLog,
                          execution: configuration.handlerExecution, loopsOpen: loopsOpen, abandonment: abandonment,
                          connection: connection)
    }
}
