// ClientInFlightCurve.swift: ProtoHTTP's client RSS per call in flight, 1,000 and 10,000 calls held open by the server.
import BenchProcesses
import ProtoHTTP

/// `RESULT scale=client-inflight n=<calls> bytes_per_call=… rss_before_kib=… rss_held_kib=… rss_done_kib=… completed=… held_s=… done_s=…`
///
/// For each point a holding server child (``HoldServeCommand``), which answers no call until
/// all n have arrived and the bench says RELEASE, and a fresh manager (``BenchManager``; one
/// connection per call, HTTP/1.1):
///
/// ```
///  warm-up: 16 calls at once to /warmup (answered at once)    (curl's and the manager's first-use costs)
///  rss_before ─► n calls made at once (typed callback post) ─► server prints HELD n
///            ─► rss_held ─► RELEASE ─► every call must succeed with the expected response
///            ─► rss_done
///  bytes_per_call = (rss_held − rss_before) / n
/// ```
///
/// RSS is this process's `VmRSS`: the manager, curl's easy handles and connections, the
/// callbacks; the kernel's socket memory is not in it, nor anything of the server's.
enum ClientInFlightCurve {
    /// The calls held in flight.
    static func points(quick: Bool) -> [Int] { quick ? [200] : [1_000, 10_000] }

    /// Measures every point, each with its own server child and manager.
    static func run(options: Options, folder: TempFolder) async throws {
        for calls in points(quick: options.quick) {
            try FileLimit.require(calls + 200, for: "\(calls) calls in flight")
            let server = try SelfChild(name: "hold", arguments: [HoldServeCommand.flag, String(calls)], folder: folder)
            defer { server.stop() }
            let manager = try BenchManager.make(baseURL: server.baseURL, connections: 64, timeout: .seconds(120))
            defer { manager.transport.shutdown() }
            try await measure(calls: calls, server: server, manager: manager).emit()
        }
    }

    private static func measure(calls: Int, server: SelfChild, manager: ProtoHTTPManager) async throws -> ResultLine {
        let warmUp = CallOutcomes(expected: 16)
        for _ in 0..<warmUp.expected { call(manager, path: HoldServeCommand.warmupPath, outcomes: warmUp) }
        let warmed = await warmUp.waitForAll(timeout: .seconds(30))
        guard warmed.succeeded == warmUp.expected else {
            throw ScaleError("client-inflight: warm-up calls failed: \(warmed.firstFailure ?? "\(warmed.succeeded) of 16 answered")")
        }
        try? await Task.sleep(for: .milliseconds(500))
        let before = try ProcessMemory.residentKiB()
        let outcomes = CallOutcomes(expected: calls)
        let start = MonotonicClock.nanoseconds()
        for _ in 0..<calls { call(manager, path: Workload.path, outcomes: outcomes) }
        let heldLine: String
        do {
            heldLine = try await server.nextLine(timeout: .seconds(60))
        } catch {
            let counts = outcomes.now
            throw ScaleError("client-inflight n=\(calls): the server did not report \(calls) held calls within 60 s (\(error)); \(counts.failed) failed, the first: \(counts.firstFailure ?? "none")")
        }
        guard heldLine == "HELD \(calls)" else { throw ScaleError("client-inflight: the server said \(heldLine.debugDescription)") }
        let heldSeconds = MonotonicClock.seconds(since: start)
        let held = try ProcessMemory.residentKiB()
        try server.send("RELEASE")
        let counts = await outcomes.waitForAll(timeout: .seconds(60))
        let doneSeconds = MonotonicClock.seconds(since: start)
        guard counts.succeeded == calls else {
            throw ScaleError("client-inflight n=\(calls): \(counts.succeeded) of \(calls) calls succeeded, \(counts.failed) failed; the first: \(counts.firstFailure ?? "none (timed out)")")
        }
        let done = try ProcessMemory.residentKiB()
        var line = ResultLine(.clientInFlight, n: calls)
        line.add("bytes_per_call", Double(held - before) * 1024 / Double(calls), digits: 0)
        line.add("rss_before_kib", before)
        line.add("rss_held_kib", held)
        line.add("rss_done_kib", done)
        line.add("completed", counts.succeeded)
        line.add("held_s", heldSeconds, digits: 2)
        line.add("done_s", doneSeconds, digits: 2)
        return line
    }

    private static func call(_ manager: ProtoHTTPManager, path: String, outcomes: CallOutcomes) {
        manager.post(path, Workload.requestMessage, as: Workload.Message.self, success: { response, _ in
            if response == Workload.expectedResponse { outcomes.succeeded() } else { outcomes.failed("unexpected response \(response)") }
        }, failure: { error in
            outcomes.failed("\(error)")
        })
    }
}
