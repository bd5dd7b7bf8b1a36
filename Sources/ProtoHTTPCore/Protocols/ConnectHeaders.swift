// ConnectHeaders.swift: Connect's header names and values, and the Connect-Timeout-Ms grammar.
public import HTTPTypes


/// The headers the Connect protocol defines for unary calls.
///
/// ```
/// Connect-Protocol-Version: 1        sent by clients; servers may require it
/// Connect-Timeout-Ms: 1500           the call's deadline: 1 to 10 ASCII digits of milliseconds
/// ```
public enum ConnectHeaders {
    /// `Connect-Protocol-Version` (the same name as `HTTPField.Name.connectProtocolVersion`).
    public static let protocolVersion: HTTPField.Name = .connectProtocolVersion
    /// The only protocol version there is: `1`.
    public static let protocolVersionValue = "1"
    /// `Connect-Timeout-Ms` (the same name as `HTTPField.Name.connectTimeout`).
    public static let timeout: HTTPField.Name = .connectTimeout
    /// The largest timeout the header can say: ten digits of milliseconds.
    public static let maxTimeoutMilliseconds: Int64 = 9_999_999_999

    /// The `Connect-Timeout-Ms` value for `timeout`: whole milliseconds, rounded down but at
    /// least 1 (a positive deadline never reads as "already passed"), at most ten digits.
    public static func timeoutValue(_ timeout: Duration) -> String {
        String(min(max(1, timeout.wholeMilliseconds), maxTimeoutMilliseconds))
    }

    /// The timeout a `Connect-Timeout-Ms` value states, or `nil` when the value breaks the
    /// grammar: 1 to 10 ASCII digits, optional surrounding whitespace, nothing else.
    public static func parseTimeout(_ value: String) -> Duration? {
        let digits = HTTPText.trimmed(value).utf8
        guard (1...10).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var milliseconds: Int64 = 0
        for digit in digits { milliseconds = milliseconds * 10 + Int64(digit - 0x30) }
        return .milliseconds(milliseconds)
    }

    /// The prefix of the headers that carry a unary response's trailers (`trailer-x-count: 3`
    /// for the trailer `x-count: 3`): Connect unary has no HTTP trailers.
    public static let trailerPrefix = "trailer-"

    /// `trailers` as unary response headers: each name with ``trailerPrefix`` before it.
    public static func trailerHeaders(_ trailers: HTTPFields) -> HTTPFields {
        var headers = HTTPFields()
        for field in trailers {
            if let name = HTTPField.Name(trailerPrefix + field.name.rawName) { headers.append(HTTPField(name: name, value: field.value)) }
        }
        return headers
    }

    /// A unary response's headers split in two: those named with ``trailerPrefix`` become the
    /// trailers (the prefix dropped, case-insensitively), the rest stay headers.
    public static func splitTrailers(_ headers: HTTPFields) -> (headers: HTTPFields, trailers: HTTPFields) {
        let prefix = trailerPrefix.utf8.count
        guard headers.contains(where: { isTrailerName($0.name) }) else { return (headers, [:]) }
        var kept = HTTPFields(), trailers = HTTPFields()
        for field in headers {
            if isTrailerName(field.name), let name = HTTPField.Name(String(field.name.canonicalName.dropFirst(prefix))) {
                trailers.append(HTTPField(name: name, value: field.value))
            } else {
                kept.append(field)
            }
        }
        return (kept, trailers)
    }

    private static func isTrailerName(_ name: HTTPField.Name) -> Bool {
        name.canonicalName.utf8.count > trailerPrefix.utf8.count && name.canonicalName.hasPrefix(trailerPrefix)
    }

    /// Whether a `Connect-Protocol-Version` value names the version this library speaks.
    public static func isSupportedVersion(_ value: String) -> Bool {
        HTTPText.trimmed(value) == protocolVersionValue
    }
}
