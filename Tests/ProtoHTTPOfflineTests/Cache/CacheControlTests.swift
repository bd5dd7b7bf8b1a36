// CacheControlTests.swift: what a server's Cache-Control and the caller's credentials do to the response cache (against a Python peer).
import Foundation
import ProtoHTTPOffline
import Testing
import HTTPTypes
import ProtoHTTP

/// A memory cache that several users' calls share: `private` answers must stay out of it.
final class SharedMemoryCache: ResponseCacheStore {
    let inner = MemoryResponseCache()
    var isPerUser: Bool { false }
    func response(for key: ResponseCacheKey) -> CachedResponse? { inner.response(for: key) }
    func store(_ response: CachedResponse, for key: ResponseCacheKey) { inner.store(response, for: key) }
    func removeResponse(for key: ResponseCacheKey) { inner.removeResponse(for: key) }
}

@Suite struct CacheControlTests {
    func manager(_ server: ValidatorsServer, cache: any ResponseCacheStore, transport: HTTPTransport,
                 token: String? = nil) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.baseURL)
        configuration.timeout = .seconds(10)
        if let token { configuration.headers = HTTPFields([HTTPField(name: .authorization, value: "Bearer \(token)")]) }
        let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
        manager.use(cache: cache)
        return manager
    }

    func get(_ manager: ProtoHTTPManager, _ cacheControl: String) async throws -> CallResponse<[UInt8]> {
        var options = CallOptions()
        options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(60))
        return try await manager.request(.get, "/cache-control", input: ["value": cacheControl], requestSerializer: .formURLEncoded,
                                         responseSerializer: .raw, options: options)
    }

    @Test("no-store answers are never stored, whatever the call asks; a cacheable one is")
    func noStoreIsNeverStored() async throws {
        let server = try await ValidatorsServer.start()
        defer { server.stop() }
        let transport = try CacheFixtures.transport()
        defer { transport.shutdown() }
        let cache = MemoryResponseCache()
        let manager = try manager(server, cache: cache, transport: transport)
        for value in ["no-store", "max-age=60, no-store", "NO-STORE"] {
            let first = try await get(manager, value)
            let second = try await get(manager, value)
            #expect(!second.metadata.isFromCache && first.output != second.output, "\(value) was answered from the cache")
        }
        #expect(cache.statistics.entryCount == 0)
        _ = try await get(manager, "max-age=60")
        #expect(try await get(manager, "max-age=60").metadata.isFromCache)
        #expect(cache.statistics.entryCount == 1)
    }

    @Test("private answers stay out of a cache shared by several users and go into a per-user one")
    func privateNeedsAPerUserStore() async throws {
        let server = try await ValidatorsServer.start()
        defer { server.stop() }
        let transport = try CacheFixtures.transport()
        defer { transport.shutdown() }
        let shared = SharedMemoryCache()
        let onShared = try manager(server, cache: shared, transport: transport)
        _ = try await get(onShared, "private, max-age=60")
        _ = try await get(onShared, #"private="Set-Cookie""#)
        #expect(shared.inner.statistics.entryCount == 0)
        _ = try await get(onShared, "public, max-age=60")
        #expect(shared.inner.statistics.entryCount == 1)

        let own = MemoryResponseCache()
        let onOwn = try manager(server, cache: own, transport: transport)
        _ = try await get(onOwn, "private, max-age=60")
        #expect(try await get(onOwn, "private, max-age=60").metadata.isFromCache)
    }

    @Test("two users of one cache never see each other's answers: the credentials are part of the key")
    func credentialsSeparateEntries() async throws {
        let server = try await ValidatorsServer.start()
        defer { server.stop() }
        let transport = try CacheFixtures.transport()
        defer { transport.shutdown() }
        let cache = MemoryResponseCache()
        let alice = try manager(server, cache: cache, transport: transport, token: "alice")
        let bob = try manager(server, cache: cache, transport: transport, token: "bob")
        let anonymous = try manager(server, cache: cache, transport: transport)
        let forAlice = String(decoding: try await get(alice, "max-age=60").output, as: UTF8.self)
        let forBob = try await get(bob, "max-age=60")
        #expect(!forBob.metadata.isFromCache, "bob got alice's cached answer")
        #expect(String(decoding: forBob.output, as: UTF8.self).hasSuffix("Bearer bob"))
        #expect(!(try await get(anonymous, "max-age=60")).metadata.isFromCache)
        let again = try await get(alice, "max-age=60")
        #expect(again.metadata.isFromCache && String(decoding: again.output, as: UTF8.self) == forAlice)
        #expect(cache.statistics.entryCount == 3)
    }
}
