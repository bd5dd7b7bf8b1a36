// OfflineQueueServiceTests.swift: the queue and the network monitor as swift-service-lifecycle Services: replay at launch, stop on graceful shutdown without losing an entry.
import Foundation
import Logging
import ProtoHTTPOffline
import ServiceLifecycle
import ServiceLifecycleTestKit
import Synchronization
import ProtoHTTPTestSupport
import Testing
import ProtoHTTPCore

@Suite("Offline queue and monitor as Services")
struct OfflineQueueServiceTests {
    @Test("run() replays what an earlier run left, and returns on graceful shutdown")
    func replaysAtLaunch() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            for title in ["left-1", "left-2"] {
                #expect(await testbed.create(title)?.queueEntryID != nil)
            }
            testbed.goOnline()
            let replayed = QueueRecorder<ReplayedCall>()
            queue.onReplay(category: "notes") { replayed.append($0) }
            try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await queue.run() }
                    #expect(await replayed.wait(for: 2).count == 2, "run() did not replay the stored calls")
                    trigger.triggerGracefulShutdown()
                    try await group.waitForAll()
                }
            }
            #expect(testbed.notes.sightings.map(\.title) == ["left-1", "left-2"])
            #expect(try queue.count() == 0)
        }
    }

    @Test("graceful shutdown during a replay lets the call in flight be answered and keeps the rest for the next run, which sends each once")
    func shutdownKeepsTheRest() async throws {
        try await withQueueTestbed(configure: { $0.timeout = hangGuard }) { testbed in
            let queue = try testbed.queue()
            for title in ["left-1", "left-2", "left-3"] {
                #expect(await testbed.create(title)?.queueEntryID != nil)
            }
            let stored = try queue.allEntries()
            testbed.goOnline()
            let released = Mutex(false)
            testbed.notes.beforeAnswer { sighting in
                guard sighting.title == "left-1" else { return }
                await waitUntil { released.withLock { $0 } }
            }
            let replayed = QueueRecorder<ReplayedCall>()
            queue.onReplay(category: "notes") { replayed.append($0) }
            try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await queue.run() }
                    #expect(await waitUntil { testbed.notes.sightings.count == 1 }, "the replay did not reach the server")
                    // Its handler runs synchronously: replays are stopped once it returns.
                    trigger.triggerGracefulShutdown()
                    released.withLock { $0 = true }
                    try await group.waitForAll()
                }
            }
            #expect(testbed.notes.sightings.map(\.title) == ["left-1"], "the replay went on after the shutdown")
            #expect(await replayed.wait(for: 1).map(\.entry.id) == [stored[0].id], "the answer in flight was not recorded")
            #expect(try queue.allEntries().map(\.id) == stored.dropFirst().map(\.id), "the entries after the one in flight must stay")
            testbed.notes.beforeAnswer(nil)

            // The next run sends the rest, each once.
            try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await queue.run() }
                    #expect(await replayed.wait(for: 3).count == 3)
                    trigger.triggerGracefulShutdown()
                    try await group.waitForAll()
                }
            }
            #expect(testbed.notes.sightings.map(\.title) == ["left-1", "left-2", "left-3"])
            #expect(testbed.notes.keys == stored.map(\.idempotencyKey))
            #expect(try queue.count() == 0)
        }
    }

    @Test("after graceful shutdown the queue still stores calls that fail for lack of network, and replays none of them")
    func storesAfterShutdown() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await queue.run() }
                    trigger.triggerGracefulShutdown()
                    try await group.waitForAll()
                }
            }
            #expect(await testbed.create("after-shutdown")?.queueEntryID != nil)
            testbed.goOnline()
            let summary = await queue.resumeAllQueued()
            #expect(summary.answered == 0 && summary.remaining == 1, "a stopped queue replayed: \(summary)")
            #expect(testbed.notes.sightings.isEmpty)
            #expect(try queue.count() == 1)
        }
    }

    @Test("the article's service group: the monitor watches, the queue replays what an earlier run left, both stop on graceful shutdown")
    func articleServiceGroup() async throws {
        try await withQueueTestbed { testbed in
            let manager = testbed.manager
            let location = OfflineStorageLocation(directory: testbed.folder)
            let logger = Logger(label: "notes-app")
            let printed = QueueRecorder<String>()
            @Sendable func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
            let earlier = try testbed.queue()
            #expect(await testbed.create("from an earlier run")?.queueEntryID != nil)
            let left = try earlier.allEntries().map(\.id)
            testbed.goOnline()

            let monitor = NetworkMonitor()
            var configuration = OfflineQueueConfiguration(app: "notes-app", location: location)
            configuration.reachability = monitor
            let queue = try OfflineQueue(manager: manager, configuration: configuration)
            queue.onReplay(category: "notes") { replayed in print("replayed", replayed.entry.id) }

            let group = ServiceGroup(services: [monitor, queue], logger: logger)
            async let running: Void = group.run()
            #expect(await printed.wait(for: 1) == left.map { "replayed \($0)" })
            #expect(monitor.isRunning)
            await group.triggerGracefulShutdown()
            try await running
            #expect(!monitor.isRunning)
            #expect(try queue.count() == 0)
        }
    }

    @Test("NetworkMonitor.run() watches until graceful shutdown, and returns when stop() is called elsewhere")
    func monitorRuns() async throws {
        let monitor = NetworkMonitor()
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await monitor.run() }
                #expect(await waitUntil { monitor.isRunning }, "run() did not start the monitor")
                #expect(monitor.currentPath != .unknown)
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        #expect(!monitor.isRunning)

        let running = Task { try await monitor.run() }
        #expect(await waitUntil { monitor.isRunning })
        monitor.stop()
        try await running.value
        #expect(!monitor.isRunning)
    }
}
