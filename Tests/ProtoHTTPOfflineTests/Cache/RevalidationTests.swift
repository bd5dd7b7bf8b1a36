// RevalidationTests.swift: GETs with an ETag or a Last-Modified are revalidated with If-None-Match / If-Modified-Since, and a 304 refreshes the entry (against a Python peer).
import Foundation
import ProtoHTTPOffline
import Testing
import ProtoHTTP

@Suite struct RevalidationTests {
    /// A manager on `server` whose cache is `cache`.
    func manager(_ server: ValidatorsServer, cache: any ResponseCacheStore, transport: HTTPTransport) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.baseURL)
        configuration.timeout = .seconds(10)
        let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
        manager.use(cache: cache)
        return manager
    }

    func cached(_ policy: CachePolicy, time: Duration = .zero) -> CallOptions {
        var options = CallOptions()
        options.cache = CacheOptions(policy: policy, time: time)
        return options
    }

    func get(_ manager: ProtoHTTPManager, _ path: String, _ options: CallOptions) async throws -> CallResponse<[UInt8]> {
        try await manager.request(.get, path, input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw, options: options)
    }

    func stats(_ manager: ProtoHTTPManager) async throws -> ValidatorsServer.Stats {
        try JSONDecoder().decode(ValidatorsServer.Stats.self, from: Data(try await get(manager, "/stats", CallOptions()).output))
    }

    @Test func anETagIsRevalidatedAndA304RefreshesTheEntry() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let server = try await ValidatorsServer.start()
            defer { server.stop() }
            let transport = try CacheFixtures.transport()
            defer { transport.shutdown() }
            let cache = try DiskResponseCache(location: OfflineStorageLocation(directory: folder))
            let manager = try manager(server, cache: cache, transport: transport)

            let first = try await get(manager, "/etag", cached(.networkOnly))
            #expect(String(decoding: first.output, as: UTF8.self) == "etag-body-1")
            let key = try #require(cache.keysByAccess.first)
            #expect(cache.response(for: key)?.etag == "\"r1\"")

            // Stale in the store: the conditional GET gets a 304, which answers and refreshes the entry.
            var stale = try #require(cache.response(for: key))
            stale.storedAt = 1_000
            cache.store(stale, for: key)
            let revalidated = try await get(manager, "/etag", cached(.cacheElseNetwork, time: .seconds(60)))
            #expect(String(decoding: revalidated.output, as: UTF8.self) == "etag-body-1")
            #expect(revalidated.metadata.status == 200 && !revalidated.metadata.isFromCache)
            let refreshed = try #require(cache.response(for: key))
            #expect(refreshed.storedAt > Date().timeIntervalSince1970 - 60)
            #expect(refreshed.body == first.output)

            // Fresh again: answered from the cache, the server not asked.
            let fromCache = try await get(manager, "/etag", cached(.cacheElseNetwork, time: .seconds(60)))
            #expect(fromCache.metadata.isFromCache)
            var seen = try await stats(manager)
            #expect(seen.requests == 2 && seen.notModified == 1 && seen.ifNoneMatch == ["\"r1\""])

            // A new revision: the conditional GET gets a 200, whose body and ETag replace the entry.
            _ = try await get(manager, "/bump", CallOptions())
            let changed = try await get(manager, "/etag", cached(.networkOnly))
            #expect(String(decoding: changed.output, as: UTF8.self) == "etag-body-2")
            #expect(cache.response(for: key)?.etag == "\"r2\"")
            let loaded = try #require(try manager.loadCache(.get, "/etag", input: [:], requestSerializer: .formURLEncoded,
                                                            responseSerializer: .raw, options: cached(.networkOnly)))
            #expect(loaded.output == changed.output)
            seen = try await stats(manager)
            #expect(seen.requests == 3 && seen.notModified == 1 && seen.ifNoneMatch == ["\"r1\"", "\"r1\""])
        }
    }

    @Test func aLastModifiedIsRevalidatedWithIfModifiedSince() async throws {
        let server = try await ValidatorsServer.start()
        defer { server.stop() }
        let transport = try CacheFixtures.transport()
        defer { transport.shutdown() }
        let cache = MemoryResponseCache()
        let manager = try manager(server, cache: cache, transport: transport)

        let first = try await get(manager, "/modified", cached(.networkOnly))
        let second = try await get(manager, "/modified", cached(.networkOnly))
        #expect(second.output == first.output && String(decoding: second.output, as: UTF8.self) == "modified-body-1")
        let seen = try await stats(manager)
        #expect(seen.requests == 2 && seen.notModified == 1)
        #expect(seen.ifModifiedSince == ["Mon, 01 Jan 2024 10:00:00 GMT"] && seen.ifNoneMatch.isEmpty)
        #expect(cache.statistics.entryCount == 1)
    }
}
