// HandlerResponseFields.swift: the response headers and trailers a handler or interceptor sets, shared by every copy of its context.
import Synchronization
import Logging
import HTTPTypes
import ProtoHTTPCore

/// What a call's handler and interceptors add to its response, held once per call so that
/// every copy of the ``ServerContext`` writes to the same place. Written by the handler's
/// task, read by the channel when the answer goes out.
final class HandlerResponseFields: Sendable {
    private let fields = Mutex(Snapshot())

    /// The headers and trailers set so far.
    struct Snapshot: Sendable {
        var headers: HTTPFields = [:]
        var trailers: HTTPFields = [:]
    }

    var snapshot: Snapshot { fields.withLock { $0 } }

    func update(_ change: (inout Snapshot) -> Void) {
        fields.withLock { change(&$0) }
    }

    /// Fields the server sets itself (framing, compression, the status of gRPC and Connect):
    /// a handler's values for them are dropped, with a warning in the call's log.
    static let reserved: Set<HTTPField.Name> = [
        .contentType, .contentLength, .contentEncoding, .transferEncoding, .connection, .te, .trailer, .upgrade,
        .grpcStatus, .grpcMessage, .grpcStatusDetailsBin, .grpcEncoding, .grpcAcceptEncoding,
        .connectContentEncoding, .connectAcceptEncoding, .connectProtocolVersion,
        HTTPField.Name("keep-alive")!,
    ]

    /// What goes out: the snapshot without reserved fields, each dropped one logged to `logger`.
    func outgoing(logger: Logger) -> Snapshot {
        var out = snapshot
        out.headers = Self.allowed(out.headers, "header", logger)
        out.trailers = Self.allowed(out.trailers, "trailer", logger)
        return out
    }

    private static func allowed(_ fields: HTTPFields, _ kind: String, _ logger: Logger) -> HTTPFields {
        guard fields.contains(where: { reserved.contains($0.name) }) else { return fields }
        var kept = HTTPFields()
        for field in fields {
            if reserved.contains(field.name) {
                logger.warning("the handler set the response \(kind) \(field.name.canonicalName), which the server sets itself; it is dropped.")
            } else {
                kept.append(field)
            }
        }
        return kept
    }
}
