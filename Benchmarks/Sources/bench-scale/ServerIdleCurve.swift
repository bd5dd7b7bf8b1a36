// ServerIdleCurve.swift: ProtoHTTPServer's RSS per idle keep-alive connection, 1,000 and 10,000 connections.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif

/// `RESULT scale=server-idle-conn n=<connections> bytes_per_conn=… rss_before_kib=… rss_after_kib=… rss_closed_kib=… rss_reopened_kib=… open_s=…`
///
/// For each point a fresh ProtoHTTPServer child, its limits raised through its configuration
/// for this measurement only: `maxConnections` to n + 1,000 (the default 4,096 would make the
/// 4,097th connection wait in the kernel's backlog) and `idleTimeout` to 600 s (the default
/// 60 s could close the first connections before the last are open). Then:
///
/// ```
///  warm-up: 16 connections, one request each, closed      (the server's first-use costs)
///  rss_before ─► open n connections, one request each, kept open (real keep-alive HTTP/1.1)
///            ─► 0.5 s ─► rss_after ─► first and last connection asked again (still open?)
///            ─► close all ─► 0.5 s ─► rss_closed
///            ─► n connections again ─► 0.5 s ─► rss_reopened ─► close all
///  bytes_per_conn = (rss_after − rss_before) / n
///  rss_reopened ≈ rss_after: what closing left is reused, not leaked
/// ```
///
/// RSS is the server process's `VmRSS`; the kernel's socket memory comes on top and is not in it.
enum ServerIdleCurve {
    /// The connection counts.
    static func points(quick: Bool) -> [Int] { quick ? [200] : [1_000, 10_000] }

    /// Measures every point, each against its own server child.
    static func run(options: Options, folder: TempFolder) async throws {
        for connections in points(quick: options.quick) {
            try FileLimit.require(connections + 200, for: "\(connections) idle connections")
            let settings = ServeSettings(threads: options.serverThreads, maxConnections: connections + 1_000, idleSeconds: 600)
            let server = try SelfChild(name: "protohttp-idle", arguments: [ServeCommand.flag] + settings.arguments, folder: folder)
            defer { server.stop() }
            let pid = server.pid, port = server.port
            let line = try await Blocking.run { try measure(connections: connections, port: port, pid: pid) }
            line.emit()
        }
    }

    /// One point, blocking: the connections are plain blocking sockets on this thread.
    private static func measure(connections: Int, port: UInt16, pid: pid_t) throws -> ResultLine {
        for _ in 0..<16 {
            let warm = try RawConnection(port: port)
            try warm.exchange()
            warm.close()
        }
        usleep(500_000)
        let before = try ProcessMemory.residentKiB(of: pid)
        let start = MonotonicClock.nanoseconds()
        let first = try open(connections, port: port)
        let openSeconds = MonotonicClock.seconds(since: start)
        usleep(500_000)
        let after = try ProcessMemory.residentKiB(of: pid)
        try close(first)
        let closed = try ProcessMemory.residentKiB(of: pid)
        // The same again: RSS that stays after closing is reused (allocator caches), not leaked,
        // when the second round ends where the first did.
        let second = try open(connections, port: port)
        usleep(500_000)
        let reopened = try ProcessMemory.residentKiB(of: pid)
        try close(second)
        var line = ResultLine(.serverIdleConnections, n: connections)
        line.add("bytes_per_conn", Double(after - before) * 1024 / Double(connections), digits: 0)
        line.add("rss_before_kib", before)
        line.add("rss_after_kib", after)
        line.add("rss_closed_kib", closed)
        line.add("rss_reopened_kib", reopened)
        line.add("open_s", openSeconds, digits: 2)
        return line
    }

    /// Opens `count` connections, one request each, and keeps them.
    private static func open(_ count: Int, port: UInt16) throws -> [RawConnection] {
        var open: [RawConnection] = []
        open.reserveCapacity(count)
        for index in 0..<count {
            let connection: RawConnection
            do {
                connection = try RawConnection(port: port)
                try connection.exchange()
            } catch {
                throw ScaleError("connection \(index + 1) of \(count): \(error)")
            }
            open.append(connection)
        }
        return open
    }

    /// Asks the first and the last connection again (still open and answering after the
    /// others?), closes them all, and gives the server 0.5 s to close its side.
    private static func close(_ open: [RawConnection]) throws {
        for connection in [open.first, open.last].compactMap({ $0 }) {
            do { try connection.exchange() } catch { throw ScaleError("a kept connection no longer answers: \(error)") }
        }
        for connection in open { connection.close() }
        usleep(500_000)
    }
}
