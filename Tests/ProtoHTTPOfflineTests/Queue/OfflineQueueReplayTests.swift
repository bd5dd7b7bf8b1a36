// OfflineQueueReplayTests.swift: replay against our server: handlers, keys, order, priority over new calls, coalescing, drops, server errors, reachability.
import Foundation
import GRDB
import ProtoHTTPDemoService
import ProtoHTTPOffline
import Synchronization
import ProtoHTTPTestSupport
import Testing
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

@Suite("Offline queue: replay")
struct OfflineQueueReplayTests {
    @Test("replay sends oldest first with each call's Idempotency-Key and delivers to path, category and typed handlers")
    func replayDeliversToHandlers() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            let typed = QueueRecorder<(QueuedCall, Result<Notes_Note, ProtoHTTPError>)>()
            let byPath = QueueRecorder<ReplayedCall>()
            let byCategory = QueueRecorder<ReplayedCall>()
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { typed.append(($0, $1)) }
            queue.onReplay(path: Notes_NotesMetadata.CreateNote.path) { byPath.append($0) }
            queue.onReplay(category: "notes") { byCategory.append($0) }
            queue.onReplay(category: "other") { _ in Issue.record("a handler of another category ran") }
            for title in ["first", "second", "third"] {
                #expect(await testbed.create(title)?.queueEntryID != nil)
            }
            let entries = try queue.allEntries()
            #expect(testbed.notes.sightings.isEmpty)

            testbed.goOnline()
            let summary = await queue.resumeQueued(category: "notes")
            #expect(summary == { var s = ReplaySummary(); s.answered = 3; return s }())
            #expect(testbed.notes.sightings.map(\.title) == ["first", "second", "third"])
            #expect(testbed.notes.keys == entries.map(\.idempotencyKey))
            let results = await typed.wait(for: 3)
            #expect(results.map(\.0.id) == entries.map(\.id))
            #expect(results.compactMap { try? $0.1.get().title } == ["first", "second", "third"])
            #expect(results.allSatisfy { $0.0.attempts == 1 })
            #expect(await byPath.wait(for: 3).count == 3)
            #expect(await byCategory.wait(for: 3).map(\.entry.idempotencyKey) == entries.map(\.idempotencyKey))
            #expect(try queue.count() == 0)
        }
    }

    @Test("while a category replays, its new calls wait behind the queued ones; other categories do not (also after the interceptors are assigned anew)",
          arguments: [false, true])
    func queuedCallsGoAheadOfNewOnes(interceptorsAssigned: Bool) async throws {
        // The replay's first call is held at the server until the other category's call arrives,
        // which on a loaded machine can take far longer than the testbed's 10 s call deadline (its
        // task waits for the cooperative pool): the deadline here is the hang guard, so the test
        // waits for that arrival, not for a guessed duration.
        try await withQueueTestbed(configure: { $0.timeout = hangGuard }) { testbed in
            let queue = try testbed.queue()
            if interceptorsAssigned {
                // The queue is a stage, not an interceptor: assigning the list cannot remove it.
                testbed.manager.updateConfiguration {
                    $0.interceptors = [ClosureInterceptor { request, _, next, completion in next(request, completion) }]
                }
            }
            for title in ["queued-1", "queued-2", "queued-3"] { _ = await testbed.create(title) }
            #expect(try queue.allEntries().count == 3, "the calls were not queued")
            testbed.goOnline()
            // The replay's first call is held until the other category's call has reached the
            // server, so a loaded machine cannot reorder them by timing alone.
            let notes = testbed.notes
            notes.beforeAnswer { sighting in
                guard sighting.title == "queued-1" else { return }
                await waitUntil { notes.sightings.contains(where: { $0.title == "new-other-category" }) }
            }
            let replayed = QueueRecorder<ReplaySummary>()
            queue.resumeQueued(category: "notes") { replayed.append($0) }
            async let newInCategory = testbed.create("new-same-category", queueable: false)
            async let newElsewhere = testbed.create("new-other-category", category: "other", queueable: false)
            let (same, other) = await (newInCategory, newElsewhere)
            #expect(same == nil && other == nil, "same: \(String(describing: same)); other: \(String(describing: other))")
            #expect(await replayed.wait(for: 1).first?.answered == 3)
            let titles = testbed.notes.sightings.map(\.title)
            #expect(Array(titles.filter { $0.hasPrefix("queued") }) == ["queued-1", "queued-2", "queued-3"])
            let newIndex = try #require(titles.firstIndex(of: "new-same-category"))
            let otherIndex = try #require(titles.firstIndex(of: "new-other-category"))
            let lastQueued = try #require(titles.lastIndex { $0.hasPrefix("queued") })
            #expect(newIndex > lastQueued, "a new call went ahead of the replay: \(titles)")
            #expect(otherIndex < lastQueued, "another category's call waited for the replay: \(titles)")
        }
    }

    @Test("resuming a category that is replaying joins the replay: one more pass, both callers get its summary")
    func resumeJoinsARunningReplay() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            for title in ["early-1", "early-2"] { _ = await testbed.create(title) }
            let template = try #require(try queue.allEntries().first)
            testbed.goOnline()
            // The replay's first answer waits until the second resume has been made, so that
            // resume finds the replay running however slow the machine is.
            let secondResumeMade = ReleaseGate()
            let held = Mutex(false)
            testbed.notes.beforeAnswer { sighting in
                guard sighting.title == "early-1" else { return }
                held.withLock { $0 = true }
                try? await secondResumeMade.wait()
            }
            let summaries = QueueRecorder<ReplaySummary>()
            queue.resumeQueued(category: "notes") { summaries.append($0) }
            #expect(await waitUntil { held.withLock { $0 } }, "the replay is running")
            // Stored while the replay runs (as a failed call would be), then a second resume.
            var late = Notes_CreateNoteRequest()
            late.title = "late"
            let id = try queue.enqueue(QueueableCall(
                httpMethod: .post, path: template.path, idempotencyLevel: nil, rpcProtocol: .connect, body: late.serializedBytes(),
                contentType: template.contentType, headers: [.idempotencyKey: "late-key"],
                idempotencyKey: "late-key", category: "notes", tag: nil, context: [:],
                error: ProtoHTTPError(code: .unavailable, message: "offline")))
            queue.resumeQueued(category: "notes") { summaries.append($0) }
            secondResumeMade.open()
            let both = await summaries.wait(for: 2)
            #expect(both.count == 2 && both.allSatisfy { $0.answered == 3 && $0.remaining == 0 }, "\(both)")
            #expect(testbed.notes.sightings.map(\.title) == ["early-1", "early-2", "late"])
            #expect(testbed.notes.keys.last == "late-key")
            #expect(try queue.entries(category: "notes").isEmpty && UUID(uuidString: id) != nil)
        }
    }

    @Test("a batch hook coalesces a like followed by an unlike: neither is sent, both are reported dropped")
    func batchHookCoalesces() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue { configuration in
                configuration.batchHook = { _, entries in
                    var kept: [QueuedCall] = []
                    for entry in entries {
                        let title = (try? Notes_CreateNoteRequest(serializedBytes: entry.body).title) ?? ""
                        if title.hasPrefix("unlike:"), let like = kept.lastIndex(where: {
                            (try? Notes_CreateNoteRequest(serializedBytes: $0.body).title) == "like:" + title.dropFirst("unlike:".count)
                        }) {
                            kept.remove(at: like)
                        } else {
                            kept.append(entry)
                        }
                    }
                    return kept.reversed()   // and reorders: newest first
                }
            }
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            for title in ["like:p1", "like:p2", "unlike:p1", "like:p3"] { _ = await testbed.create(title) }
            let entries = try queue.allEntries()
            testbed.goOnline()
            let summary = await queue.resumeAllQueued()
            #expect(summary.answered == 2 && summary.dropped == 2 && summary.remaining == 0)
            #expect(testbed.notes.sightings.map(\.title) == ["like:p3", "like:p2"])
            let reports = await dropped.wait(for: 2)
            #expect(Set(reports.map(\.entry.id)) == [entries[0].id, entries[2].id])
            #expect(reports.allSatisfy { $0.reason == .coalesced })
        }
    }

    @Test("an entry without an answer stays, counting attempts, and is dropped after maxAttempts")
    func dropAfterMaxAttempts() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue { $0.maxAttempts = 2 }
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            _ = await testbed.create("never answered")
            _ = await testbed.create("behind it")
            let first = await queue.resumeAllQueued()   // still offline
            #expect(first.answered == 0 && first.dropped == 0 && first.remaining == 2)
            #expect(try queue.allEntries().map(\.attempts) == [1, 0], "the replay did not stop at the first failure")
            let second = await queue.resumeAllQueued()
            #expect(second.dropped == 1 && second.remaining == 1)
            let report = try #require(await dropped.wait(for: 1).first)
            #expect(report.reason == .tooManyAttempts)
            #expect(report.entry.attempts == 2)
            #expect(report.entry.lastError?.contains("curl 7") == true)
            #expect(try queue.allEntries().map(\.attempts) == [0])
            #expect(testbed.notes.sightings.isEmpty)
        }
    }

    @Test("resumeQueued(category: nil) replays every category, the calls without one included, as SCAwesomeNetworking's reconnect does")
    func nilCategoryReplaysEverything() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            _ = await testbed.create("in notes")
            _ = await testbed.create("in other", category: "other")
            _ = await testbed.create("without a category", category: nil)
            #expect(try queue.count() == 3)
            testbed.goOnline()
            let summary = await queue.resumeQueued(category: nil)
            #expect(summary.answered == 3 && summary.remaining == 0)
            #expect(Set(testbed.notes.sightings.map(\.title)) == ["in notes", "in other", "without a category"])
            #expect(try queue.count() == 0)
        }
    }

    @Test("resumeUncategorized() replays only the calls made without a category")
    func uncategorizedReplaysOnlyThose() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            _ = await testbed.create("in notes")
            _ = await testbed.create("without a category", category: nil)
            testbed.goOnline()
            let summary = await queue.resumeUncategorized()
            #expect(summary.answered == 1)
            #expect(testbed.notes.sightings.map(\.title) == ["without a category"])
            #expect(try queue.allEntries().map(\.category) == ["notes"])
        }
    }

    @Test("an entry older than maxAge is dropped, not sent")
    func dropAfterMaxAge() async throws {
        try await withQueueTestbed { testbed in
            // The queue's clock moves only here, so a loaded machine cannot age "young" too.
            let clock = SteppedQueueClock()
            let queue = try testbed.queue { $0.maxAge = .seconds(60); $0.clock = clock }
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            _ = await testbed.create("too old")
            clock.advance(by: 61)
            _ = await testbed.create("young")
            testbed.goOnline()
            let summary = await queue.resumeAllQueued()
            #expect(summary.answered == 1 && summary.dropped == 1)
            #expect(await dropped.wait(for: 1).map(\.reason) == [.expired])
            #expect(testbed.notes.sightings.map(\.title) == ["young"])
        }
    }

    @Test("an RPC error answer removes the entry and reaches the handlers as the error")
    func serverErrorRemovesTheEntry() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            let typed = QueueRecorder<Result<Notes_Note, ProtoHTTPError>>()
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { typed.append($1) }
            _ = await testbed.create("")   // the server refuses an empty title
            _ = await testbed.create("fine")
            testbed.goOnline()
            let summary = await queue.resumeAllQueued()
            #expect(summary.answered == 2 && summary.remaining == 0)
            let results = await typed.wait(for: 2)
            guard results.count == 2, case .failure(let error) = results[0], case .success(let note) = results[1] else {
                Issue.record("unexpected results \(results)")
                return
            }
            #expect(error.code == .invalidArgument)
            #expect(error.httpStatus == 400)
            #expect(note.title == "fine")
            #expect(try queue.count() == 0)
        }
    }

    @Test("the network coming back replays by itself, unless turned off")
    func reachabilityStartsTheReplay() async throws {
        try await withQueueTestbed { testbed in
            let source = FlippableReachability()
            let queue = try testbed.queue { $0.reachability = source }
            let replayed = QueueRecorder<ReplayedCall>()
            queue.onReplay(category: "notes") { replayed.append($0) }
            _ = await testbed.create("back online")
            testbed.goOnline()
            source.set(true)
            #expect(await replayed.wait(for: 1).count == 1)
            #expect(testbed.notes.sightings.map(\.title) == ["back online"])

            let quietFolder = testbed.folder + "/quiet"
            let quietSource = FlippableReachability()
            var configuration = OfflineQueueConfiguration(location: OfflineStorageLocation(directory: quietFolder))
            configuration.reachability = quietSource
            configuration.replaysWhenReachable = false
            let quiet = try OfflineQueue(manager: testbed.manager, configuration: configuration)
            testbed.manager.updateConfiguration { [deadPort = testbed.deadPort] in $0.baseURL = "http://127.0.0.1:\(deadPort)" }
            _ = await testbed.create("stays queued")
            testbed.goOnline()
            // Never subscribed, so the flip below reaches nothing that could start a replay.
            #expect(quietSource.observerCount == 0)
            quietSource.set(true)
            #expect(try quiet.count() == 1)
        }
    }
}

/// A reachability source the test flips by hand.
final class FlippableReachability: ReachabilitySource {
    private let state = Mutex((reachable: false, observers: [Int: @Sendable (Bool) -> Void](), next: 0))

    var isReachable: Bool { state.withLock { $0.reachable } }
    var observerCount: Int { state.withLock { $0.observers.count } }

    func observeReachability(_ handler: @escaping @Sendable (Bool) -> Void) -> ReachabilityObservation {
        let id = state.withLock { state in
            state.next += 1
            state.observers[state.next] = handler
            return state.next
        }
        return ReachabilityObservation { [weak self] in self?.state.withLock { _ = $0.observers.removeValue(forKey: id) } }
    }

    func set(_ reachable: Bool) {
        let observers = state.withLock { state in
            state.reachable = reachable
            return Array(state.observers.values)
        }
        for observer in observers { observer(reachable) }
    }
}

/// Connect with a header of its own: a custom protocol of the Connect kind.
struct VariantConnect: WireProtocol {
    var rpcProtocol: RPCProtocol { .connect }
    var serializationContext: SerializationContext { ConnectProtocol().serializationContext }
    func route(_ path: String) -> String { ConnectProtocol().route(path) }
    func headers(timeout: Duration?) -> HTTPFields {
        var headers = ConnectProtocol().headers(timeout: timeout)
        headers[.named("X-Protocol-Variant")] = "1"
        return headers
    }
    func error(from response: TransportResponse) -> ProtoHTTPError? { ConnectProtocol().error(from: response) }
}

@Suite("Offline queue: protocols")
struct OfflineQueueProtocolTests {
    @Test("a call is stored with its protocol's kind and replays with the protocol configured for that kind, else the default")
    func customProtocolReplaysByKind() async throws {
        try await withQueueTestbed { testbed in
            var options = CallOptions(category: "notes", wireProtocol: VariantConnect())
            options.queuesWhenOffline = true
            var request = Notes_CreateNoteRequest()

            let plainQueue = try testbed.queue()
            request.title = "replayed as Connect"
            let first = await #expect(throws: ProtoHTTPError.self) {
                _ = try await testbed.manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options)
            }
            #expect(first?.queueEntryID != nil)
            #expect(try plainQueue.allEntries().map(\.rpcProtocol) == [.connect])
            testbed.goOnline()
            #expect(await plainQueue.resumeAllQueued().answered == 1)
            #expect(testbed.notes.sightings.map(\.variant) == [nil], "the default Connect protocol, without the variant's header")

            testbed.goOffline()
            let mappedQueue = try testbed.queue { $0.protocols[.connect] = VariantConnect() }
            request.title = "replayed as the variant"
            let second = await #expect(throws: ProtoHTTPError.self) {
                _ = try await testbed.manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options)
            }
            #expect(second?.queueEntryID != nil)
            testbed.goOnline()
            #expect(await mappedQueue.resumeAllQueued().answered == 1)
            #expect(testbed.notes.sightings.map(\.variant) == [nil, "1"])
            #expect(testbed.notes.sightings.map(\.title) == ["replayed as Connect", "replayed as the variant"])
        }
    }

    @Test("a stored entry whose protocol this version does not know is refused with a clear error, and stays stored")
    func unknownStoredProtocol() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            var options = CallOptions(category: "notes")
            options.queuesWhenOffline = true
            var request = Notes_CreateNoteRequest()
            request.title = "kept"
            let error = await #expect(throws: ProtoHTTPError.self) {
                _ = try await testbed.manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options)
            }
            let id = try #require(error?.queueEntryID)
            let database = try DatabaseQueue(path: testbed.folder + "/" + OfflineQueueConfiguration.fileName)
            try await database.write { try $0.execute(sql: "UPDATE queue_entry SET protocol = 'acme-rpc' WHERE id = ?", arguments: [id]) }
            try database.close()

            let refused = #expect(throws: OfflineError.self) { _ = try queue.allEntries() }
            #expect(refused?.message == "the queued call \(id) names the wire protocol \"acme-rpc\", which is not connect, twirp or plain; remove it with OfflineQueue.remove(id:).")
            testbed.goOnline()
            _ = await queue.resumeAllQueued()
            #expect(testbed.notes.sightings.isEmpty, "nothing was sent for it")
            #expect(try queue.count() == 1, "the entry is kept, not lost")
        }
    }

    @Test("a plain GET keeps its query in the stored path and replays as the same GET; a 404 answer removes it")
    func getReplaysWithItsQuery() async throws {
        let urls = QueueRecorder<(String, String)>()
        try await withQueueTestbed(configure: { configuration in
            configuration.interceptors = [ClosureInterceptor { request, _, next, completion in
                urls.append((request.method.rawValue, request.url))
                next(request, completion)
            }]
        }) { testbed in
            let queue = try testbed.queue()
            let replayed = QueueRecorder<ReplayedCall>()
            queue.onReplay(path: "/lookup") { replayed.append($0) }
            var options = CallOptions(category: "reads")
            options.queuesWhenOffline = true
            let error = await #expect(throws: ProtoHTTPError.self) {
                _ = try await testbed.manager.request(.get, "/lookup", input: ["q": "two words"], requestSerializer: .formURLEncoded,
                                                      responseSerializer: .raw, options: options)
            }
            #expect(error?.queueEntryID != nil)
            let entry = try #require(try queue.allEntries().first)
            #expect(entry.httpMethod == .get && entry.body.isEmpty)
            #expect(entry.path == "/lookup?q=two%20words" || entry.path == "/lookup?q=two+words")
            testbed.goOnline()
            #expect(await queue.resumeAllQueued().answered == 1)
            let (method, url) = try #require(urls.all.last)
            #expect(method == "GET")
            #expect(url == testbed.liveURL + entry.path)
            let answer = try #require(await replayed.wait(for: 1).first)
            guard case .failure(let notFound) = answer.result else {
                Issue.record("a 404 was delivered as a success")
                return
            }
            #expect(notFound.httpStatus == 404)
            #expect(try queue.count() == 0)
        }
    }

    @Test("the stored context reaches the replay's interceptors")
    func contextReachesInterceptors() async throws {
        let seen = QueueRecorder<[String: any Sendable]>()
        try await withQueueTestbed(configure: { configuration in
            configuration.interceptors = [ClosureInterceptor { request, info, next, completion in
                seen.append(info.context)
                next(request, completion)
            }]
        }) { testbed in
            let queue = try testbed.queue()
            _ = await testbed.create("with context", context: ["user": "u7", "retries": 2])
            testbed.goOnline()
            #expect(await queue.resumeAllQueued().answered == 1)
            let replayContext = try #require(seen.all.last)
            #expect(replayContext["user"] as? String == "u7")
            #expect(replayContext["retries"] as? Int == 2)
        }
    }
}
