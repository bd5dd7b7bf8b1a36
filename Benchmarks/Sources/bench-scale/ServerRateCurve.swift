// ServerRateCurve.swift: ProtoHTTPServer's rps and latency under wrk at 1 to 1,024 connections.
import BenchProcesses

/// `RESULT scale=server-rps n=<connections> rps=… p50_us=… p99_us=… errors=… server_rss_kib=… listen_overflows=…`
///
/// One ProtoHTTPServer child (``ServeCommand``, ``Options/serverThreads`` event loops, default
/// limits: 4,096 connections and requests) serves wrk `-t1 -c<n>` for every point in turn: a
/// warm-up run, then the measured one (each run opens its n connections anew). The server's
/// RSS is read after each point, and the machine's ``ListenOverflows`` around it (warm-up
/// included).
enum ServerRateCurve {
    /// The connection counts.
    static func points(quick: Bool) -> [Int] { quick ? [1, 16] : [1, 16, 64, 256, 1024] }

    /// Measures every point against one server child.
    static func run(options: Options, folder: TempFolder) async throws {
        let points = points(quick: options.quick)
        try FileLimit.require((points.max() ?? 0) + 64, for: "wrk -c\(points.max() ?? 0)")
        let server = try SelfChild(name: "protohttp", arguments: [ServeCommand.flag] + ServeSettings(threads: options.serverThreads).arguments,
                                   folder: folder)
        defer { server.stop() }
        let wrk = try WrkRun(baseURL: server.baseURL, folder: folder)
        note("server-rps: ProtoHTTPServer (\(options.serverThreads) event-loop thread(s)) under wrk -t1, \(options.warmup) s warm-up + \(options.duration) s per point")
        for connections in points {
            let overflowsBefore = ListenOverflows.read()
            let report = try await wrk.measure(connections: connections, warmup: options.warmup, seconds: options.duration)
            let overflowsAfter = ListenOverflows.read()
            var line = ResultLine(.serverRPS, n: connections)
            line.add("rps", report.requestsPerSecond, digits: 0)
            line.add("p50_us", report.p50Microseconds, digits: 0)
            line.add("p99_us", report.p99Microseconds, digits: 0)
            line.add("errors", report.errors)
            line.add("server_rss_kib", try ProcessMemory.residentKiB(of: server.pid))
            if let overflowsBefore, let overflowsAfter { line.add("listen_overflows", overflowsAfter - overflowsBefore) }
            line.emit()
        }
    }
}
