// HTTPFieldsCarrier.swift: HTTPFields as the carrier a tracer injects a span's context into and extracts it from.
package import HTTPTypes
package import Tracing

/// Injects into and extracts from `HTTPFields`, for a tracer's propagation (`traceparent`,
/// `tracestate`): an injected key replaces the field of its name; an extracted key is its
/// first value. Keys that are no valid field names are skipped.
package struct HTTPFieldsCarrier: Injector, Extractor {
    package init() {}

    package func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }

    package func extract(key: String, from carrier: HTTPFields) -> String? {
        guard let name = HTTPField.Name(key) else { return nil }
        return carrier[name]
    }
}

extension RPCCallObservation {
    /// The context a request's headers carry (`traceparent` and the rest, as the tracer reads
    /// them) on top of `ServiceContext.topLevel`.
    package static func extractContext(_ headers: HTTPFields, _ observability: RPCObservability) -> ServiceContext {
        var context = ServiceContext.topLevel
        guard observability.tracing else { return context }
        (observability.tracer ?? InstrumentationSystem.tracer).extract(headers, into: &context, using: HTTPFieldsCarrier())
        return context
    }
}
