// ConnectHeaders.swift: checks of Connect's request headers: the protocol version and the timeout.
import ProtoHTTP

enum ConnectHeaders {
    /// `Connect-Protocol-Version`, when present, must be `1`.
    static func checkVersion(_ value: String?) -> ServerError? {
        guard let value, value.trimmingCharacters(in: " \t") != "1" else { return nil }
        return ServerError(
            .connect, .invalidArgument,
            "Connect-Protocol-Version \"\(value)\" is not supported; this server speaks Connect protocol version 1."
        )
    }

    /// The deadline `Connect-Timeout-Ms` sets, counted from `now`: 1 to 10 ASCII digits.
    static func deadline(_ value: String?, now: ContinuousClock.Instant) -> Result<ContinuousClock.Instant?, ServerError> {
        guard let value else { return .success(nil) }
        let digits = value.trimmingCharacters(in: " \t")
        guard (1...10).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let milliseconds = Int64(digits)
        else {
            return .failure(ServerError(
                .connect, .invalidArgument,
                "Connect-Timeout-Ms \"\(value)\" is not a timeout; send 1 to 10 digits of milliseconds, or leave the header out."
            ))
        }
        return .success(now.advanced(by: .milliseconds(milliseconds)))
    }
}

extension String {
    /// The text without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var slice = self[...]
        while let first = slice.first, chars.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, chars.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
