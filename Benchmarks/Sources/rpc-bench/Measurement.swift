// Measurement.swift: what one (client, concurrency) case measured, and its RESULT line.
import BenchSupport

/// The outcome of one measured window: how many calls finished, how long it lasted, the
/// per-call latencies and the client's CPU time.
struct Measurement: Sendable {
    /// Calls completed inside the window.
    var calls: Int
    /// The window's length in seconds.
    var seconds: Double
    /// Median per-call latency, microseconds.
    var p50Microseconds: Double
    /// 99th-percentile per-call latency, microseconds.
    var p99Microseconds: Double
    /// The client's user+system CPU time over the window, microseconds.
    var cpuMicroseconds: Double
    /// The server process's user+system CPU time over the window, microseconds, when read
    /// (10 ms resolution); only in `#` lines, never in the RESULT line.
    var serverCPUMicroseconds: Double? = nil

    /// Calls per second.
    var callsPerSecond: Double { seconds > 0 ? Double(calls) / seconds : 0 }
    /// Client CPU microseconds per call.
    var cpuMicrosecondsPerCall: Double { calls > 0 ? cpuMicroseconds / Double(calls) : 0 }
    /// Server CPU microseconds per call, when the server's CPU time was read.
    var serverCPUMicrosecondsPerCall: Double? {
        guard let serverCPUMicroseconds, calls > 0 else { return nil }
        return serverCPUMicroseconds / Double(calls)
    }

    /// The machine-readable line other tools parse:
    ///
    /// ```
    /// RESULT client=<name> concurrency=<n> rps=<x> p50_us=<y> p99_us=<z> cpu_us_per_call=<w>[ server=<s>]
    /// ```
    ///
    /// `server` is appended only for servers other than nginx (`serverTag` non-nil).
    func resultLine(client: String, concurrency: Int, serverTag: String?) -> String {
        var line = "RESULT client=\(client) concurrency=\(concurrency)"
            + " rps=\(fixed(callsPerSecond, digits: 1))"
            + " p50_us=\(fixed(p50Microseconds, digits: 1))"
            + " p99_us=\(fixed(p99Microseconds, digits: 1))"
            + " cpu_us_per_call=\(fixed(cpuMicrosecondsPerCall, digits: 2))"
        if let serverTag { line += " server=\(serverTag)" }
        return line
    }
}
