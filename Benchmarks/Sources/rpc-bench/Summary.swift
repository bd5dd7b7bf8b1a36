// Summary.swift: the closing `#` lines: ProtoHTTP's throughput and CPU as ratios to the other clients.
import BenchSupport

/// One finished case.
struct CaseResult: Sendable {
    /// Which client.
    var client: ClientKind
    /// Calls in flight.
    var concurrency: Int
    /// What it measured.
    var measurement: Measurement
}

/// Human-readable ratios printed after the RESULT lines, one line per concurrency:
///
/// ```
/// # concurrency=1 rps protohttp/asynchttpclient=1.62 protohttp/urlsession=5.14 wrk/protohttp=2.92 cpu protohttp/asynchttpclient=0.46
/// ```
enum Summary {
    /// The ratio lines for `results` (empty when ProtoHTTP was not measured).
    static func lines(_ results: [CaseResult]) -> [String] {
        var lines: [String] = []
        var seen: [Int] = []
        for result in results where !seen.contains(result.concurrency) {
            seen.append(result.concurrency)
            let same = results.filter { $0.concurrency == result.concurrency }
            guard let ours = same.first(where: { $0.client == .protohttp })?.measurement else { continue }
            var line = "# concurrency=\(result.concurrency) rps"
            for other in same where other.client != .protohttp {
                let theirs = other.measurement.callsPerSecond
                guard theirs > 0, ours.callsPerSecond > 0 else { continue }
                line += other.client == .wrk
                    ? " wrk/protohttp=\(fixed(theirs / ours.callsPerSecond, digits: 2))"
                    : " protohttp/\(other.client.rawValue)=\(fixed(ours.callsPerSecond / theirs, digits: 2))"
            }
            if let ahc = same.first(where: { $0.client == .asynchttpclient })?.measurement, ahc.cpuMicrosecondsPerCall > 0 {
                line += " cpu protohttp/asynchttpclient=\(fixed(ours.cpuMicrosecondsPerCall / ahc.cpuMicrosecondsPerCall, digits: 2))"
            }
            lines.append(line)
        }
        return lines
    }
}
