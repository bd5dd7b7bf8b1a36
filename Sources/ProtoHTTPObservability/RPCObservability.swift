// RPCObservability.swift: whether a manager or a server records OpenTelemetry RPC metrics and spans, and where to.
public import CoreMetrics
public import Tracing

/// What a manager (`ManagerConfiguration.observability`) or a server
/// (`ServerConfiguration.observability`) reports about each call, off by default as in
/// grpc-swift 2 and Hummingbird, where tracing and metrics are opted into.
///
/// - **Metrics** (swift-metrics), named as OpenTelemetry's RPC conventions name them:
///   `rpc.client.duration` / `rpc.server.duration` (timers, shown in milliseconds),
///   `rpc.client.request.size`, `.response.size` and the server's (recorders, bytes of unary
///   bodies), and `rpc.client.active_requests` / `rpc.server.active_requests` (meters, calls
///   in flight). Each has the dimensions `rpc.system` (`grpc` for gRPC and gRPC-Web,
///   `connect_rpc`, `twirp`, `http` for plain routes), `rpc.service` and `rpc.method`; the
///   finished-call metrics add `rpc.response.status_code` (`OK`, `NOT_FOUND`, …) and
///   `rpc.grpc.status_code` (gRPC's number) or, for a failed Connect call,
///   `rpc.connect_rpc.error_code`.
/// - **Tracing** (swift-distributed-tracing): a span per call, `pkg.Service/Method`, of kind
///   client or server, with the same attributes and an error status for failures. The client
///   injects the span's context into the request headers and the server extracts it, through
///   the tracer (swift-otel's propagator writes W3C `traceparent` and `tracestate`); a
///   handler runs with its span's context as `ServiceContext.current`, so a call it makes
///   continues the trace.
///
/// ```swift
/// configuration.observability = RPCObservability(metrics: true, tracing: true)   // MetricsSystem's and InstrumentationSystem's
/// ```
public struct RPCObservability: Sendable {
    /// Whether calls record metrics.
    public var metrics: Bool
    /// Whether calls make spans.
    public var tracing: Bool
    /// Where the metrics go; `nil`: `MetricsSystem.factory`, the process's bootstrapped one.
    public var metricsFactory: (any MetricsFactory)?
    /// Which tracer makes the spans; `nil`: `InstrumentationSystem.tracer`.
    public var tracer: (any Tracer)?

    /// Metrics, spans, both or neither, to the given factory and tracer or the process's.
    public init(metrics: Bool = false, tracing: Bool = false, metricsFactory: (any MetricsFactory)? = nil, tracer: (any Tracer)? = nil) {
        self.metrics = metrics
        self.tracing = tracing
        self.metricsFactory = metricsFactory
        self.tracer = tracer
    }

    /// No metrics, no spans: the default.
    public static var off: RPCObservability { RPCObservability() }

    /// Whether anything is recorded.
    package var isOff: Bool { !metrics && !tracing }
}
