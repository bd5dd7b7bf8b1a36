// OfflineCacheArticleTests.swift: the response-cache examples of the DocC article "Working offline", run as written against our notes server.
import Foundation
import ProtoHTTPDemo
import ProtoHTTPOffline
import ProtoHTTPTestSupport
import Synchronization
import Testing
import ProtoHTTP
import ProtoHTTPDemoService

/// What the article's examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

@Suite("Article: working offline, the response cache", .serialized)
struct OfflineCacheArticleTests {
    @Test("the user's cache folder: $XDG_CACHE_HOME/<app>, else ~/.cache/<app>")
    func userCacheLocation() throws {
        let location = try OfflineStorageLocation.userCache(app: "notes")

        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? "") + "/.cache"
        #expect(location.directory == base + "/notes")
    }

    @Test("the landing page: a tiered cache, a queue that replays when the network is back, a call that uses both")
    func landingPage() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let server = try await CountingNotesServer.start()
            let baseURL = server.baseURL
            let location = OfflineStorageLocation(directory: folder)   // the page's `userCache(app:)`, in a temporary folder

            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: baseURL))
            manager.use(cache: TieredResponseCache(memory: MemoryResponseCache(), disk: try DiskResponseCache(location: location)))

            let monitor = NetworkMonitor()
            try monitor.start()
            var queueConfiguration = OfflineQueueConfiguration(app: "notes", location: location)
            queueConfiguration.reachability = monitor            // replays when the network is back
            let queue = try OfflineQueue(manager: manager, configuration: queueConfiguration)
            queue.onReplay(Notes_NotesMetadata.CreateNote.self) { entry, result in print(entry.id, result) }

            var options = CallOptions(category: "notes")
            options.queuesWhenOffline = true                     // stored if the network fails
            options.cache = CacheOptions(policy: .networkElseCache)

            let list = try await Notes_NotesClient(manager: manager).listNotes(Notes_ListNotesRequest(), options: options)
            #expect(list.notes.isEmpty && server.calls == 1)
            #expect(try queue.count() == 0, "the server answered: nothing was queued")
            #expect(FileManager.default.fileExists(atPath: folder + "/response-cache.sqlite"))
            #expect(FileManager.default.fileExists(atPath: folder + "/offline-queue.sqlite"))
            monitor.stop()
            await server.stop()
        }
    }

    @Test("tiered cache: the second read comes from memory, with no request")
    func tieredCache() async throws {
        printed.reset()
        try await CacheFixtures.withTempFolder { folder in
            let server = try await CountingNotesServer.start()
            let baseURL = server.baseURL
            let location = OfflineStorageLocation(directory: folder)   // the article's `userCache(app:)`, in a temporary folder

            // Hot entries in memory, every entry on disk (<location>/response-cache.sqlite).
            let cache = TieredResponseCache(
                memory: MemoryResponseCache(maxBytes: 8 << 20),
                disk: try DiskResponseCache(location: location, maxBytes: 64 << 20) { error in
                    print("response cache: \(error)")   // a full disk or a damaged file: the call goes on without the cache
                })
            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: baseURL))
            manager.use(cache: cache)
            let notes = Notes_NotesClient(manager: manager)

            var options = CallOptions()
            options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(300), version: 2)
            let first = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
            let second = try await notes.listNotes(Notes_ListNotesRequest(), options: options)  // from the cache, no request
            print(first.metadata.isFromCache, second.notes.count, cache.memory.statistics, cache.disk.statistics)

            manager.updateConfiguration { $0.appVersion = "2.3.0" }    // in every key: an upgrade reads no older entry
            options.cache?.keyArguments = .ignoring(["ts", "sign"])    // a URL filter's timestamp is no reason to miss
            let upgraded = try await notes.listNotes(Notes_ListNotesRequest(), options: options)   // a new key: the network

            #expect(!first.metadata.isFromCache && second == first.output && upgraded == first.output)
            #expect(server.calls == 2, "the upgraded app's call went to the network")
            #expect(cache.memory.statistics.hits == 1 && cache.disk.statistics.entryCount == 2)
            #expect(printed.all.count == 1 && printed.all[0].hasPrefix("false 0 "), "one line, and no cache error reported")
            await server.stop()
        }
    }

    @Test("what the cache holds at once, then cache-then-network: success twice, each flagged")
    func cacheThenNetwork() async throws {
        printed.reset()
        let server = try await CountingNotesServer.start()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.baseURL))
        manager.use(cache: MemoryResponseCache())
        let notes = Notes_NotesClient(manager: manager)
        let shown = Mutex<[String]>([])
        @Sendable func show(_ list: Notes_ListNotesResponse, stale: Bool) { shown.withLock { $0.append(stale ? "cached" : "fresh") } }
        var seed = CallOptions()
        seed.cache = CacheOptions(policy: .networkOnly, salt: "user-42")
        var request = Notes_ListNotesRequest()
        request.tag = "home"
        _ = try await notes.listNotes(request, options: seed)

        var options = CallOptions()
        options.cache = CacheOptions(policy: .cacheThenNetwork, salt: "user-42")  // the salt keeps users apart

        // What the cache holds, at once and without a request (YTKNetwork's loadCacheWithError:).
        if let cached = try manager.loadCache(Notes_NotesMetadata.ListNotes.self, request, options: options) {
            show(cached.output, stale: true)
        }
        // The cached answer first, then the network's: `success` may run twice, each flagged.
        manager.unary(Notes_NotesMetadata.ListNotes.self, request, options: options,
                      success: { list, metadata in show(list, stale: metadata.isFromCache) },
                      failure: { error in print(error) },
                      finished: { _ in print("done") })

        #expect(await printed.waitFor(1) == ["done"])
        #expect(shown.withLock { $0 } == ["cached", "cached", "fresh"])
        #expect(server.calls == 2)
        await server.stop()
    }
}
