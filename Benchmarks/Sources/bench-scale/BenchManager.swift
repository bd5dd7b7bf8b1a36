// BenchManager.swift: ProtoHTTP's client as rpc-bench's `protohttp` client makes it: a manager over HTTP/1.1 keep-alive, plain protobuf.
import ProtoHTTP

/// Makes a ``ProtoHTTPManager`` with its own transport for a base URL: the plain protocol
/// (`application/x-protobuf`), HTTP/1.1 keep-alive, no proxy, and an idle-connection cache
/// as large as the calls in flight (so no point closes and reopens connections).
enum BenchManager {
    /// A manager for `baseURL` keeping up to `connections` idle connections; calls time out
    /// after `timeout`.
    static func make(baseURL: String, connections: Int, timeout: Duration = .seconds(60)) throws -> ProtoHTTPManager {
        var transport = TransportConfiguration()
        transport.httpVersion = .http1_1
        transport.proxy = .none
        transport.connectionCacheSize = max(transport.connectionCacheSize, connections)
        transport.timeout = timeout
        var configuration = ManagerConfiguration(baseURL: baseURL)
        configuration.timeout = timeout
        return try ProtoHTTPManager(configuration: configuration, transport: HTTPTransport(configuration: transport))
    }
}
