// OfflineQueueTransientTests.swift: what the queue does with answers that mean "not now", with its bounds, and with a wall clock that jumps.
import Foundation
import GRDB
import ProtoHTTPDemoService
@testable import ProtoHTTPOffline
import ProtoHTTPTestSupport
import Testing
import ProtoHTTP
import ProtoHTTPCore

@Suite("Offline queue: transient answers, bounds, clock jumps")
struct OfflineQueueTransientTests {
    @Test("a peer that answers 503 with Retry-After twice, then 200, gets the entry three times and delivers it once; Retry-After is waited out")
    func retryAfterIsHonoured() async throws {
        let peer = try await TestServer.start()
        defer { peer.stop() }
        try await withQueueTestbed { testbed in
            let clock = SteppedQueueClock()
            let queue = try testbed.queue { $0.clock = clock }
            let replayed = QueueRecorder<ReplayedCall>()
            queue.onReplay(category: "writes") { replayed.append($0) }
            let key = UUID().uuidString
            var options = CallOptions(category: "writes")
            options.queuesWhenOffline = true
            let offline = await #expect(throws: ProtoHTTPError.self) {
                _ = try await testbed.manager.request(.post, "/flaky?key=\(key)&fails=2&retry-after=7", input: Array("write".utf8),
                                                      requestSerializer: .raw, responseSerializer: .raw, options: options)
            }
            #expect(offline?.queueEntryID != nil)
            testbed.manager.updateConfiguration { $0.baseURL = peer.url("") }

            let first = await queue.resumeAllQueued()
            #expect(first.answered == 0 && first.dropped == 0 && first.remaining == 1, "a 503 settled the entry: \(first)")
            var entry = try #require(try queue.allEntries().first)
            #expect(entry.attempts == 1)
            #expect(entry.lastError?.contains("503") == true)
            #expect(entry.notBefore == clock.wallTime().addingTimeInterval(7))
            await waitUntil { clock.pendingRuns == 1 }

            // Before Retry-After has passed nothing goes, whoever asks.
            let early = await queue.resumeAllQueued()
            #expect(early.answered == 0 && early.remaining == 1)
            clock.advance(by: 6.5)
            #expect(clock.pendingRuns == 1, "the comeback came before Retry-After")
            #expect(try await Self.arrivals(peer, key) == 1, "the entry was sent before its Retry-After")

            // Retry-After over: the queue comes back by itself, and meets the second 503.
            clock.advance(by: 0.5)
            await waitUntil { (try? queue.allEntries().first?.attempts) == 2 && clock.pendingRuns == 1 }
            entry = try #require(try queue.allEntries().first)
            #expect(entry.notBefore == clock.wallTime().addingTimeInterval(7))

            clock.advance(by: 7)
            let answer = try #require(await replayed.wait(for: 1).first)
            guard case .success(let response) = answer.result else {
                Issue.record("the third attempt was not delivered as a success: \(answer.result)")
                return
            }
            #expect(String(decoding: response.body, as: UTF8.self).contains("write"))
            #expect(answer.entry.attempts == 3)
            #expect(try queue.count() == 0)
            #expect(try await Self.arrivals(peer, key) == 3)
            #expect(replayed.all.count == 1)
        }
    }

    @Test("unavailable without Retry-After waits 1 s, then 2 s (the backoff doubles); the entry stays first and the calls behind it wait")
    func backoffDoublesAndOrderHolds() async throws {
        try await withQueueTestbed { testbed in
            let clock = SteppedQueueClock()
            let queue = try testbed.queue { $0.clock = clock }
            let typed = QueueRecorder<Result<Notes_Note, ProtoHTTPError>>()
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { typed.append($1) }
            _ = await testbed.create("first")
            _ = await testbed.create("second")
            testbed.notes.refuseNext([ProtoHTTPError(code: .unavailable, message: "restarting"),
                                      ProtoHTTPError(code: .unavailable, message: "still restarting")])
            testbed.goOnline()

            #expect(await queue.resumeAllQueued().remaining == 2)
            await waitUntil { clock.pendingRuns == 1 }
            #expect(try queue.allEntries().map(\.attempts) == [1, 0], "the entry behind the refused one was sent")
            clock.advance(by: 1)
            await waitUntil { (try? queue.allEntries().first?.attempts) == 2 && clock.pendingRuns == 1 }
            #expect(try queue.allEntries().first?.notBefore == clock.wallTime().addingTimeInterval(2))
            clock.advance(by: 1)
            #expect(clock.pendingRuns == 1, "the backoff did not double")
            #expect(testbed.notes.sightings.count == 2)
            clock.advance(by: 1)
            let results = await typed.wait(for: 2)
            #expect(results.compactMap { try? $0.get().title } == ["first", "second"])
            #expect(testbed.notes.sightings.map(\.title) == ["first", "first", "first", "second"])
            #expect(Set(testbed.notes.sightings.prefix(3).compactMap(\.key)).count == 1, "the attempts did not share one Idempotency-Key")
            #expect(try queue.count() == 0)
        }
    }

    @Test("transient answers count as attempts: past maxAttempts the entry is reported dropped, and the next one goes")
    func transientAnswersExhaustAttempts() async throws {
        try await withQueueTestbed { testbed in
            let clock = SteppedQueueClock()
            let queue = try testbed.queue { $0.clock = clock; $0.maxAttempts = 2 }
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            let typed = QueueRecorder<Result<Notes_Note, ProtoHTTPError>>()
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { typed.append($1) }
            _ = await testbed.create("doomed")
            _ = await testbed.create("next")
            testbed.notes.refuseNext(Array(repeating: ProtoHTTPError(code: .resourceExhausted, message: "busy"), count: 2))
            testbed.goOnline()
            _ = await queue.resumeAllQueued()
            await waitUntil { clock.pendingRuns == 1 }
            clock.advance(by: 1)
            let report = try #require(await dropped.wait(for: 1).first)
            #expect(report.reason == .tooManyAttempts && report.entry.attempts == 2)
            #expect(report.entry.lastError?.contains("busy") == true)
            #expect(try await typed.wait(for: 1).first?.get().title == "next")
        }
    }

    @Test("which answers are transient is configurable: with 503 taken out, a 503 settles the entry")
    func transientSetIsConfigurable() async throws {
        var answers = TransientAnswers()
        #expect(answers.contains(ProtoHTTPError(code: .unavailable, message: "", httpStatus: 503)))
        #expect(answers.contains(ProtoHTTPError(code: .unknown, message: "", httpStatus: 408)))
        #expect(!answers.contains(ProtoHTTPError(code: .internal, message: "", httpStatus: 500)))
        #expect(!answers.contains(ProtoHTTPError(code: .unavailable, message: "no status: no answer")), "a failure without a response is not an answer")
        #expect(answers.delay(afterAttempt: 1, retryAfter: nil) == .seconds(1))
        #expect(answers.delay(afterAttempt: 4, retryAfter: nil) == .seconds(8))
        #expect(answers.delay(afterAttempt: 40, retryAfter: nil) == .seconds(600))
        #expect(answers.delay(afterAttempt: 1, retryAfter: .seconds(86_400)) == .seconds(600), "a huge Retry-After must be capped")
        answers.httpStatuses.remove(503)
        answers.codes.remove(.unavailable)
        #expect(!answers.contains(ProtoHTTPError(code: .unavailable, message: "", httpStatus: 503)))

        try await withQueueTestbed { testbed in
            let queue = try testbed.queue { $0.transient = answers }
            let typed = QueueRecorder<Result<Notes_Note, ProtoHTTPError>>()
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { typed.append($1) }
            _ = await testbed.create("settled by a 503")
            testbed.notes.refuseNext([ProtoHTTPError(code: .unavailable, message: "down")])
            testbed.goOnline()
            #expect(await queue.resumeAllQueued().answered == 1)
            let result = try #require(await typed.wait(for: 1).first)
            #expect(throws: ProtoHTTPError.self, "the 503 was delivered as a success") { try result.get() }
            #expect(try queue.count() == 0)
        }
    }

    @Test("a full queue refuses the call with a clear error and reports it as overflow; nothing stored is evicted")
    func boundsRefuseWithoutEvicting() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue { $0.maxEntries = 2 }
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            #expect(await testbed.create("one")?.queueEntryID != nil)
            #expect(await testbed.create("two")?.queueEntryID != nil)
            let refused = try #require(await testbed.create("three"))
            #expect(refused.queueEntryID == nil)
            #expect(refused.message.contains("the offline queue is full (2 entries"), "unclear: \(refused.message)")
            #expect(refused.message.contains("maxEntries 2"))
            let report = try #require(await dropped.wait(for: 1).first)
            #expect(report.reason == .overflow)
            #expect(String(decoding: report.entry.body, as: UTF8.self).contains("three"))
            #expect(try queue.allEntries().count == 2)
            testbed.goOnline()
            #expect(await queue.resumeAllQueued().answered == 2)
            #expect(testbed.notes.sightings.map(\.title) == ["one", "two"])
            // The totals the bound is checked against went down with the replay: two fit again.
            #expect(try queue.store.occupancy() == .init(entries: 0, bytes: 0))
            testbed.goOffline()
            #expect(await testbed.create("four")?.queueEntryID != nil)
            #expect(await testbed.create("five")?.queueEntryID != nil)
            #expect(await testbed.create("six")?.queueEntryID == nil)
            let held = try queue.allEntries()
            #expect(try queue.store.occupancy() == .init(entries: 2, bytes: held.map(\.storedSize).reduce(0, +)))
        }
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue { $0.maxBytes = 2_000 }
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            #expect(await testbed.create("small")?.queueEntryID != nil)
            let stored = try queue.allEntries()[0].storedSize
            let refused = try #require(await testbed.create(String(repeating: "x", count: 2_000)))
            #expect(refused.queueEntryID == nil && refused.message.contains("maxBytes 2000"))
            #expect(refused.message.contains("\(stored) bytes"))
            #expect(await dropped.wait(for: 1).first?.reason == .overflow)
            #expect(try queue.allEntries().map(\.storedSize) == [stored])
        }
    }

    @Test("a wall clock that jumps forward a month expires nothing; the boot clock still ages entries; after a reboot the wall clock counts")
    func wallClockJumps() async throws {
        try await withQueueTestbed { testbed in
            let clock = SteppedQueueClock()
            let queue = try testbed.queue { $0.clock = clock; $0.maxAge = .seconds(60) }
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            _ = await testbed.create("aged by time", category: "old")
            clock.advance(by: 61)
            _ = await testbed.create("survives the jump", category: "young")
            clock.jumpWall(by: 30 * 86_400)
            testbed.goOnline()
            let summary = await queue.resumeAllQueued()
            #expect(summary.answered == 1 && summary.dropped == 1)
            #expect(await dropped.wait(for: 1).map { String(decoding: $0.entry.body, as: UTF8.self).contains("aged by time") } == [true])
            #expect(testbed.notes.sightings.map(\.title) == ["survives the jump"])

            // A new boot: no boot-clock baseline, so the wall clock (jumped or not) decides.
            testbed.manager.updateConfiguration { [deadPort = testbed.deadPort] in $0.baseURL = "http://127.0.0.1:\(deadPort)" }
            _ = await testbed.create("stored before the reboot", category: "rebooted")
            clock.reboot()
            clock.jumpWall(by: 120)
            testbed.goOnline()
            #expect(await queue.resumeAllQueued().dropped == 1)
            #expect(await dropped.wait(for: 2).last?.reason == .expired)
        }
    }

    @Test("a queue file written by the first schema opens, its entries gain the new columns (size from their columns), and they replay")
    func firstSchemaMigrates() async throws {
        try await withQueueTestbed { testbed in
            try FileManager.default.createDirectory(atPath: testbed.folder, withIntermediateDirectories: true)
            let path = testbed.folder + "/" + OfflineQueueConfiguration.fileName
            let old = try DatabaseQueue(path: path)
            var request = Notes_CreateNoteRequest()
            request.title = "from the first schema"
            let body = Data(request.serializedBytes())
            try await old.write { db in
                try db.execute(sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1-offline-queue');
                    CREATE TABLE queue_entry (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, protocol TEXT NOT NULL, path TEXT NOT NULL,
                        method TEXT NOT NULL, body BLOB NOT NULL, content_type TEXT, headers TEXT NOT NULL, category TEXT,
                        tag INTEGER, context TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, created_at REAL NOT NULL,
                        idempotency_key TEXT NOT NULL, last_error TEXT);
                    CREATE INDEX queue_entry_by_category ON queue_entry(category, seq);
                    """)
                try db.execute(sql: """
                    INSERT INTO queue_entry (id, protocol, path, method, body, content_type, headers, category, context, created_at, idempotency_key)
                    VALUES ('e1', 'connect', ?, 'POST', ?, 'application/proto', '[["Idempotency-Key","k1"]]', 'notes', '{}', ?, 'k1')
                    """, arguments: [Notes_NotesMetadata.CreateNote.path, body, Date().timeIntervalSince1970])
            }
            try old.close()
            let queue = try testbed.queue()
            let entry = try #require(try queue.allEntries().first)
            #expect(entry.id == "e1" && entry.notBefore == nil)
            #expect(entry.storedSize > 0)
            // The totals table is made from the rows the old file holds (their size column, which
            // for v1 rows counts the headers' stored JSON, not storedSize's names and values).
            let column = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT SUM(size) FROM queue_entry") }
            #expect(try queue.store.occupancy() == .init(entries: 1, bytes: try #require(column)))
            let typed = QueueRecorder<Result<Notes_Note, ProtoHTTPError>>()
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { typed.append($1) }
            testbed.goOnline()
            #expect(await queue.resumeAllQueued().answered == 1)
            #expect(try await typed.wait(for: 1).first?.get().title == "from the first schema")
        }
    }

    /// How many requests with `key` reached the flaky endpoint.
    private static func arrivals(_ peer: TestServer, _ key: String) async throws -> Int {
        let transport = try HTTPTransport(configuration: { var c = TransportConfiguration(); c.proxy = .none; return c }())
        defer { transport.shutdown() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.url("")), transport: transport)
        let body = try await manager.request(.get, "/flaky-count", input: ["key": key], requestSerializer: .formURLEncoded,
                                             responseSerializer: .raw, options: CallOptions())
        return Int(String(decoding: body.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
