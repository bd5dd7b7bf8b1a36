// SQLiteIdempotencyStoreTests.swift: the SQLite store: the claim rules, answers that outlive the store and the server, stale claims of a dead process, a bad file.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPServerSQLite
import Synchronization
import Testing

@Suite("Idempotency-Key deduplication in SQLite")
struct SQLiteIdempotencyStoreTests {
    /// A wall clock the test moves.
    final class Wall: Sendable {
        private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    /// A fresh folder for one test's database, removed afterwards.
    static func withFolder(_ body: (String) async throws -> Void) async throws {
        let folder = NSTemporaryDirectory() + "idempotency-sqlite-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await body(folder + "/idempotency.sqlite")
    }

    static let key = IdempotencyKey(method: "/test.Ledger/Add", key: "k1")

    @Test("claim rules as in memory: owned, in progress, answered, a different request refused, a failure frees the key, answers expire")
    func claimRules() async throws {
        try await Self.withFolder { path in
            let wall = Wall()
            let store = try SQLiteIdempotencyStore(path: path, retention: .seconds(60), now: { wall.now })
            #expect(try await store.claim(Self.key, fingerprint: [1]) == .owned)
            #expect(try await store.claim(Self.key, fingerprint: [1]) == .inProgress)
            try await store.complete(Self.key, answer: [9, 9])
            #expect(try await store.claim(Self.key, fingerprint: [1]) == .answered([9, 9]))
            #expect(try await store.claim(Self.key, fingerprint: [2]) == .mismatch)
            let other = IdempotencyKey(method: "/test.Ledger/Other", key: "k1")
            #expect(try await store.claim(other, fingerprint: [2]) == .owned, "keys are per method")
            try await store.release(other)
            #expect(try await store.claim(other, fingerprint: [3]) == .owned, "a failed call's key is free again")
            try await store.release(other)
            wall.advance(61)
            #expect(try await store.claim(Self.key, fingerprint: [1]) == .owned, "an expired answer is forgotten")
            #expect(try store.count() == 1, "the expired row was deleted and the key claimed anew")
        }
    }

    @Test("answers outlive the store: a second instance on the file (a restarted server) gives them again")
    func survivesRestart() async throws {
        try await Self.withFolder { path in
            do {
                let first = try SQLiteIdempotencyStore(path: path)
                #expect(try await first.claim(Self.key, fingerprint: [1]) == .owned)
                try await first.complete(Self.key, answer: [4, 2])
            }
            let restarted = try SQLiteIdempotencyStore(path: path)
            #expect(try await restarted.claim(Self.key, fingerprint: [1]) == .answered([4, 2]))
            #expect(try await restarted.claim(Self.key, fingerprint: [7]) == .mismatch)
        }
    }

    @Test("a claim left by a process that died with its call running holds the key until staleClaimAfter, then the next claim owns it")
    func staleClaim() async throws {
        try await Self.withFolder { path in
            let wall = Wall()
            let dead = try SQLiteIdempotencyStore(path: path, staleClaimAfter: .seconds(30), now: { wall.now })
            #expect(try await dead.claim(Self.key, fingerprint: [1]) == .owned)
            let restarted = try SQLiteIdempotencyStore(path: path, staleClaimAfter: .seconds(30), now: { wall.now })
            #expect(try await restarted.claim(Self.key, fingerprint: [1]) == .inProgress)
            wall.advance(31)
            #expect(try await restarted.claim(Self.key, fingerprint: [1]) == .owned)
            // The dead instance's late answer or release no longer touches the key.
            try await dead.complete(Self.key, answer: [1])
            try await dead.release(Self.key)
            #expect(try await restarted.claim(Self.key, fingerprint: [1]) == .inProgress)
            try await restarted.complete(Self.key, answer: [2])
            #expect(try await restarted.claim(Self.key, fingerprint: [1]) == .answered([2]))
        }
    }

    // A call's task is cancelled when its client goes away (a killed offline queue). GRDB's async
    // write then threw CancellationError: the answer of a call that ran was never recorded, and
    // every replay met the key still claimed (the kill -9 test's replays all waited, unanswered).
    @Test("a claim and an answer made by a cancelled task, as a call's is once its client went away, are recorded")
    func cancelledTaskStillRecords() async throws {
        try await Self.withFolder { path in
            let store = try SQLiteIdempotencyStore(path: path)
            let call = Task {
                while !Task.isCancelled { await Task.yield() }
                let claim = try await store.claim(Self.key, fingerprint: [1])
                try await store.complete(Self.key, answer: [5])
                return claim
            }
            call.cancel()
            #expect(try await call.value == .owned)
            #expect(try await store.claim(Self.key, fingerprint: [1]) == .answered([5]))
        }
    }

    @Test("a store that cannot open its file fails with unavailable naming the path")
    func badPath() async throws {
        try await Self.withFolder { path in
            let inMissingFolder = path + "/no-such-folder/idempotency.sqlite"
            let error = #expect(throws: ProtoHTTPError.self) { try SQLiteIdempotencyStore(path: inMissingFolder) }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains(inMissingFolder) == true, "\(String(describing: error?.message))")
            // A file that is not a database.
            try Data("not sqlite".utf8).write(to: URL(fileURLWithPath: path))
            let garbage = #expect(throws: ProtoHTTPError.self) { try SQLiteIdempotencyStore(path: path) }
            #expect(garbage?.message.contains(path) == true)
        }
    }

    @Test("the article's set-up: a server whose interceptor keeps its answers in SQLite answers a repeat from the file")
    func articleSetUp() async throws {
        let folder = NSTemporaryDirectory() + "idempotency-article-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ledger = IdempotencyTests.Ledger()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        let store = try SQLiteIdempotencyStore(path: folder + "/idempotency.sqlite", retention: .seconds(24 * 3600))
        configuration.interceptors = [IdempotencyInterceptor(store: store)]
        let server = try ProtoHTTPServer(configuration: configuration, services: [ledger.definition])
        try await server.start()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(server.port ?? 0)"))
        let first = try await IdempotencyTests.add(manager, 3, key: "order-17").get()
        let again = try await IdempotencyTests.add(manager, 3, key: "order-17").get()
        await server.shutdown()
        manager.transport.shutdown()
        #expect(first.output.value == 3 && again.output.value == 3)
        #expect(again.metadata.headers[IdempotencyInterceptor.replayedHeader] == "true")
        #expect(try store.count() == 1)
    }

    @Test("end to end: a call repeated after the server restarted on the same file has one effect, and the repeat is marked replayed")
    func acrossServerRestart() async throws {
        try await Self.withFolder { path in
            let ledger = IdempotencyTests.Ledger()
            func serve(_ body: (ProtoHTTPManager) async throws -> Void) async throws {
                let store = try SQLiteIdempotencyStore(path: path)
                try await withServer({ $0.interceptors = [IdempotencyInterceptor(store: store)] }, extraServices: [ledger.definition]) { server in
                    try await body(try server.manager(ConnectProtocol()))
                }
            }
            try await serve { manager in
                let first = try await IdempotencyTests.add(manager, 5, key: "k1").get()
                #expect(first.output.value == 5)
            }
            try await serve { manager in
                let again = try await IdempotencyTests.add(manager, 5, key: "k1").get()
                #expect(again.output.value == 5)
                #expect(again.metadata.headers[IdempotencyInterceptor.replayedHeader] == "true")
                let other = try await IdempotencyTests.add(manager, 1, key: "k2").get()
                #expect(other.output.value == 6)
            }
            #expect(ledger.total.withLock { $0 } == 6, "the repeated call ran its handler again")
        }
    }
}
