// RPCCallObservation.swift: one call's metrics and span, from its start to its outcome, on either side.
package import ProtoHTTPCore
import CoreMetrics
package import HTTPTypes
package import Tracing
import Synchronization

/// The metrics and span of one call (``RPCObservability``): made when the call starts, ended
/// exactly once with its outcome. Client and server share it; only the `rpc.client` /
/// `rpc.server` prefix and the span's kind differ.
package final class RPCCallObservation: Sendable {
    /// Which end of the call this is.
    package enum Side: String, Sendable {
        case client, server
    }

    private let side: Side
    private let attributes: RPCCallAttributes
    private let factory: (any MetricsFactory)?
    private let span: (any Span)?
    private let tracer: (any Tracer)?
    private let active: Meter?
    private let started = ContinuousClock.now
    private let state = Mutex(Sizes())
    private let finished = Atomic(false)

    private struct Sizes {
        var request: Int?
        var response: Int?
    }

    /// Starts observing a call of `path` over `rpcProtocol`, inside `context` (the caller's,
    /// or what the server extracted from the request); `nil` when `observability` is off.
    package static func start(_ observability: RPCObservability, side: Side, path: String, rpcProtocol: RPCProtocol?,
                              context: ServiceContext) -> RPCCallObservation? {
        guard !observability.isOff else { return nil }
        return RPCCallObservation(observability, side: side, attributes: RPCCallAttributes(path: path, rpcProtocol: rpcProtocol), context: context)
    }

    private init(_ observability: RPCObservability, side: Side, attributes: RPCCallAttributes, context: ServiceContext) {
        self.side = side
        self.attributes = attributes
        if observability.metrics {
            let factory = observability.metricsFactory ?? MetricsSystem.factory
            self.factory = factory
            let active = Meter(label: "rpc.\(side.rawValue).active_requests", dimensions: attributes.dimensions, factory: factory)
            active.increment()
            self.active = active
        } else {
            factory = nil
            active = nil
        }
        if observability.tracing {
            let tracer = observability.tracer ?? InstrumentationSystem.tracer
            let span = tracer.startSpan(attributes.spanName, context: context, ofKind: side == .client ? .client : .server)
            span.updateAttributes { span in
                for (name, value) in attributes.dimensions { span[name] = value }
            }
            self.span = span
            self.tracer = tracer
        } else {
            span = nil
            tracer = nil
        }
    }

    /// The context the call runs in: its span's, or `base` without a span.
    package func context(_ base: ServiceContext) -> ServiceContext { span?.context ?? base }

    /// Writes the span's context into `headers` through the tracer's injector (W3C
    /// `traceparent` with swift-otel's propagator).
    package func inject(into headers: inout HTTPFields) {
        guard let span, let tracer else { return }
        tracer.inject(span.context, into: &headers, using: HTTPFieldsCarrier())
    }

    /// The size of the request's body, for `rpc.*.request.size`.
    package func noteRequest(bytes: Int) { state.withLock { $0.request = bytes } }

    /// The size of the response's body, for `rpc.*.response.size`.
    package func noteResponse(bytes: Int) { state.withLock { $0.response = bytes } }

    /// Ends a call that succeeded with a response message of `bytes`.
    package func finish(answering bytes: Int) {
        noteResponse(bytes: bytes)
        finish(code: nil)
    }

    /// Ends the call with `error` (`nil`: OK): records the duration and sizes, ends the span.
    /// Only the first call counts.
    package func finish(_ error: ProtoHTTPError?) {
        finish(code: error?.code, message: error?.message)
    }

    /// Ends the call with `code` (`nil`: OK) and the error's `message`.
    package func finish(code: ProtoHTTPError.Code?, message: String? = nil) {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let status = attributes.statusDimensions(code)
        if let factory {
            active?.decrement()
            let dimensions = attributes.dimensions + status
            let prefix = "rpc.\(side.rawValue)"
            Timer(label: "\(prefix).duration", dimensions: dimensions, preferredDisplayUnit: .milliseconds, factory: factory)
                .recordInterval(since: started)
            let sizes = state.withLock { $0 }
            if let bytes = sizes.request {
                Recorder(label: "\(prefix).request.size", dimensions: dimensions, aggregate: true, factory: factory).record(bytes)
            }
            if let bytes = sizes.response {
                Recorder(label: "\(prefix).response.size", dimensions: dimensions, aggregate: true, factory: factory).record(bytes)
            }
        }
        if let span {
            span.updateAttributes { span in
                for (name, value) in status { span[name] = value }
            }
            if let code, attributes.isError(code, side: side) {
                span.setStatus(SpanStatus(code: .error, message: message.map { "\(code.name): \($0)" } ?? code.name))
            }
            span.end()
        }
    }
}

extension Timer {
    /// Records the time from `start` to now.
    fileprivate func recordInterval(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
