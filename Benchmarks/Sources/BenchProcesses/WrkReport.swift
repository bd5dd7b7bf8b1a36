// WrkReport.swift: parsing the figures rpc-bench and bench-scale need from `wrk --latency` output.

/// What `wrk --latency` printed, reduced to the figures of a RESULT line.
///
/// ```
///   Latency Distribution
///      50%   22.00us
///      99%    4.22ms
///   68818 requests in 2.01s, 15.16MB read
///   Non-2xx or 3xx responses: 3        (only when some were)
/// Requests/sec:  34276.97
/// ```
public struct WrkReport: Sendable {
    /// Completed requests.
    public var requests: Int
    /// `Requests/sec`.
    public var requestsPerSecond: Double
    /// The 50% latency, microseconds.
    public var p50Microseconds: Double
    /// The 99% latency, microseconds.
    public var p99Microseconds: Double
    /// Non-2xx responses plus socket errors (connect, read, write, timeout).
    public var errors: Int

    /// Parses wrk's report; throws naming the first figure it could not find.
    public init(parsing text: String) throws {
        var requests: Int?, rate: Double?, p50: Double?, p99: Double?
        var errors = 0
        for raw in text.split(separator: "\n") {
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            guard let first = words.first else { continue }
            switch first {
            case "50%" where words.count >= 2: p50 = Self.microseconds(words[1])
            case "99%" where words.count >= 2: p99 = Self.microseconds(words[1])
            case "Requests/sec:" where words.count >= 2: rate = Double(words[1])
            case "Non-2xx" where words.count >= 5: errors += Int(words[4]) ?? 1
            case "Socket" where words.count >= 2:
                // "Socket errors: connect 0, read 0, write 0, timeout 0"
                errors += words.compactMap { Int($0) }.reduce(0, +)
            default:
                if words.count >= 3, words[1] == "requests", words[2] == "in" { requests = Int(first) }
            }
        }
        guard let requests else { throw ProcessError("wrk: no \"N requests in\" line in its output:\n\(text)") }
        guard let rate else { throw ProcessError("wrk: no Requests/sec line in its output:\n\(text)") }
        guard let p50, let p99 else { throw ProcessError("wrk: no 50%/99% latency lines (was --latency given?):\n\(text)") }
        self.requests = requests
        self.requestsPerSecond = rate
        self.p50Microseconds = p50
        self.p99Microseconds = p99
        self.errors = errors
    }

    /// `22.00us`, `1.40ms`, `2.00s`, `1.00m` as microseconds; `nil` for anything else.
    public static func microseconds(_ word: Substring) -> Double? {
        let units: [(String, Double)] = [("us", 1), ("ms", 1e3), ("s", 1e6), ("m", 60e6), ("h", 3600e6)]
        for (suffix, scale) in units where word.hasSuffix(suffix) {
            guard let value = Double(word.dropLast(suffix.count)) else { return nil }
            return value * scale
        }
        return nil
    }
}
