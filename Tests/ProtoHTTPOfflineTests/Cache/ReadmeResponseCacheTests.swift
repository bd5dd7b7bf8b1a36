// ReadmeResponseCacheTests.swift: the response cache example offered for the README, compiled and run against our server.
import ProtoHTTPDemo
import ProtoHTTPOffline
import Synchronization
import Testing

@Suite struct ReadmeResponseCacheTests {
    @Test func tieredCacheExample() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let server = try await CountingNotesServer.start()
            let baseURL = server.baseURL
            let reported = Mutex<[String]>([])
            // The README's example, with a temporary folder for `.userCache(app: "notes")`.
            let location = OfflineStorageLocation(directory: folder)

            // --- README example start ---
            // Hot entries in memory, every entry on disk (by default ~/.cache/<app>/response-cache.sqlite).
            let cache = TieredResponseCache(
                memory: MemoryResponseCache(maxBytes: 8 << 20),
                disk: try DiskResponseCache(location: location, maxBytes: 64 << 20) { error in
                    // A full disk or a damaged file: the call goes on without the cache.
                    reported.withLock { $0.append("response cache: \(error)") }
                })
            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: baseURL))
            manager.use(cache: cache)
            let notes = Notes_NotesClient(manager: manager)

            var options = CallOptions()
            options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(300), version: 2)
            let first = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
            let second = try await notes.listNotes(Notes_ListNotesRequest(), options: options)  // from the cache, no request
            print(first.metadata.isFromCache, second.notes.count, cache.memory.statistics, cache.disk.statistics)
            // --- README example end ---

            #expect(!first.metadata.isFromCache && second == first.output)
            #expect(server.calls == 1)
            #expect(cache.memory.statistics.hits == 1 && cache.disk.statistics.entryCount == 1)
            #expect(reported.withLock { $0 }.isEmpty)
            await server.stop()
        }
    }

    @Test func cacheThenNetworkAndLoadCacheExample() async throws {
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

        // --- README example start ---
        var options = CallOptions()
        options.cache = CacheOptions(policy: .cacheThenNetwork, salt: "user-42")  // the salt keeps users apart

        // What the cache holds, at once and without a request (YTKNetwork's loadCacheWithError:).
        if let cached = try manager.loadCache(Notes_NotesMetadata.ListNotes.self, request, options: options) {
            show(cached.output, stale: true)
        }
        // The cached answer first, then the network's: `success` may run twice, each flagged.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            manager.unary(Notes_NotesMetadata.ListNotes.self, request, options: options,
                          success: { list, metadata in show(list, stale: metadata.isFromCache) },
                          failure: { error in print(error) },
                          finished: { done.resume() })
        }
        // --- README example end ---

        #expect(shown.withLock { $0 } == ["cached", "cached", "fresh"])
        #expect(server.calls == 2)
        await server.stop()
    }
}
