// Scale.swift: the names of the measured curves, as the `scale=` value of their RESULT lines.

/// One cost curve: what grows (its `n`) and what is measured as it grows.
enum Scale: String, Sendable {
    /// ProtoHTTPServer under wrk; `n` = connections (wrk `-c`), figures rps and latency.
    case serverRPS = "server-rps"
    /// ProtoHTTPServer holding idle keep-alive connections; `n` = connections, figure RSS per connection.
    case serverIdleConnections = "server-idle-conn"
    /// ProtoHTTP's client against nginx; `n` = calls in flight, figures rps and latency.
    case clientRPS = "client-rps"
    /// ProtoHTTP's client with calls held open by the server; `n` = calls, figure RSS per call.
    case clientInFlight = "client-inflight"
    /// ProtoWire encode and decode; `n` = the message's target size in bytes, figure ns per byte.
    case codec
    /// ProtoHTTPOffline's OfflineQueue; `n` = entries, figures enqueue and replay rates and file size.
    case queue
    /// ProtoHTTPOffline's response caches; `n` = entries, figures hit and store ns.
    case cache
}
