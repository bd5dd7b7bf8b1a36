// OfflineStep.swift: demo section 10: a read answered from the response cache, and a call queued while its server is down and replayed when it is back.
import Foundation
import ProtoHTTPDemoService
import ProtoHTTPOffline
import Synchronization
import ProtoHTTP

/// Shows ProtoHTTPOffline: a `ListNotes` served the second time from a `MemoryResponseCache`,
/// then a second notes server that goes down, a `CreateNote` made meanwhile with
/// `queuesWhenOffline` (stored in SQLite before its failure arrives, the failure naming the
/// entry), and the server coming back on the same port, where `resumeAllQueued()` sends the call
/// again with the same `Idempotency-Key` and the replay handler gets the created note.
enum OfflineStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(10, "Offline: a cached read, and a call queued while its server is down", [
            "ProtoHTTPOffline plugs a response cache and a persisted offline queue (SQLite) into the manager:",
        ])
        out.code([
            "manager.use(cache: MemoryResponseCache())              // or DiskResponseCache / TieredResponseCache",
            "options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(60))",
            "let queue = try OfflineQueue(manager: manager, configuration: OfflineQueueConfiguration(app: \"notes\"))",
            "options.queuesWhenOffline = true                       // stored when the network fails; replayed later",
        ])
        out.line()
        await cachedRead(demo)
        await queuedWhileDown(demo)
    }

    private static func cachedRead(_ demo: DemoContext) async {
        do {
            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: demo.server.baseURL), transport: demo.clients.transport)
            manager.use(cache: MemoryResponseCache())
            var options = CallOptions()
            options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(60))
            let first = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
            let second = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
            demo.out.line("ListNotes   \(first.output.notes.count) notes from the network, then \(second.output.notes.count) again"
                + " with isFromCache = \(second.metadata.isFromCache) (no request sent)")
            demo.checks.expect(!first.metadata.isFromCache && second.metadata.isFromCache, "the second read to come from the cache")
            demo.checks.expect(second.output == first.output, "the cached answer to equal the network's")
        } catch {
            demo.checks.fail("the cached read failed: \(DemoFormat.error(error))")
        }
    }

    private static func queuedWhileDown(_ demo: DemoContext) async {
        let out = demo.out
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-demo-queue-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            // A second notes server, started to learn a free port, then stopped: the outage.
            let first = try DemoServer(logger: demo.serverLog.logger(label: "protohttp.offline-server"))
            try await first.start()
            let port = first.port ?? 0
            await first.shutdown()

            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(port)"),
                                               transport: demo.clients.transport)
            var queueConfiguration = OfflineQueueConfiguration(app: "protohttp-demo", location: OfflineStorageLocation(directory: folder))
            queueConfiguration.replaysWhenReachable = false  // the demo resumes by hand
            let queue = try OfflineQueue(manager: manager, configuration: queueConfiguration)
            let replayed = Mutex<[String]>([])
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { entry, result in
                replayed.withLock { $0.append((try? result.get().title).map { "\($0) (Idempotency-Key \(entry.idempotencyKey.prefix(8))…)" } ?? "failed") }
            }

            var request = Notes_CreateNoteRequest()
            request.title = "written while the server was down"
            var options = CallOptions(category: "notes")
            options.queuesWhenOffline = true
            do {
                _ = try await Notes_NotesClient(manager: manager).createNote(request, options: options)
                demo.checks.fail("the call to a stopped server to fail")
            } catch {
                out.line("CreateNote  server down → \(error.code), queued as \(error.queueEntryID ?? "nothing")")
                demo.checks.expect(error.queueEntryID != nil, "the failure to name the queue entry")
            }
            demo.checks.expect((try? queue.count()) == 1, "one call in the queue")

            let back = try DemoServer(port: port, logger: demo.serverLog.logger(label: "protohttp.offline-server"))
            try await back.start()
            let summary = await queue.resumeAllQueued()
            let lines = replayed.withLock { $0 }
            out.line("Resumed     server back on port \(port): \(summary.answered) answered, \(summary.remaining) left; replayed: \(lines.joined(separator: ", "))")
            demo.checks.expect(summary.answered == 1 && summary.remaining == 0, "the queued call to be answered on replay")
            let list = try await Notes_NotesClient(manager: manager).listNotes(Notes_ListNotesRequest())
            demo.checks.expect(list.notes.map(\.title) == [request.title], "the note to exist on the server that came back, once")
            await back.shutdown()
        } catch {
            demo.checks.fail("the offline queue step failed: \(error)")
        }
    }
}
