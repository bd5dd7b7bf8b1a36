// ServerPipeline+HTTP2.swift: the HTTP/2 handlers of a connection and of each of its streams.
#if HTTP2
import NIOCore
import NIOHTTP2

extension ServerPipeline {
    /// The HTTP/2 handlers of a connection: ``HTTP2FlushCoalescer``, ``HTTP2CalmGate``, NIOHTTP2's handler with its stream multiplexer, and
    /// ``HTTP2DrainHandler`` behind it (GOAWAY at shutdown, when idle, and to a client that
    /// resets streams before sending their requests). Each stream the client
    /// opens gets its own child channel with NIOHTTP2's HTTP/2-to-HTTP/1 codec and an
    /// ``RPCChannelHandler``, so a stream is served exactly like one HTTP/1.1 request: routes,
    /// limits, deadlines, access log, cancellation when it closes early.
    func configureHTTP2(_ pipeline: ChannelPipeline.SynchronousOperations) throws {
        let drain = HTTP2DrainHandler(eventLoop: pipeline.eventLoop)
        let earlyResets = drain.earlyResets
        let shared = ConnectionShared(loop: pipeline.eventLoop, loopsOpen: loopsOpen, stallLimits: StallGuardHandler.Limits(configuration))
        // At the socket end: answers given between reads leave in one write, not one each.
        try pipeline.addHandler(HTTP2FlushCoalescer())
        // Before NIOHTTP2's handler: reads go on in slices, and stop once `drain` calms the client.
        try pipeline.addHandler(HTTP2CalmGate(drain: drain))
        // NIO's default settings (100 concurrent streams, 16 KiB of headers), with flow-control
        // windows that let a request body up to 1 MiB arrive without waiting for WINDOW_UPDATEs.
        var connection = NIOHTTP2Handler.ConnectionConfiguration()
        connection.targetWindowSize = 4 << 20
        // Received blocks are checked by each stream's HTTP2RequestValidator, on bytes, at a
        // fraction of NIOHTTP2's cost; sent ones come from HTTPFields (HTTP2HeaderBlockRules).
        connection.headerBlockValidation = .disabled
        var stream = NIOHTTP2Handler.StreamConfiguration()
        stream.targetWindowSize = max(65_535, min(configuration.maxRequestBodySize, 1 << 20))
        // NIOHTTP2 counts every RST_STREAM, also one for a stream already answered, and ends the
        // connection past 200 in 30 s. libcurl before 8.0 sends one after each answer, so its
        // clients lost their connection at the 201st call. Resets that cost the server anything
        // (before the request arrived, or while its handler ran) are counted by
        // HTTP2DrainHandler's rapid-reset rule instead; this limit stays only as a ceiling.
        stream.streamResetFrameRateLimit.maximumCount = 100_000
        _ = try pipeline.configureHTTP2Pipeline(
            mode: .server, connectionConfiguration: connection, streamConfiguration: stream, streamDelegate: drain.streamDelegate
        ) { [self] stream in
            stream.eventLoop.makeCompletedFuture {
                try configureHTTP2Stream(stream.pipeline.syncOperations, earlyResets: earlyResets, connection: shared)
            }
        }
        try pipeline.addHandler(drain)
    }

    /// The handlers of one HTTP/2 stream: a malformed request block resets the stream
    /// (``HTTP2RequestValidator``), then frames become HTTP/1-style request parts and back.
    /// A reset before the request arrived is reported to the connection (`earlyResets`); the
    /// stream's handler uses its connection's deadline timers and executor (`connection`).
    func configureHTTP2Stream(_ pipeline: ChannelPipeline.SynchronousOperations, earlyResets: HTTP2DrainHandler.EarlyResets? = nil,
                              connection: ConnectionShared? = nil) throws {
        try pipeline.addHandler(HTTP2RequestValidator(logger: configuration.logger))
        try pipeline.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
        try pipeline.addHandler(makeStallGuard(connection: connection))
        try pipeline.addHandler(makeRPCHandler(abandonment: earlyResets, connection: connection))
    }
}
#endif
