// ClientRateCurve.swift: ProtoHTTP's client rps and latency against nginx at 1 to 256 calls in flight.
import BenchProcesses
import ProtoHTTP

/// `RESULT scale=client-rps n=<calls in flight> rps=… p50_us=… p99_us=… client_rss_kib=…`
///
/// For each point a fresh manager (``BenchManager``) runs n loops against one nginx; each
/// loop makes its next call from the previous call's success callback (the typed callback
/// `post`, as rpc-bench's `protohttp` client), so exactly n calls are in flight. A warm-up,
/// then a measured window; a failed call fails the point.
enum ClientRateCurve {
    /// The calls in flight.
    static func points(quick: Bool) -> [Int] { quick ? [1, 16] : [1, 16, 64, 256] }

    /// Measures every point against one nginx.
    static func run(options: Options, folder: TempFolder) async throws {
        let nginx = try NginxServer(folder: folder)
        defer { nginx.stop() }
        note("client-rps: ProtoHTTP's client against nginx, \(options.warmup) s warm-up + \(options.duration) s per point")
        for inFlight in points(quick: options.quick) {
            let manager = try BenchManager.make(baseURL: nginx.baseURL, connections: inFlight)
            defer { manager.transport.shutdown() }
            let tally = CallTally()
            async let loops: Void = LoopGroup.wait(loops: inFlight) { group, _ in call(manager, tally: tally, group: group) }
            try? await Task.sleep(for: .seconds(options.warmup))
            tally.beginWindow()
            try? await Task.sleep(for: .seconds(options.duration))
            let window = tally.endWindow()
            await loops
            if window.failures > 0 {
                throw ScaleError("client-rps n=\(inFlight): \(window.failures) call(s) failed; the first: \(window.firstFailure ?? "?")")
            }
            let latencies = Percentiles(window.latencies)
            var line = ResultLine(.clientRPS, n: inFlight)
            line.add("rps", window.seconds > 0 ? Double(window.latencies.count) / window.seconds : 0, digits: 0)
            line.add("p50_us", latencies.microseconds(at: 50), digits: 0)
            line.add("p99_us", latencies.microseconds(at: 99), digits: 0)
            line.add("client_rss_kib", try ProcessMemory.residentKiB())
            line.emit()
        }
    }

    /// One call of a loop; its success callback makes the next while the tally says go on.
    private static func call(_ manager: ProtoHTTPManager, tally: CallTally, group: LoopGroup) {
        let startedAt = MonotonicClock.nanoseconds()
        manager.post(Workload.path, Workload.requestMessage, as: Workload.Message.self, success: { response, _ in
            guard response == Workload.expectedResponse else {
                tally.failed("unexpected response \(response)")
                group.loopEnded()
                return
            }
            if tally.succeeded(startedAt: startedAt) {
                call(manager, tally: tally, group: group)
            } else {
                group.loopEnded()
            }
        }, failure: { error in
            tally.failed("\(error)")
            group.loopEnded()
        })
    }
}
