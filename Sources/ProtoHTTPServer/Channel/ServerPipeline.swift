// ServerPipeline.swift: the handlers of one connection, in order; the server and the in-process tests share it.
import NIOCore
import NIOHTTP1

/// Sets up a connection's pipeline:
///
/// ```
/// ShutdownGraceHandler → IdleStateHandler → HTTP/1.1 codec → pipelining + error handling → RPCChannelHandler
/// ```
enum ServerPipeline {
    /// Adds the handlers to `pipeline`; requests go to `dispatcher` and run in `requests`.
    static func configure(
        _ pipeline: ChannelPipeline.SynchronousOperations, configuration: ServerConfiguration,
        dispatcher: Dispatcher, requests: InFlightRequests, accessLog: AccessLog?
    ) throws {
        try pipeline.addHandler(ShutdownGraceHandler(gracePeriod: configuration.shutdownGracePeriod, logger: configuration.logger))
        try pipeline.addHandler(IdleStateHandler(readTimeout: TimeAmount(configuration.idleTimeout)))
        try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: true)
        try pipeline.addHandler(RPCChannelHandler(dispatcher: dispatcher, requests: requests,
                                                  maxBodySize: configuration.maxRequestBodySize, accessLog: accessLog))
    }
}
