// FailureMapping.swift: what a thrown error becomes on the wire: the handler's ProtoHTTPError as is, anything else hidden.
import Logging
import ProtoHTTPCore

enum FailureMapping {
    /// The client-facing error for `error`, thrown while serving `method` over `negotiated`.
    ///
    /// A `ProtoHTTPError` goes out with its code, message, details and meta. A body that did not
    /// decode is `invalid_argument` (Twirp: `malformed`). A passed deadline is
    /// `deadline_exceeded`. Anything else becomes `internal` with a fixed message; its text is
    /// logged, never sent.
    static func serverError(for error: any Error, method: String, negotiated: Negotiated, logger: Logger) -> ServerError {
        let wireProtocol = negotiated.wireProtocol
        switch error {
        case let error as ProtoHTTPError:
            var outgoing = ProtoHTTPError(code: error.code, message: error.message, details: error.details, meta: error.meta)
            if outgoing.code == .unknown && outgoing.message.isEmpty { outgoing.message = "the handler failed" }
            return ServerError(wireProtocol, error: outgoing)
        case MethodFailure.undecodableRequest(let cause, let typeName, let encoding):
            let form = encoding == .json ? "proto3 JSON" : "binary protobuf"
            var failure = ServerError(
                wireProtocol, .invalidArgument,
                "the request body is not a valid \(typeName) in \(form): \(cause). Send the message \(method) expects, encoded as its Content-Type (or a Connect GET's encoding parameter) says."
            )
            failure.twirpCodeOverride = "malformed"
            return failure
        case MethodFailure.unencodableResponse(let cause, let typeName):
            logger.error("the response \(typeName) has no JSON form: \(cause)", metadata: ["method": "\(method)"])
            return ServerError(wireProtocol, .internal, "the server could not encode its response as JSON; call it with binary protobuf, or report this to the service's owner.")
        case is DeadlinePassed:
            let header = wireProtocol.usesTrailers ? "grpc-timeout" : "Connect-Timeout-Ms"
            return ServerError(wireProtocol, .deadlineExceeded, "the call did not finish within the \(header) the client sent; allow more time or make the call cheaper.")
        case is CancellationError:
            return ServerError(wireProtocol, .canceled, "the call was cancelled before the handler finished.")
        default:
            logger.error("handler failed: \(String(reflecting: error))", metadata: ["method": "\(method)"])
            return ServerError(wireProtocol, .internal, "the handler failed with an internal error; the server's log has the cause.")
        }
    }
}
