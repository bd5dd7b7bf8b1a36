// QueueTestbed.swift: one queue test's world: a recording server on a free port, a closed port, a temp folder, a manager and its queue.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import ProtoHTTPDemoService
import ProtoHTTPOffline
import ProtoHTTPServer
import Synchronization
import Testing
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

/// A ``RecordingNotes`` server on 127.0.0.1 (port 0), a port nothing listens on, a fresh
/// folder for the queue's file, and a manager (Connect, no proxy) that starts out pointed at
/// the closed port: "offline". ``goOnline()`` points it at the server.
struct QueueTestbed: Sendable {
    let server: ProtoHTTPServer
    let notes: RecordingNotes
    let transport: HTTPTransport
    let manager: ProtoHTTPManager
    let folder: String
    let deadPort: Int

    var liveURL: String { "http://127.0.0.1:\(server.port ?? 0)" }

    static func start(configure: (inout ManagerConfiguration) -> Void = { _ in }) async throws -> QueueTestbed {
        var serverConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        serverConfiguration.logger.logLevel = .critical
        let notes = RecordingNotes()
        let server = try ProtoHTTPServer(configuration: serverConfiguration, services: [notes])
        try await server.start()
        var transportConfiguration = TransportConfiguration()
        transportConfiguration.proxy = .none
        let transport = try HTTPTransport(configuration: transportConfiguration)
        let deadPort = try closedLoopbackPort()
        var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:\(deadPort)")
        configuration.wireProtocol = .connect
        configuration.timeout = .seconds(10)
        configure(&configuration)
        let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
        let folder = NSTemporaryDirectory() + "offline-queue-test-" + UUID().uuidString
        return QueueTestbed(server: server, notes: notes, transport: transport, manager: manager, folder: folder, deadPort: deadPort)
    }

    /// A queue in the testbed's folder on its manager.
    func queue(_ adjust: (inout OfflineQueueConfiguration) -> Void = { _ in }) throws -> OfflineQueue {
        var configuration = OfflineQueueConfiguration(location: OfflineStorageLocation(directory: folder))
        adjust(&configuration)
        return try OfflineQueue(manager: manager, configuration: configuration)
    }

    /// Points the manager at the live server.
    func goOnline() { manager.updateConfiguration { [liveURL] in $0.baseURL = liveURL } }

    /// Points the manager at the closed port again.
    func goOffline() { manager.updateConfiguration { [deadPort] in $0.baseURL = "http://127.0.0.1:\(deadPort)" } }

    /// Stops the server and the transport and removes the folder.
    func stop() async {
        await server.shutdown()
        transport.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A CreateNote call with `title`, queueable, in `category`; returns its error (`nil` on success).
    func create(_ title: String, category: String? = "notes", headers: HTTPFields = [:],
                context: [String: any Sendable] = [:], queueable: Bool = true) async -> ProtoHTTPError? {
        var request = Notes_CreateNoteRequest()
        request.title = title
        var options = CallOptions(category: category, context: context, headers: headers)
        options.queuesWhenOffline = queueable
        do {
            _ = try await manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options)
            return nil
        } catch {
            return error
        }
    }
}

/// A test-setup failure with a message.
struct QueueTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` with a fresh testbed and stops it afterwards, also when `body` throws.
func withQueueTestbed(configure: (inout ManagerConfiguration) -> Void = { _ in },
                      _ body: (QueueTestbed) async throws -> Void) async throws {
    let testbed = try await QueueTestbed.start(configure: configure)
    do {
        try await body(testbed)
        await testbed.stop()
    } catch {
        await testbed.stop()
        throw error
    }
}

/// Collects values from callbacks, for assertions.
final class QueueRecorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }

    /// Waits until at least `count` values have come (``hangGuard`` at most); all of them.
    func wait(for count: Int) async -> [Value] {
        await waitUntil { all.count >= count }
        return all
    }
}

/// The queue's time, moved only by the test: ``advance(by:)`` moves the wall and boot clocks
/// together (time passing) and runs the comebacks that come due; ``jumpWall(by:)`` moves the
/// wall clock alone (a clock corrected or set by hand); ``reboot()`` starts a new boot.
final class SteppedQueueClock: QueueClock {
    private struct State {
        var wall = Date(timeIntervalSince1970: 1_800_000_000)
        var boot: TimeInterval = 5_000
        var bootID = "boot-1"
        var boots = 1
        var pending: [(at: TimeInterval, queue: DispatchQueue, work: @Sendable () -> Void)] = []
    }
    private let state = Mutex(State())

    func wallTime() -> Date { state.withLock { $0.wall } }
    func bootTime() -> TimeInterval { state.withLock { $0.boot } }
    func bootID() -> String { state.withLock { $0.bootID } }

    func run(after delay: Duration, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.pending.append((at: $0.boot + delay.seconds, queue: queue, work: work)) }
    }

    /// The comebacks scheduled and not yet due.
    var pendingRuns: Int { state.withLock { $0.pending.count } }

    /// Lets `seconds` pass: both clocks move, and the due comebacks start on their queues.
    func advance(by seconds: TimeInterval) {
        let due = state.withLock { state in
            state.wall += seconds
            state.boot += seconds
            let now = state.boot
            let due = state.pending.filter { $0.at <= now }
            state.pending.removeAll { $0.at <= now }
            return due
        }
        for run in due { run.queue.async(execute: run.work) }
    }

    /// Moves the wall clock alone by `seconds` (either way).
    func jumpWall(by seconds: TimeInterval) { state.withLock { $0.wall += seconds } }

    /// A restart of the machine: a new boot id, the boot clock from zero; comebacks are lost.
    func reboot() {
        state.withLock { state in
            state.boots += 1
            state.bootID = "boot-\(state.boots)"
            state.boot = 0
            state.pending = []
        }
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
