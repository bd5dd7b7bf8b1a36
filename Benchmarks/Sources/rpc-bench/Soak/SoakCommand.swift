// SoakCommand.swift: `rpc-bench --soak MINUTES`: 64 clients call our server for a long time; errors, RSS and descriptors every minute.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import ProtoHTTP

/// The long-run check of issue 16: many clients call ProtoHTTPServer (the benchmark's child
/// server, one event-loop thread) without pause, and once a minute the soak prints a row of
/// answered and failed calls, and the server's and the client's resident memory, open
/// descriptors and threads. A leak shows as a column that keeps growing.
///
/// ```
/// rpc-bench --soak MINUTES [--soak-clients N] [--soak-managers M]
/// ```
///
/// The clients are `N` call loops (default 64) spread over `M` managers (default 4), each
/// manager with its own transport thread and connections; every loop makes its next call from
/// the previous one's callback. Every 500th call of each loop goes through a fresh connection
/// (`Connection: close`), so accepting and closing keep happening through the run. Prints
/// `RESULT soak minutes=<m> clients=<n> calls=<n> errors=<n> server_rss_kib_first=<k>
/// server_rss_kib_last=<k> server_fds_first=<n> server_fds_last=<n> flat=<yes|no>`, where
/// "first" is the end of minute 1 (after warm-up) and flat means RSS grew by less than 10 %
/// and descriptors by at most the client count between then and the end.
enum SoakCommand {
    /// The first argument that selects this mode.
    static let flag = "--soak"

    /// Runs the soak with `arguments` (after ``flag``); returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        guard let minutes = arguments.first.flatMap(Int.init), (1...600).contains(minutes) else {
            report("usage: rpc-bench --soak MINUTES [--soak-clients N] [--soak-managers M]")
            return 2
        }
        var clients = 64
        var managers = 4
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), (1...1024).contains(value) else {
                report("\(option) wants a number from 1 to 1024")
                return 2
            }
            switch option {
            case "--soak-clients": clients = value
            case "--soak-managers": managers = value
            default:
                report("unknown soak option \(option)")
                return 2
            }
        }
        let folder: TempFolder
        do { folder = try TempFolder.make(for: "rpc-bench") } catch {
            report("\(error)")
            return 1
        }
        defer { folder.remove() }
        let server = ProtoHTTPBenchServer(folder: folder, threads: 1)
        defer { server.stop() }
        do {
            let baseURL = try server.start()
            guard let pid = server.pid else { throw BenchError("the server has no pid") }
            return try await soak(baseURL: baseURL, serverPID: pid, minutes: minutes, clients: clients, managers: min(managers, clients))
        } catch {
            report("\(error)")
            return 1
        }
    }

    private static func soak(baseURL: String, serverPID: pid_t, minutes: Int, clients: Int, managers: Int) async throws -> Int32 {
        let pool = try (0..<managers).map { _ in try makeManager(baseURL: baseURL, connections: clients / managers + 1) }
        let counters = SoakCounters()
        for loop in 0..<clients {
            call(pool[loop % managers], counters: counters, number: loop)
        }
        print("# rpc-bench soak: \(clients) clients on \(managers) managers → \(baseURL)\(Workload.path), \(minutes) min, one server thread")
        print("minute  calls/min  errors  server RSS KiB  server fds  server threads  client RSS KiB  client fds")
        var rows: [(minute: Int, server: ProcessStats, client: ProcessStats)] = []
        var last = (answered: 0, failed: 0)
        for minute in 1...minutes {
            try await Task.sleep(for: .seconds(60))
            let totals = counters.totals
            guard let serverStats = ProcessStats.read(serverPID), let clientStats = ProcessStats.read() else {
                throw BenchError("the server process is gone (minute \(minute))")
            }
            rows.append((minute, serverStats, clientStats))
            print(String(format: "%6d  %9d  %6d  %14d  %10d  %14d  %14d  %10d", minute, totals.answered - last.answered,
                         totals.failed - last.failed, serverStats.rssKiB, serverStats.descriptors, serverStats.threads,
                         clientStats.rssKiB, clientStats.descriptors))
            fflush(nil)
            last = totals
        }
        counters.stop()
        try await Task.sleep(for: .seconds(1))
        pool.forEach { $0.transport.shutdown() }
        let totals = counters.totals
        for failure in counters.failures { report("soak failure: \(failure)") }
        guard let first = rows.first, let end = rows.last else { return 1 }
        let rssFlat = Double(end.server.rssKiB) < Double(first.server.rssKiB) * 1.10
        let fdsFlat = end.server.descriptors <= first.server.descriptors + clients
        let flat = rssFlat && fdsFlat
        print("RESULT soak minutes=\(minutes) clients=\(clients) calls=\(totals.answered + totals.failed) errors=\(totals.failed)"
              + " server_rss_kib_first=\(first.server.rssKiB) server_rss_kib_last=\(end.server.rssKiB)"
              + " server_fds_first=\(first.server.descriptors) server_fds_last=\(end.server.descriptors) flat=\(flat ? "yes" : "no")")
        return totals.failed == 0 && flat ? 0 : 1
    }

    private static func makeManager(baseURL: String, connections: Int) throws -> ProtoHTTPManager {
        var transport = TransportConfiguration()
        transport.httpVersion = .http1_1
        transport.proxy = .none
        transport.connectionCacheSize = max(transport.connectionCacheSize, connections)
        return try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: baseURL), transport: HTTPTransport(configuration: transport))
    }

    /// One client loop: calls, checks the answer, calls again from the callback; after a
    /// failure it waits 100 ms so a dead server does not turn into a busy loop.
    private static func call(_ manager: ProtoHTTPManager, counters: SoakCounters, number: Int, count: Int = 0) {
        guard !counters.isStopping else { return }
        var options = CallOptions()
        if count % 500 == 499 { options.headers = [.connection: "close"] }
        manager.post(Workload.path, Workload.request(), as: Workload.Response.self, options: options, success: { response, _ in
            if response == Workload.expectedResponse {
                counters.succeeded()
            } else {
                counters.failed("client \(number): unexpected response \(response)")
            }
            call(manager, counters: counters, number: number, count: count + 1)
        }, failure: { error in
            counters.failed("client \(number): \(error)")
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
                call(manager, counters: counters, number: number, count: count + 1)
            }
        })
    }
}
