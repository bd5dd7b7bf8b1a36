// CallPriority.swift: how urgent a call is: the order calls waiting for a transfer slot start in, and the HTTP/2 stream weight.

/// How urgent a call is (YTKNetwork's `requestPriority`, XMNetworking's `priority`).
///
/// Calls waiting for one of the transport's ``TransportConfiguration/maxConcurrentTransfers``
/// slots start high first, then normal, then low, each level in the order the calls were made.
/// Over HTTP/2 the priority is also the stream's weight (256, 16 — libcurl's default — and 1), a
/// hint servers may follow or ignore (RFC 9113 deprecated that scheme).
public enum CallPriority: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Behind every other waiting call.
    case low = 0
    /// The default.
    case normal = 1
    /// Ahead of every other waiting call.
    case high = 2

    /// Lower priorities sort first.
    public static func < (lhs: CallPriority, rhs: CallPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The HTTP/2 stream weight (`CURLOPT_STREAM_WEIGHT`, 1–256).
    var streamWeight: Int {
        switch self {
        case .low: 1
        case .normal: 16
        case .high: 256
        }
    }
}
