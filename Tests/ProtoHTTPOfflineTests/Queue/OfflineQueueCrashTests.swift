// OfflineQueueCrashTests.swift: the test that matters: kill -9 the queue's process at random moments, hundreds of times; nothing is lost or silently repeated.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProtoHTTPOffline
import ProtoHTTPServer
import ProtoHTTPServerSQLite
import ProtoHTTPTestSupport
import Synchronization
import Testing
import ProtoHTTP

/// `offline-queue-child` (Tests/OfflineQueueChild) stores CreateNote calls against a dead
/// port, then replays every queued call against this test's ``RecordingNotes`` server, which
/// records each Idempotency-Key it sees. The test kills the child with SIGKILL at random
/// moments, again and again on the same database, then lets one child replay to the end.
///
/// ```
///  run n: spawn child ─► KEY k / QUEUED k id … ─► PHASE replay ─► SEND k ─► (server sees k) ─► RESPONSE k ─► ANSWERED k … ─► DONE
///          kill ▲ at a random delay, or 0–3 ms after a KEY line, before or 0–3 ms after the
///          server's answer, or 0–0.4 ms after a RESPONSE line
///  final: spawn child (no new calls) ─► replays what is left ─► DONE remaining=0
/// ```
@Suite("Offline queue: crash safety")
struct OfflineQueueCrashTests {
    /// Where the kill of a run is aimed.
    enum Plan: Sendable {
        /// After this many microseconds from the spawn.
        case afterDelay(UInt32)
        /// When the server sees the run's first call, before it answers.
        case beforeAnswer
        /// This many microseconds after the server's handler for the run's first call returns.
        case afterAnswer(Int)
        /// This many microseconds after the child prints its first line starting with this prefix
        /// (`KEY`: a call is being made and stored; `RESPONSE`: an answer arrived, the queue
        /// is about to be updated).
        case afterLine(String, UInt32)
    }

    /// The child of the current run, the plan, and what the server saw during the run; the
    /// server's handler kills through it, under its lock, so a reaped child is never signalled.
    final class Killer: Sendable {
        private struct State {
            var process: ChildProcess?
            var plan: Plan = .afterDelay(0)
            var run = 0
            var fired = false
            var seenThisRun: Set<String> = []
            var seenByKey: [String: Int] = [:]
            var titleMismatches: [String] = []
        }

        private let state = Mutex(State())

        func arm(_ process: ChildProcess, plan: Plan, run: Int) {
            state.withLock { $0 = State(process: process, plan: plan, run: run, seenByKey: $0.seenByKey, titleMismatches: $0.titleMismatches) }
        }

        /// Ends the run: no kill may reach the process any more; returns the keys the server saw during it.
        func disarm() -> Set<String> {
            state.withLock { state in
                state.process = nil
                return state.seenThisRun
            }
        }

        func kill() {
            state.withLock { state in
                state.fired = true
                state.process?.kill()
            }
        }

        var seenByKey: [String: Int] { state.withLock { $0.seenByKey } }
        var titleMismatches: [String] { state.withLock { $0.titleMismatches } }

        /// The server's hook: records the key, and kills as the run's plan says.
        func serverSaw(_ sighting: Sighting) {
            let (plan, run): (Plan?, Int) = state.withLock { state in
                let key = sighting.key ?? "<none>"
                state.seenByKey[key, default: 0] += 1
                state.seenThisRun.insert(key)
                if sighting.key != sighting.title { state.titleMismatches.append("\(key) carried title \(sighting.title)") }
                guard state.process != nil, !state.fired else { return (nil, state.run) }
                switch state.plan {
                case .afterDelay, .afterLine: return (nil, state.run)
                case .beforeAnswer, .afterAnswer:
                    state.fired = true
                    return (state.plan, state.run)
                }
            }
            switch plan {
            case .beforeAnswer?:
                state.withLock { $0.process?.kill() }
            case .afterAnswer(let micros)?:
                DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(micros)) { [self] in
                    state.withLock { state in if state.run == run { state.process?.kill() } }
                }
            default: break
            }
        }
    }

    /// What one run of the child printed.
    struct RunOutput {
        var given: [String] = []
        var queued: [String] = []
        var answered: Set<String> = []
        /// Keys the child sent during its replay phase.
        var sent: Set<String> = []
        /// Keys whose response reached the child during its replay phase.
        var responded: Set<String> = []
        var dropped: [String] = []
        var phase = "startup"
        var done: String?

        init(_ lines: [String]) {
            for line in lines {
                let fields = line.split(separator: " ").map(String.init)
                guard let first = fields.first else { continue }
                switch first {
                case "PHASE": phase = fields.count > 1 ? fields[1] : phase
                case "KEY" where fields.count > 1: given.append(fields[1])
                case "QUEUED" where fields.count > 1: queued.append(fields[1])
                case "ANSWERED" where fields.count > 1: answered.insert(fields[1])
                case "SEND" where fields.count > 1 && phase == "replay": sent.insert(fields[1])
                case "RESPONSE" where fields.count > 1 && phase == "replay": responded.insert(fields[1])
                case "DROPPED" where fields.count > 1: dropped.append(fields[1])
                case "DONE": done = line
                default: break
                }
            }
        }
    }

    /// The counts the test prints.
    struct Counts: CustomStringConvertible {
        var runs = 0
        var kills = 0
        var killsByPhase: [String: Int] = [:]
        var given = Set<String>()
        var queued = Set<String>()
        var dropped = Set<String>()
        /// Per key, the runs killed after the child sent the key's call and before it removed the entry.
        var openWindows: [String: Int] = [:]
        /// Per key, those of ``openWindows`` in which the response had reached the child.
        var answeredWindows: [String: Int] = [:]

        var description: String {
            let phases = killsByPhase.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return "runs=\(runs) kills=\(kills) [\(phases)] given=\(given.count) queued=\(queued.count) dropped=\(dropped.count)"
        }
    }

    @Test("SIGKILL at random moments, 200+ times: every queued call reaches the server, none is lost, repeats only after a kill between answer and update, with the same key",
          .timeLimit(.minutes(3)))
    func killNineAtRandomMoments() async throws {
        let child = try #require(Self.builtExecutable("offline-queue-child"), "offline-queue-child is not built next to the tests; run swift build --build-tests first")
        let folder = NSTemporaryDirectory() + "offline-queue-crash-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var serverConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        serverConfiguration.logger.logLevel = .critical
        let notes = RecordingNotes()
        let server = try ProtoHTTPServer(configuration: serverConfiguration, services: [notes])
        try await server.start()
        let killer = Killer()
        notes.beforeAnswer { killer.serverSaw($0) }
        let livePort = try #require(server.port)
        let deadPort = try closedLoopbackPort()

        let outcome: Result<(Counts, RunOutput), any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result {
                    try Self.killLoop(child: child, folder: folder, deadPort: deadPort, livePort: livePort, killer: killer)
                })
            }
        }
        await server.shutdown()
        let (counts, final) = try outcome.get()

        let seen = killer.seenByKey
        let delivered = Set(seen.keys)
        let repeats = seen.filter { $0.value > 1 }
        let extra = repeats.values.reduce(0) { $0 + $1 - 1 }
        let afterAnswer = repeats.reduce(0) { $0 + min($1.value - 1, counts.answeredWindows[$1.key, default: 0]) }
        print("offline queue kill -9: \(counts) delivered=\(delivered.count) repeated keys=\(repeats.count) extra sends=\(extra) "
              + "(\(afterAnswer) after the answer reached the child, \(extra - afterAnswer) after a kill with the call in flight) "
              + "final: \(final.done ?? "no DONE")")

        #expect(counts.kills >= 200, "only \(counts.kills) kills landed on a running child")
        #expect(counts.queued.count >= 100, "too few calls were queued to mean anything: \(counts.queued.count)")
        // Every call reported queued reached the server (or was reported dropped).
        let missing = counts.queued.subtracting(delivered).subtracting(counts.dropped)
        #expect(missing.isEmpty, "\(missing.count) queued calls never reached the server: \(missing.prefix(5))")
        // None lost: the final replay ends with an empty queue.
        #expect(final.done?.hasSuffix("remaining=0") == true, "the final replay did not empty the queue: \(final.done ?? "no DONE line")")
        #expect(counts.dropped.isEmpty, "entries were dropped: \(counts.dropped.prefix(5))")
        let inspector = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(deadPort)"))
        let leftover = try OfflineQueue(manager: inspector, configuration: OfflineQueueConfiguration(location: OfflineStorageLocation(directory: folder)))
        #expect(try leftover.count() == 0, "entries are left in the database after the final replay")
        inspector.transport.shutdown()
        // The server saw no key it was not given, and each key with its own call.
        let strangers = delivered.subtracting(counts.given)
        #expect(strangers.isEmpty, "the server saw keys no child made: \(strangers.prefix(5))")
        #expect(killer.titleMismatches.isEmpty, "\(killer.titleMismatches.prefix(5))")
        // Repeats only where a kill fell between the call going out (the server seeing and
        // answering it) and the queue's update.
        for (key, count) in repeats {
            #expect(count - 1 <= counts.openWindows[key, default: 0],
                    "\(key) reached the server \(count) times but only \(counts.openWindows[key, default: 0]) kills fell between its answer and the queue update")
        }
    }

    // The test above counts the calls that reach the server: a kill between the answer and the
    // queue's update repeats one (at least once). Here the server deduplicates by Idempotency-Key
    // in SQLite and is restarted halfway on the same file, and the handler's runs are counted:
    // each queued call has its effect exactly once, across client kills and the server restart.
    @Test("SIGKILL at random moments against a server deduplicating in SQLite, restarted halfway: every queued call has its effect exactly once",
          .timeLimit(.minutes(4)))
    func killNineExactlyOnce() async throws {
        let child = try #require(Self.builtExecutable("offline-queue-child"), "offline-queue-child is not built next to the tests; run swift build --build-tests first")
        let folder = NSTemporaryDirectory() + "offline-queue-exactly-once-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notes = RecordingNotes()
        let killer = Killer()
        notes.beforeAnswer { killer.serverSaw($0) }
        let deadPort = try closedLoopbackPort()
        /// A server on a new port with a new store instance on the same file: a restart.
        func startServer() async throws -> ProtoHTTPServer {
            var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
            configuration.logger.logLevel = .critical
            configuration.interceptors = [IdempotencyInterceptor(store: try SQLiteIdempotencyStore(path: folder + "/idempotency.sqlite"))]
            let server = try ProtoHTTPServer(configuration: configuration, services: [notes])
            try await server.start()
            return server
        }

        var phases: [Counts] = []
        for _ in 1...2 {
            let server = try await startServer()
            let livePort = try #require(server.port)
            let outcome: Result<(Counts, RunOutput), any Error> = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: Result {
                        try Self.killLoop(child: child, folder: folder, deadPort: deadPort, livePort: livePort, killer: killer, kills: (60, 100))
                    })
                }
            }
            await server.shutdown()
            let (counts, final) = try outcome.get()
            #expect(final.done?.hasSuffix("remaining=0") == true, "the final replay did not empty the queue: \(final.done ?? "no DONE line")")
            phases.append(counts)
        }

        let queued = phases.reduce(into: Set<String>()) { $0.formUnion($1.queued) }
        let dropped = phases.reduce(into: Set<String>()) { $0.formUnion($1.dropped) }
        let kills = phases.reduce(0) { $0 + $1.kills }
        let effects = killer.seenByKey
        let repeated = effects.filter { $0.value > 1 }
        let openWindows = phases.reduce(0) { $0 + $1.openWindows.values.reduce(0, +) }
        print("offline queue kill -9, server deduplicating in SQLite: kills=\(kills) queued=\(queued.count) effects=\(effects.count) "
              + "repeated=\(repeated.count) (kills with a replayed call unsettled: \(openWindows))")
        #expect(kills >= 120, "only \(kills) kills landed on a running child")
        #expect(openWindows > 0, "no kill fell between a replayed call going out and the queue's update: nothing was tested")
        #expect(dropped.isEmpty, "entries were dropped: \(dropped.prefix(5))")
        let missing = queued.subtracting(effects.keys)
        #expect(missing.isEmpty, "\(missing.count) queued calls never had their effect: \(missing.prefix(5))")
        #expect(repeated.count == 0, "calls whose handler ran more than once: \(repeated.prefix(5))")
        #expect(killer.titleMismatches.isEmpty, "\(killer.titleMismatches.prefix(5))")
    }

    @Test("SIGKILL with a call in flight (stored before it was sent, held by the server): the next run replays it with the same Idempotency-Key and the queue ends empty",
          .timeLimit(.minutes(2)))
    func killNineWithCallInFlight() async throws {
        let child = try #require(Self.builtExecutable("offline-queue-child"), "offline-queue-child is not built next to the tests; run swift build --build-tests first")
        let folder = NSTemporaryDirectory() + "offline-queue-in-flight-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var serverConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        serverConfiguration.logger.logLevel = .critical
        let notes = RecordingNotes()
        let server = try ProtoHTTPServer(configuration: serverConfiguration, services: [notes])
        try await server.start()
        let killer = Killer()
        notes.beforeAnswer { killer.serverSaw($0) }
        let livePort = try #require(server.port)
        let deadPort = try closedLoopbackPort()
        let ports = [folder, "\(deadPort)", "\(livePort)"]

        // The server sees the call and kills the child before answering it.
        let killed = try await offPool {
            try Self.runChild(child, ports + ["1", "--in-flight"], folder: folder, killer: killer, plan: .beforeAnswer, run: 1, kills: true)
        }
        #expect(killed.exit.signal == SIGKILL)
        let key = try #require(killed.output.given.first)
        #expect(killed.output.queued.isEmpty && killed.seen == [key], "killed while the call was in flight: \(killed.output)")

        // What the killed run left: the call, stored before it was sent, no longer in flight.
        do {
            let inspector = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(deadPort)"))
            defer { inspector.transport.shutdown() }
            let left = try OfflineQueue(manager: inspector, configuration: OfflineQueueConfiguration(location: OfflineStorageLocation(directory: folder)))
            let entries = try left.allEntries()
            #expect(entries.map(\.idempotencyKey) == [key])
            #expect(entries.first?.isInFlight == false && entries.first?.attempts == 0)
            #expect(entries.first?.lastError?.contains("its process ended before an answer arrived") == true)
        }

        let final = try await offPool {
            try Self.runChild(child, ports + ["0"], folder: folder, killer: killer, plan: .afterDelay(0), run: 2, kills: false)
        }
        await server.shutdown()
        #expect(final.output.answered == [key])
        #expect(final.output.done == "DONE answered=1 dropped=0 remaining=0")
        #expect(killer.seenByKey == [key: 2], "sent once before the kill and once by the replay, with one key")
        #expect(killer.titleMismatches.isEmpty)
    }

    @Test("processes creating and storing into one new file at once keep every entry, with ids that never collide")
    func processesShareOneFile() async throws {
        let child = try #require(Self.builtExecutable("offline-queue-child"), "offline-queue-child is not built next to the tests; run swift build --build-tests first")
        let deadPort = try closedLoopbackPort()
        // Fresh files each round: opening a new file at once (WAL switch, first migration) is the race.
        for round in 0..<5 {
            let folder = NSTemporaryDirectory() + "offline-queue-shared-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Both ports dead: the replays fail too, so every entry stays.
            let arguments = [folder, "\(deadPort)", "\(deadPort)", "15", "--wait-stdin"]
            let outputs: [RunOutput] = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result {
                        let processes = try (0..<3).map { _ in
                            try ChildProcess(child, arguments, input: .pipe, output: .pipe, error: .file(folder + "/stderr-\(UUID().uuidString)"))
                        }
                        // All three loaded and waiting on their stdin before any is let go.
                        for process in processes {
                            let line = try process.readLine(timeout: .seconds(60))
                            guard line == "WAITING" else { throw QueueTestFailure("round \(round): a child said \(line ?? "nothing") before WAITING") }
                        }
                        for process in processes { process.closeInput() }
                        return try processes.map { process in
                            var lines: [String] = []
                            while let line = try process.readLine(timeout: .seconds(30)) { lines.append(line) }
                            let exit = process.wait()
                            guard exit.succeeded else {
                                let errors = (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("stderr-") }
                                    .compactMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined()) ?? ""
                                throw QueueTestFailure("round \(round): a child ended with \(exit): \(lines) \(errors)")
                            }
                            return RunOutput(lines)
                        }
                    })
                }
            }
            let queuedLines = outputs.flatMap(\.queued)
            #expect(queuedLines.count == 45)
            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(deadPort)"))
            defer { manager.transport.shutdown() }
            let queue = try OfflineQueue(manager: manager, configuration: OfflineQueueConfiguration(location: OfflineStorageLocation(directory: folder)))
            let entries = try queue.allEntries()
            #expect(entries.count == 45)
            #expect(Set(entries.map(\.id)).count == 45)
            #expect(Set(entries.map(\.idempotencyKey)) == Set(queuedLines))
            #expect(entries.allSatisfy { $0.lastError?.contains("curl 7") == true })
            // Each replay stopped at the oldest entry it found, the one it could not send.
            #expect(entries.first.map { $0.attempts >= 1 } == true)
        }
    }

    /// Runs the child again and again, killing it, then once to the end; blocking (off the pool).
    /// Runs the child again and again on `folder`, killing most runs, until `kills.target` kills
    /// landed (or `kills.minimum` once 40 s have passed; never past 90 s), then one run to the end.
    static func killLoop(child: String, folder: String, deadPort: Int, livePort: Int, killer: Killer,
                         kills goal: (minimum: Int, target: Int) = (200, 300)) throws -> (Counts, RunOutput) {
        var counts = Counts()
        var generator = SystemRandomNumberGenerator()
        let started = ContinuousClock.now
        let arguments = { (calls: Int) in [folder, "\(deadPort)", "\(livePort)", "\(calls)"] }

        // Calibration: how long one undisturbed run takes, to spread the random delays over it.
        let calibrationStart = ContinuousClock.now
        let calibration = try runChild(child, arguments(2), folder: folder, killer: killer, plan: .afterDelay(0), run: 0, kills: false)
        guard calibration.output.done != nil else { throw QueueTestFailure("the calibration run did not finish: \(calibration.output)") }
        counts.given.formUnion(calibration.output.given)
        counts.queued.formUnion(calibration.output.queued)
        let runMicros = max(20_000, UInt32((ContinuousClock.now - calibrationStart).components.attoseconds / 1_000_000_000_000)
                                    + UInt32((ContinuousClock.now - calibrationStart).components.seconds) * 1_000_000)

        // 300 kills, or at least 200 once 40 s have passed (a loaded machine); never past 90 s.
        while counts.runs < 1_500 {
            let elapsed = ContinuousClock.now - started
            if counts.kills >= goal.target || (counts.kills >= goal.minimum && elapsed > .seconds(40)) || elapsed > .seconds(90) { break }
            counts.runs += 1
            let plan: Plan
            switch Int.random(in: 0..<20, using: &generator) {
            case 0..<6: plan = .afterDelay(UInt32.random(in: 0...runMicros, using: &generator))
            case 6..<10: plan = .afterLine("KEY", UInt32.random(in: 0...3_000, using: &generator))
            case 10..<13: plan = .beforeAnswer
            case 13..<16: plan = .afterAnswer(Int.random(in: 0...3_000, using: &generator))
            default: plan = .afterLine("RESPONSE", UInt32.random(in: 0...400, using: &generator))
            }
            let run = try runChild(child, arguments(Int.random(in: 1...3, using: &generator)), folder: folder, killer: killer,
                                   plan: plan, run: counts.runs, kills: true)
            counts.given.formUnion(run.output.given)
            counts.queued.formUnion(run.output.queued)
            counts.dropped.formUnion(run.output.dropped)
            guard run.exit.signal == SIGKILL else {
                if !run.exit.succeeded { throw QueueTestFailure("run \(counts.runs) ended with \(run.exit): \(run.output)") }
                continue
            }
            counts.kills += 1
            // Sent but not removed: the kill fell between the request going out and the queue's update.
            let open = run.output.sent.subtracting(run.output.answered)
            for key in open { counts.openWindows[key, default: 0] += 1 }
            for key in open.intersection(run.output.responded) { counts.answeredWindows[key, default: 0] += 1 }
            let phase: String
            if run.output.phase != "replay" {
                phase = run.output.phase   // startup (before the queue opened) or enqueue
            } else if open.isEmpty {
                phase = "replay-between-calls"
            } else if !open.isDisjoint(with: run.output.responded) {
                phase = "replay-answer-received-before-queue-update"
            } else if !run.seen.isDisjoint(with: open) {
                phase = "replay-server-answering-not-yet-received"
            } else {
                phase = "replay-sent-not-yet-at-server"
            }
            counts.killsByPhase[phase, default: 0] += 1
        }

        let final = try runChild(child, arguments(0), folder: folder, killer: killer, plan: .afterDelay(0), run: counts.runs + 1, kills: false)
        counts.dropped.formUnion(final.output.dropped)
        return (counts, final.output)
    }

    /// One run of the child: spawned, killed as `plan` says (when `kills`), read to the end, reaped.
    static func runChild(_ child: String, _ arguments: [String], folder: String, killer: Killer, plan: Plan, run: Int,
                         kills: Bool) throws -> (output: RunOutput, exit: ChildProcess.Exit, seen: Set<String>) {
        let process = try ChildProcess(child, arguments, output: .pipe, error: .file(folder + "/child-stderr.txt"))
        killer.arm(process, plan: kills ? plan : .afterDelay(0), run: run)
        if kills, case .afterDelay(let micros) = plan {
            usleep(micros)  // deliberate: the kill lands this far into the child's run
            killer.kill()
        }
        var lines: [String] = []
        do {
            var armedLine: (prefix: String, micros: UInt32)?
            if kills, case .afterLine(let prefix, let micros) = plan { armedLine = (prefix, micros) }
            while let line = try process.readLine(timeout: .seconds(30)) {
                lines.append(line)
                if let armed = armedLine, line.hasPrefix(armed.prefix + " ") {
                    armedLine = nil
                    usleep(armed.micros)  // deliberate: the kill lands this far after the line
                    killer.kill()
                }
            }
        } catch {
            process.kill()
            throw QueueTestFailure("run \(run): \(error); lines so far: \(lines)")
        }
        let seen = killer.disarm()
        let exit = process.wait()
        if !kills, !exit.succeeded {
            let stderr = (try? String(contentsOfFile: folder + "/child-stderr.txt", encoding: .utf8)) ?? ""
            throw QueueTestFailure("run \(run) ended with \(exit): \(lines) \(stderr)")
        }
        return (RunOutput(lines), exit, seen)
    }

    /// An executable built next to the test bundle, or `nil`.
    static func builtExecutable(_ name: String) -> String? {
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }
}
