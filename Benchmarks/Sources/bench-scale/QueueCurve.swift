// QueueCurve.swift: OfflineQueue's enqueue and replay rates and database size at 10^3 to 10^5 entries (10^6 with --queue-max).
import BenchProcesses
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPOffline

/// `RESULT scale=queue n=<entries> limits=<on|off> enqueue_per_s=… enqueue_us=… replay_per_s=… replay_us=… db_kib=… bytes_per_entry=… wal_left_kib=… db_after_replay_kib=… replay_rss_growth_kib=…`
///
/// For each point a fresh queue file in the temp folder, on a manager (``BenchManager``)
/// pointed at a ProtoHTTPServer child:
///
/// ```
///  enqueue n calls   OfflineQueue.enqueue, the entry point the manager uses for a call that
///                    failed for the network (the Echo POST, 19-byte body, no category):
///                    one committed transaction each (WAL, synchronous=FULL: one fsync)
///  close             queue and manager let go: SQLite folds the WAL into the file and deletes
///                    it (wal_left_kib: what is left 2 s later, 0 when it closed)
///  file size         offline-queue.sqlite (db_kib, bytes_per_entry)
///  reopen, replay    a new manager and queue on the file (the next run), resumeAllQueued():
///                    oldest first, one call at a time through the manager; per entry one
///                    committed attempt count, the call, one committed removal
///                    ─► every entry must be answered, none dropped or left
///                    (replay_rss_growth: this process's peak RSS over the replay above its RSS
///                    before: the pass reads the category's entries into memory first)
///  db_after_replay   the file once empty again (SQLite keeps its pages; nothing vacuums)
/// ```
///
/// `limits=off` sets `maxEntries` and `maxBytes` to `nil`; `limits=on` keeps the default
/// `maxBytes` (64 MiB) and raises `maxEntries` (default 10,000) to n. With either limit set,
/// each enqueue first sums the whole table (`SELECT COUNT(*), SUM(size)`), so its cost grows
/// with the entries held: `limits=on` is measured up to 10^4 only.
enum QueueCurve {
    /// The (entries, limits) points: powers of ten up to `max` without limits, 10^3 and 10^4 with.
    static func points(quick: Bool, max: Int) -> [(entries: Int, limits: Bool)] {
        if quick { return [(100, false), (1_000, false), (100, true), (1_000, true)] }
        var sizes: [Int] = []
        var size = 1_000
        while size <= max {
            sizes.append(size)
            size *= 10
        }
        return sizes.map { ($0, false) } + [(1_000, true), (10_000, true)].filter { $0.0 <= max }
    }

    /// Measures every point against one server child.
    static func run(options: Options, folder: TempFolder) async throws {
        let server = try SelfChild(name: "protohttp-queue", arguments: [ServeCommand.flag] + ServeSettings(threads: options.serverThreads).arguments,
                                   folder: folder)
        defer { server.stop() }
        note("queue: OfflineQueue on a manager pointed at ProtoHTTPServer; limits=on keeps the default maxBytes and raises maxEntries to n")
        for point in points(quick: options.quick, max: options.queueMax) {
            try await measure(entries: point.entries, limits: point.limits, baseURL: server.baseURL, folder: folder).emit()
        }
    }

    private static func measure(entries: Int, limits: Bool, baseURL: String, folder: TempFolder) async throws -> ResultLine {
        let name = "queue-\(entries)-\(limits ? "on" : "off")"
        folder.remove(name)
        defer { folder.remove(name) }
        let location = OfflineStorageLocation(directory: try folder.folder(name))
        let database = "\(name)/\(OfflineQueueConfiguration.fileName)"

        // The run that stores: its queue and manager are gone before the file is measured.
        let enqueueSeconds = try await enqueue(entries, limits: limits, location: location, baseURL: baseURL)
        // The manager's last references go with its queues' last tasks: give them 2 s.
        for _ in 0..<200 where folder.size(database + "-wal") > 0 { try? await Task.sleep(for: .milliseconds(10)) }
        let walLeft = folder.size(database + "-wal")
        let databaseBytes = folder.size(database)

        // The next run: opens the file, replays everything.
        let (manager, queue) = try open(limits: limits, entries: entries, location: location, baseURL: baseURL)
        defer { manager.transport.shutdown() }
        let stored = try queue.count()
        guard stored == entries else { throw ScaleError("queue n=\(entries): \(stored) entries stored, not \(entries)") }
        let replayRSS = try ProcessMemory.residentKiB()
        try ProcessMemory.resetPeak()
        let replayStart = MonotonicClock.nanoseconds()
        let summary = await queue.resumeAllQueued()
        let replaySeconds = MonotonicClock.seconds(since: replayStart)
        let replayPeak = try ProcessMemory.peakKiB()
        guard summary.answered == entries, summary.remaining == 0, summary.dropped == 0 else {
            throw ScaleError("queue n=\(entries): the replay answered \(summary.answered), dropped \(summary.dropped), left \(summary.remaining)")
        }

        var line = ResultLine(.queue, n: entries)
        line.add("limits", limits ? "on" : "off")
        line.add("enqueue_per_s", Double(entries) / enqueueSeconds, digits: 0)
        line.add("enqueue_us", enqueueSeconds * 1e6 / Double(entries), digits: 1)
        line.add("replay_per_s", Double(entries) / replaySeconds, digits: 0)
        line.add("replay_us", replaySeconds * 1e6 / Double(entries), digits: 1)
        line.add("db_kib", databaseBytes / 1024)
        line.add("bytes_per_entry", Double(databaseBytes) / Double(entries), digits: 0)
        line.add("wal_left_kib", walLeft / 1024)
        line.add("db_after_replay_kib", folder.size(database) / 1024)
        line.add("replay_rss_growth_kib", replayPeak - replayRSS)
        return line
    }

    /// Opens a queue and its manager, enqueues `entries` calls off the cooperative pool, and
    /// lets both go (closing the file: SQLite checkpoints the WAL into it and deletes it).
    /// Returns the seconds the enqueues took.
    private static func enqueue(_ entries: Int, limits: Bool, location: OfflineStorageLocation, baseURL: String) async throws -> Double {
        let (manager, queue) = try open(limits: limits, entries: entries, location: location, baseURL: baseURL)
        defer { manager.transport.shutdown() }
        let start = MonotonicClock.nanoseconds()
        try await Blocking.run {
            for index in 0..<entries { _ = try queue.enqueue(call(index)) }
        }
        return MonotonicClock.seconds(since: start)
    }

    /// A manager for `baseURL` with a queue at `location` installed, its limits as the point says.
    private static func open(limits: Bool, entries: Int, location: OfflineStorageLocation,
                             baseURL: String) throws -> (ProtoHTTPManager, OfflineQueue) {
        let manager = try BenchManager.make(baseURL: baseURL, connections: 1)
        var configuration = OfflineQueueConfiguration(app: "bench-scale", location: location)
        if limits {
            configuration.maxEntries = max(configuration.maxEntries ?? 0, entries)
        } else {
            configuration.maxEntries = nil
            configuration.maxBytes = nil
        }
        do {
            return (manager, try OfflineQueue(manager: manager, configuration: configuration))
        } catch {
            manager.transport.shutdown()
            throw error
        }
    }

    /// The `index`th call as the manager hands one to its queue: the Echo POST, plain
    /// protobuf, its own idempotency key, no category.
    private static func call(_ index: Int) -> QueueableCall {
        QueueableCall(httpMethod: .post, path: Workload.path, idempotencyLevel: nil, rpcProtocol: .plain,
                      body: Workload.requestBytes, contentType: Workload.contentType, headers: [:],
                      idempotencyKey: "bench-scale-\(index)", category: nil, tag: nil, context: [:],
                      error: ProtoHTTPError(code: .unavailable, message: "bench-scale: the network is down (made up)"))
    }
}
