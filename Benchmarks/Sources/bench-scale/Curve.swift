// Curve.swift: the five groups of curves `--only` chooses among, in the order a run measures them.

/// A group of curves measured together (`--only <name>`), each needing its own servers.
enum Curve: String, CaseIterable, Sendable {
    /// ProtoHTTPServer: rps and p99 under wrk, RSS per idle keep-alive connection.
    case server
    /// ProtoHTTP's client: rps against nginx, RSS per call in flight.
    case client
    /// ProtoWire: ns per byte, encode and decode, 1 KB to 100 MB.
    case codec
    /// OfflineQueue: enqueue and replay rates and file size, 10^3 to 10^5 (10^6 with `--queue-max`).
    case queue
    /// Memory and disk response caches: hit and store ns, 10^3 to 10^5 entries.
    case cache
}
