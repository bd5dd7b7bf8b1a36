// ConnectRequestHeaders.swift: the server's checks of Connect's request headers: the protocol version and the timeout.
import ProtoHTTPCore


enum ConnectRequestHeaders {
    /// `Connect-Protocol-Version`, when present, must be `1`.
    static func checkVersion(_ value: String?) -> ServerError? {
        guard let value, !ConnectHeaders.isSupportedVersion(value) else { return nil }
        return ServerError(
            .connect, .invalidArgument,
            "\(ConnectHeaders.protocolVersion) \"\(value)\" is not supported; this server speaks Connect protocol version 1."
        )
    }

    /// The deadline `Connect-Timeout-Ms` sets, counted from `now`: 1 to 10 ASCII digits.
    static func deadline(_ value: String?, now: ContinuousClock.Instant) -> Result<ContinuousClock.Instant?, ServerError> {
        guard let value else { return .success(nil) }
        guard let timeout = ConnectHeaders.parseTimeout(value) else {
            return .failure(ServerError(
                .connect, .invalidArgument,
                "\(ConnectHeaders.timeout) \"\(value)\" is not a timeout; send 1 to 10 digits of milliseconds, or leave the header out."
            ))
        }
        return .success(now.advanced(by: timeout))
    }
}
