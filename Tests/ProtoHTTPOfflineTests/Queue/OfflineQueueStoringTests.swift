// OfflineQueueStoringTests.swift: what the queue stores (before the failure callback, without secrets), what it refuses, and that it survives reopening.
import Foundation
import ProtoHTTPDemoService
@testable import ProtoHTTPOffline
import ProtoHTTPTestSupport
import Testing
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

@Suite("Offline queue: storing")
struct OfflineQueueStoringTests {
    @Test("a queueable call to a dead port is stored before its failure callback runs, and the error names the entry")
    func storedBeforeFailureCallback() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            let seenInCallback = QueueRecorder<(ProtoHTTPError, [String])>()
            var request = Notes_CreateNoteRequest()
            request.title = "offline note"
            var options = CallOptions(category: "notes", tag: 4)
            options.queuesWhenOffline = true
            testbed.manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options, success: { _, _ in },
                                  failure: { error in seenInCallback.append((error, (try? queue.allEntries().map(\.id)) ?? [])) })
            let (error, idsThen) = try #require(await seenInCallback.wait(for: 1).first)
            let id = try #require(error.queueEntryID, "not queued: \(error)")
            #expect(idsThen == [id], "the entry was not in the database when the failure callback ran")
            #expect(error.transportError?.curlCode == 7)
            #expect(error.message.contains(id))
            let entry = try #require(try queue.allEntries().first)
            #expect(entry.path == Notes_NotesMetadata.CreateNote.path)
            #expect(entry.rpcProtocol == .connect)
            #expect(entry.httpMethod == .post)
            #expect(entry.category == "notes")
            #expect(entry.tag == 4)
            #expect(entry.attempts == 0)
            #expect(entry.contentType == "application/proto")
            #expect(try Notes_CreateNoteRequest(serializedBytes: entry.body).title == "offline note")
            #expect(entry.headers.firstValue(.idempotencyKey) == entry.idempotencyKey)
            #expect(UUID(uuidString: entry.id) != nil && UUID(uuidString: entry.idempotencyKey) != nil)
            #expect(entry.lastError?.contains("curl 7") == true)
            #expect(abs(entry.createdAt.timeIntervalSinceNow) < 30)
            #expect(testbed.notes.sightings.isEmpty)
        }
    }

    @Test("Authorization, Cookie and configured headers never reach the disk; the manager applies its own again at replay")
    func secretsNeverReachTheDisk() async throws {
        try await withQueueTestbed(configure: {
            $0.setHeader("Bearer manager-token", for: .authorization)
            $0.setHeader("fresh-api-key", for: .named("X-Api-Key"))
        }) { testbed in
            let queue = try testbed.queue { $0.strippedHeaders = [.named("X-Api-Key")] }
            let error = await testbed.create("secret test", headers: HTTPFields([
                HTTPField(name: .named("authorization"), value: "Bearer call-secret-1"),
                HTTPField(name: .cookie, value: "session=cookie-secret-2"),
                HTTPField(name: .proxyAuthorization, value: "Basic proxy-secret-3"),
                HTTPField(name: .named("X-API-KEY"), value: "stale-secret-4"),
                HTTPField(name: .named("X-Trace"), value: "trace-kept-5"),
            ]))
            #expect(error?.queueEntryID != nil)
            let entry = try #require(try queue.allEntries().first)
            #expect(entry.headers.map(\.name.canonicalName).sorted() == ["idempotency-key", "x-trace"])

            // Every byte of every file the database has written (main file, WAL, shared memory).
            var bytes: [UInt8] = []
            for file in try FileManager.default.contentsOfDirectory(atPath: testbed.folder) {
                bytes += try [UInt8](Data(contentsOf: URL(fileURLWithPath: testbed.folder + "/" + file)))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("trace-kept-5"), "the check reads the wrong files")
            #expect(text.contains(entry.idempotencyKey))
            for secret in ["call-secret-1", "cookie-secret-2", "proxy-secret-3", "stale-secret-4", "manager-token", "fresh-api-key"] {
                #expect(!text.contains(secret), "\(secret) reached the disk")
            }

            testbed.goOnline()
            let summary = await queue.resumeAllQueued()
            #expect(summary.answered == 1)
            let sighting = try #require(testbed.notes.sightings.first)
            #expect(sighting.authorization == "Bearer manager-token")
            #expect(sighting.custom == "fresh-api-key")
            #expect(sighting.cookie == nil)
            #expect(sighting.key == entry.idempotencyKey)
        }
    }

    @Test("a call without queuesWhenOffline, or failing with an HTTP answer, is never stored")
    func nonQueueableCallsAreNotStored() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            let plain = await testbed.create("not queueable", queueable: false)
            #expect(plain?.queueEntryID == nil)
            #expect(plain?.transportError?.curlCode == 7)
            testbed.goOnline()
            let answered = await testbed.create("", queueable: true)  // the server refuses an empty title
            #expect(answered?.code == .invalidArgument)
            #expect(answered?.queueEntryID == nil)
            #expect(try queue.count() == 0)
        }
    }

    @Test("a multipart upload is not queued")
    func multipartIsNotQueued() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            var options = CallOptions(category: "uploads")
            options.queuesWhenOffline = true
            let form = MultipartForm([.string("field", "value"), .bytes("file", [1, 2, 3], fileName: "a.bin")])
            let error = await #expect(throws: ProtoHTTPError.self) {
                _ = try await testbed.manager.upload("/upload", form: form, responseSerializer: .raw, options: options)
            }
            #expect(error?.queueEntryID == nil)
            #expect(error?.transportError?.curlCode == 7)
            #expect(try queue.count() == 0)
        }
    }

    @Test("reopening the database keeps every entry, its id, key and storable context; other context values are dropped")
    func reopeningKeepsEntries() async throws {
        try await withQueueTestbed { testbed in
            let first = try testbed.queue()
            let context: [String: any Sendable] = ["user": "u1", "count": 3, "ratio": 0.5, "flag": true, "tags": ["a", "b"],
                                                   "nested": ["k": 1], "callback": { @Sendable in }, "small": Int8(7)]
            _ = await testbed.create("one", context: context)
            _ = await testbed.create("two", category: nil)
            let before = try first.allEntries()
            #expect(before.count == 2)

            let manager = try ProtoHTTPManager(configuration: testbed.manager.configuration, transport: testbed.transport)
            let reopened = try OfflineQueue(manager: manager, configuration: OfflineQueueConfiguration(location: OfflineStorageLocation(directory: testbed.folder)))
            #expect(manager.configuration.interceptors.isEmpty, "the queue took an interceptor")
            let stage = try #require(manager.stage(in: .offlineQueue) as? OfflineQueueStage, "the queue installed no stage")
            #expect(stage.queueing.queue as? OfflineQueue === reopened, "the earlier queue's stage was kept")
            let after = try reopened.allEntries()
            #expect(after == before)
            #expect(after.map { try? Notes_CreateNoteRequest(serializedBytes: $0.body).title } == ["one", "two"])
            #expect(after[0].context == ["user": .string("u1"), "count": .int(3), "ratio": .double(0.5), "flag": .bool(true),
                                         "tags": .array([.string("a"), .string("b")]), "nested": .object(["k": .int(1)]), "small": .int(7)])
            #expect(try reopened.entries(category: nil).map(\.id) == [before[1].id])
            #expect(Set(after.map(\.id)).count == 2)
        }
    }

    @Test("shouldQueue: every failure for the network by default (SCA's set) and answers of 502/503/504; both sets are configurable")
    func shouldQueueReadsTheTransportError() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            func error(_ code: Int, _ detail: String = "", status: Int? = nil) -> ProtoHTTPError {
                ProtoHTTPError(code: .unavailable, message: "m", httpStatus: status,
                               transportError: TransportError(curlCode: code, summary: "s", detail: detail))
            }
            for code in [5, 6, 7, 18, 28, 52, 55, 56] {
                #expect(queue.shouldQueue(error(code)), "curl code \(code)")
            }
            #expect(!queue.shouldQueue(error(60, "SSL certificate problem")), "a TLS failure is no missing network")
            #expect(!queue.shouldQueue(error(3, "URL using bad/illegal format")))
            for status in [502, 503, 504] {
                #expect(queue.shouldQueue(ProtoHTTPError(code: .unavailable, message: "HTTP \(status)", httpStatus: status)))
            }
            #expect(!queue.shouldQueue(ProtoHTTPError(code: .notFound, message: "HTTP 404", httpStatus: 404)))
            #expect(!queue.shouldQueue(ProtoHTTPError(code: .resourceExhausted, message: "HTTP 429", httpStatus: 429)))
            #expect(!queue.shouldQueue(ProtoHTTPError(code: .deadlineExceeded, message: "the call's deadline passed")), "delivered before any stage")
            #expect(!queue.shouldQueue(ProtoHTTPError(code: .invalidArgument, message: "a bad request, built locally")))

            var configuration = OfflineQueueConfiguration(location: OfflineStorageLocation(directory: testbed.folder + "/other"))
            configuration.queueableCurlCodes = OfflineQueueConfiguration.unreachedCurlCodes
            configuration.queueableStatuses = [429]
            let strict = try OfflineQueue(manager: testbed.manager, configuration: configuration)
            #expect(strict.shouldQueue(error(7)) && strict.shouldQueue(error(6)))
            #expect(!strict.shouldQueue(error(28)) && !strict.shouldQueue(error(56)))
            #expect(strict.shouldQueue(ProtoHTTPError(code: .resourceExhausted, message: "HTTP 429", httpStatus: 429)))
            #expect(!strict.shouldQueue(ProtoHTTPError(code: .unavailable, message: "HTTP 503", httpStatus: 503)))
        }
    }

    @Test("against a peer: a 503 and a reply cut short are stored; a 404 and a call past its own deadline are not")
    func whatGetsQueuedAgainstAPeer() async throws {
        let peer = try await TestServer.start()
        defer { peer.stop() }
        try await withQueueTestbed(configure: { $0.baseURL = peer.url(""); $0.wireProtocol = .plain }) { testbed in
            let queue = try testbed.queue()
            var options = CallOptions(category: "writes")
            options.queuesWhenOffline = true
            func outcome(_ path: String, timeout: Duration? = nil) async -> ProtoHTTPError? {
                var call = options
                if let timeout { call.timeout = .after(timeout) }
                do {
                    _ = try await testbed.manager.request(.post, path, input: Array("w".utf8), requestSerializer: .raw, responseSerializer: .raw,
                                                          options: call)
                    return nil
                } catch {
                    return error
                }
            }
            let unavailable = await outcome("/status/503")
            #expect(unavailable?.httpStatus == 503 && unavailable?.queueEntryID != nil, "\(String(describing: unavailable))")
            let cut = await outcome("/flaky?key=\(UUID().uuidString)&fails=1&reset=1")
            #expect(cut?.transportError != nil && cut?.queueEntryID != nil, "\(String(describing: cut))")
            let late = await outcome("/slow?ms=5000", timeout: .milliseconds(300))
            #expect(late?.code == .deadlineExceeded && late?.queueEntryID == nil, "\(String(describing: late))")
            let missing = await outcome("/status/404")
            #expect(missing?.httpStatus == 404 && missing?.queueEntryID == nil)
            #expect(try queue.allEntries().count == 2)
        }
    }
}

@Suite("Offline queue: bad input")
struct OfflineQueueBadInputTests {
    @Test("a file that is not a database is a clear .storage error naming it, and is left as it was")
    func corruptFileIsAClearError() async throws {
        try await withQueueTestbed { testbed in
            try FileManager.default.createDirectory(atPath: testbed.folder, withIntermediateDirectories: true)
            let path = testbed.folder + "/" + OfflineQueueConfiguration.fileName
            let garbage = Data(String(repeating: "this is not an SQLite database\n", count: 200).utf8)
            try garbage.write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: OfflineError.self) { _ = try testbed.queue() }
            #expect(error?.code == .storage)
            #expect(error?.message.contains(path) == true)
            #expect(error?.message.contains("delete the file") == true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "the unreadable file was changed")
            #expect(testbed.manager.stage(in: .offlineQueue) == nil, "a queue that failed to open was installed")
        }
    }

    @Test("an app name that cannot name a folder is refused before anything is created")
    func badAppName() async throws {
        try await withQueueTestbed { testbed in
            let error = #expect(throws: OfflineError.self) {
                _ = try OfflineQueue(manager: testbed.manager, configuration: OfflineQueueConfiguration(app: "../escape"))
            }
            #expect(error?.code == .storage)
            #expect(testbed.manager.stage(in: .offlineQueue) == nil)
        }
    }

    @Test("remove(id:) takes an entry out and reports it dropped; an unknown id changes nothing")
    func removeByID() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            let dropped = QueueRecorder<DroppedCall>()
            queue.onDropped { dropped.append($0) }
            _ = await testbed.create("keep")
            _ = await testbed.create("remove me")
            let entries = try queue.allEntries()
            #expect(try queue.remove(id: entries[1].id))
            #expect(try !queue.remove(id: entries[1].id))
            #expect(try !queue.remove(id: "no-such-id"))
            #expect(try queue.allEntries() == [entries[0]])
            let report = try #require(await dropped.wait(for: 1).first)
            #expect(report.reason == .removed && report.entry.id == entries[1].id)
        }
    }
}
