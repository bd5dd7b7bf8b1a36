// OfflineQueueWriteAheadTests.swift: calls made with queuesWhenOffline are stored before they are sent and leave the queue when answered, cancelled or refused.
import Foundation
import ProtoHTTPDemoService
@testable import ProtoHTTPOffline
import ProtoHTTPTestSupport
import Testing
import ProtoHTTP
import ProtoHTTPCore

@Suite("Offline queue: write-ahead")
struct OfflineQueueWriteAheadTests {
    @Test("a queueable call is stored before it is sent: in flight while the server holds it, a replay leaves it alone, and it leaves the queue once answered")
    func inFlightUntilAnswered() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            testbed.goOnline()
            let release = ReleaseGate()
            let seen = QueueRecorder<String>()
            testbed.notes.beforeAnswer { sighting in
                seen.append(sighting.key ?? "-")
                try? await release.wait()
            }
            async let answer = testbed.create("held")
            let key = try #require(await seen.wait(for: 1).first)

            let entry = try #require(try queue.allEntries().first)
            #expect(entry.isInFlight && entry.idempotencyKey == key && entry.attempts == 0)
            let summary = await queue.resumeAllQueued()
            #expect(summary.answered == 0 && summary.dropped == 0 && summary.remaining == 1, "\(summary)")
            #expect(seen.all == [key], "the replay sent the call in flight again")

            release.open()
            #expect(await answer == nil)
            #expect(try queue.count() == 0, "answered, yet still stored")
            #expect(seen.all == [key])
        }
    }

    @Test("a failure for the network keeps the entry stored before sending: its id is the failure's queueEntryID, no longer in flight, with the curl error")
    func networkFailureKeepsIt() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            let error = try #require(await testbed.create("offline"))
            let id = try #require(error.queueEntryID, "not queued: \(error)")
            let entries = try queue.allEntries()
            #expect(entries.map(\.id) == [id])
            #expect(entries.first?.isInFlight == false)
            #expect(entries.first?.lastError?.contains("curl 7") == true)
            #expect(error.message.contains("stored in the offline queue as \(id)"))

            testbed.goOnline()
            #expect(await queue.resumeAllQueued().answered == 1)
            #expect(try queue.count() == 0)
        }
    }

    @Test("an answer that is an error (not for the network) and a cancelled call both remove the entry; a full queue sends the call unstored")
    func refusedCancelledAndFull() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue { $0.maxEntries = 1 }
            testbed.goOnline()
            testbed.notes.refuseNext([ProtoHTTPError(code: .invalidArgument, message: "no")])
            let refused = await testbed.create("refused")
            #expect(refused?.code == .invalidArgument && refused?.queueEntryID == nil)
            #expect(try queue.count() == 0)

            let release = ReleaseGate()
            let seen = QueueRecorder<String>()
            testbed.notes.beforeAnswer { sighting in
                seen.append(sighting.key ?? "-")
                try? await release.wait()
            }
            var request = Notes_CreateNoteRequest()
            request.title = "cancelled"
            var options = CallOptions(category: "notes")
            options.queuesWhenOffline = true
            let failures = QueueRecorder<ProtoHTTPError>()
            let handle = testbed.manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options,
                                               success: { _, _ in }, failure: { failures.append($0) })
            _ = await seen.wait(for: 1)
            #expect(try queue.allEntries().map(\.isInFlight) == [true])
            // Full (maxEntries 1): another call goes out without being stored first, and is answered.
            testbed.notes.beforeAnswer(nil)
            #expect(await testbed.create("unstored") == nil)
            #expect(try queue.count() == 1)

            handle.cancel()
            #expect(await failures.wait(for: 1).first?.code == .canceled)
            #expect(await waitUntil { (try? queue.count()) == 0 }, "the cancelled call's entry stayed")
            release.open()
        }
    }

    @Test("an entry whose sender is gone (another boot, a process that ended, a queue closed in this process) is replayed; a live one is not")
    func ownerLiveness() throws {
        let boot = "boot-a"
        let here = InFlightOwner(bootID: boot)
        #expect(!here.isAlive(currentBoot: boot), "a session never opened counts as gone")
        here.open()
        #expect(here.isAlive(currentBoot: boot))
        #expect(!here.isAlive(currentBoot: "boot-b"), "another boot: gone")
        here.close()
        #expect(!here.isAlive(currentBoot: boot))

        var parent = try #require(InFlightOwner(text: "\(boot) \(getppid()) s1"))
        #expect(parent.isAlive(currentBoot: boot), "a process that exists")
        let exited = try ChildProcess("/bin/true", [])
        let pid = exited.pid
        _ = exited.wait()
        parent.pid = pid
        #expect(!parent.isAlive(currentBoot: boot), "a process that ended")
        #expect(InFlightOwner(text: parent.text) == parent)
        for bad in [nil, "", "boot", "boot x s", "boot 12", " 12 s"] { #expect(InFlightOwner(text: bad) == nil, "\(String(describing: bad))") }
    }
}
