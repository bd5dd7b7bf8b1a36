// OfflineQueueArticleTests.swift: the offline-queue example of the DocC article "Working offline", run as written against our server.
import ProtoHTTPDemo
import ProtoHTTPDemoService
import ProtoHTTPOffline
import Testing
import ProtoHTTP

@Suite("Article: working offline, the queue")
struct OfflineQueueArticleTests {
    @Test("the example queues a call while the server is unreachable and replays it when the network is back")
    func readmeExample() async throws {
        try await withQueueTestbed { testbed in
            let manager = testbed.manager
            let monitor = FlippableReachability()
            let printed = QueueRecorder<String>()
            @Sendable func print(_ line: String) { printed.append(line) }

            let location = OfflineStorageLocation(directory: testbed.folder)

            var queueConfiguration = OfflineQueueConfiguration(app: "notes-app", location: location)  // without location: ~/.cache/notes-app
            queueConfiguration.maxAttempts = 5
            queueConfiguration.queueableStatuses.insert(429)   // also store calls a rate limiter turned away (default 502, 503, 504)
            queueConfiguration.reachability = monitor  // a NetworkMonitor: replays by itself when the network is back
            let queue = try OfflineQueue(manager: manager, configuration: queueConfiguration)

            // Closures do not survive a restart: replayed calls report here (per method, path or category).
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { entry, result in
                switch result {
                case .success(let note): print("replayed: created \(note.title) (Idempotency-Key \(entry.idempotencyKey))")
                case .failure(let error): print("replayed: the server refused it: \(error.code)")
                }
            }
            queue.onDropped { dropped in print("gave up on \(dropped.entry.id): \(dropped.reason)") }

            let client = Notes_NotesClient(manager: manager)
            var request = Notes_CreateNoteRequest()
            request.title = "written on the train"
            var options = CallOptions(category: "notes")
            options.queuesWhenOffline = true
            client.createNote(request, options: options, success: { note, _ in print("created \(note.title)") }, failure: { error in
                if let id = error.queueEntryID { print("offline: queued as \(id)") }
            })

            let queued = await printed.wait(for: 1)
            #expect(queued.first?.hasPrefix("offline: queued as ") == true)
            testbed.goOnline()
            monitor.set(true)
            let lines = await printed.wait(for: 2)
            #expect(lines.count == 2 && lines[1].hasPrefix("replayed: created written on the train (Idempotency-Key "))
            #expect(try queue.count() == 0)
            // later, or at launch after registering handlers:
            let summary = await queue.resumeAllQueued()   // or resumeQueued(category: "notes")
            #expect(summary.answered == 0 && summary.remaining == 0)
        }
    }
}
