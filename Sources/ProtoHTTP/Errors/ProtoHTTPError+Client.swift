// ProtoHTTPError+Client.swift: the errors only the client raises: a cancelled call, a transport shut down under a call.
package import ProtoHTTPCore

extension ProtoHTTPError {
    /// The call was cancelled by its caller before it finished.
    package static func cancelled(_ detail: String = "the call was cancelled before it finished") -> ProtoHTTPError {
        ProtoHTTPError(
            code: .canceled,
            message: "\(detail); no response will be delivered. This is expected after cancel(); retry the call if you still need it."
        )
    }

    /// The transport shut down while the call was queued or in flight.
    static func transportShutDown() -> ProtoHTTPError {
        ProtoHTTPError(
            code: .canceled,
            message: "the transport was shut down while the call was pending; keep the HTTPTransport alive until its calls finish."
        )
    }
}
