// AbandonedRequestObserver.swift: what hears of a request whose stream ended before the request had all arrived.
/// Told by ``RPCChannelHandler`` when an error ends its stream or connection before the request
/// was answered (still arriving, or its handler running); each HTTP/2 stream has its connection's
/// (``HTTP2DrainHandler/EarlyResets``), which ends connections that reset many streams that way.
protocol AbandonedRequestObserver {
    /// The request under way was abandoned; `error` is what ended its channel.
    func requestAbandoned(by error: any Error)
}
