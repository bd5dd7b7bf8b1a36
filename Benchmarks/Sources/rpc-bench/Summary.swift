// Summary.swift: the closing `#` lines: ProtoHTTP's throughput and CPU as ratios to the other clients, and our server's to nginx.
import BenchSupport

/// One finished case.
struct CaseResult: Sendable {
    /// The server's RESULT tag (`nil`: nginx).
    var server: String?
    /// Which client.
    var client: ClientKind
    /// Calls in flight.
    var concurrency: Int
    /// What it measured.
    var measurement: Measurement
}

/// Human-readable ratios printed after the RESULT lines: per server and concurrency, our
/// client against the others (lines against our server end in ` server=protohttp`); then per
/// concurrency, each client's rps against our server over its rps against nginx:
///
/// ```
/// # concurrency=1 rps protohttp/libcurl-c=0.81 protohttp/asynchttpclient=1.62 protohttp/urlsession=5.14 wrk/protohttp=2.92 cpu protohttp/libcurl-c=1.40 protohttp/asynchttpclient=0.46
/// # concurrency=1 rps wrk/protohttp=2.50 server=protohttp
/// # concurrency=1 rps server protohttp/nginx wrk=0.71 protohttp=0.98
/// ```
enum Summary {
    /// The ratio lines for `results`.
    static func lines(_ results: [CaseResult]) -> [String] {
        var servers: [String?] = []
        for result in results where !servers.contains(result.server) { servers.append(result.server) }
        var lines: [String] = []
        for server in servers {
            let suffix = server.map { " server=\($0)" } ?? ""
            lines += clientLines(results.filter { $0.server == server }).map { $0 + suffix }
        }
        return lines + serverLines(results)
    }

    /// Per concurrency, our client's rps and CPU over the other clients' (all against one
    /// server); none when ProtoHTTP was not measured.
    private static func clientLines(_ results: [CaseResult]) -> [String] {
        var lines: [String] = []
        for concurrency in concurrencies(results) {
            let same = results.filter { $0.concurrency == concurrency }
            guard let ours = same.first(where: { $0.client == .protohttp })?.measurement else { continue }
            var line = "# concurrency=\(concurrency) rps"
            for other in same where other.client != .protohttp {
                let theirs = other.measurement.callsPerSecond
                guard theirs > 0, ours.callsPerSecond > 0 else { continue }
                line += other.client == .wrk
                    ? " wrk/protohttp=\(fixed(theirs / ours.callsPerSecond, digits: 2))"
                    : " protohttp/\(other.client.rawValue)=\(fixed(ours.callsPerSecond / theirs, digits: 2))"
            }
            var cpu = ""
            for other in same where [.asynchttpclient, .libcurlC].contains(other.client) && other.measurement.cpuMicrosecondsPerCall > 0 {
                cpu += " protohttp/\(other.client.rawValue)=\(fixed(ours.cpuMicrosecondsPerCall / other.measurement.cpuMicrosecondsPerCall, digits: 2))"
            }
            if !cpu.isEmpty { line += " cpu" + cpu }
            lines.append(line)
        }
        return lines
    }

    /// Per concurrency, each client measured against both servers: its rps against our server
    /// over its rps against nginx (wrk's ratio is how close our server comes to nginx).
    private static func serverLines(_ results: [CaseResult]) -> [String] {
        var lines: [String] = []
        for concurrency in concurrencies(results) {
            let same = results.filter { $0.concurrency == concurrency }
            var line = "# concurrency=\(concurrency) rps server protohttp/nginx"
            var any = false
            for ours in same where ours.server == ServerKind.protohttp.rawValue {
                guard let nginx = same.first(where: { $0.server == nil && $0.client == ours.client })?.measurement,
                      nginx.callsPerSecond > 0
                else { continue }
                line += " \(ours.client.rawValue)=\(fixed(ours.measurement.callsPerSecond / nginx.callsPerSecond, digits: 2))"
                any = true
            }
            if any { lines.append(line) }
        }
        return lines
    }

    /// The concurrencies of `results`, in order of first appearance.
    private static func concurrencies(_ results: [CaseResult]) -> [Int] {
        var seen: [Int] = []
        for result in results where !seen.contains(result.concurrency) { seen.append(result.concurrency) }
        return seen
    }
}
