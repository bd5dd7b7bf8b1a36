// CacheKeyArgumentsTests.swift: which query parameters and form fields count in a cache key, and the app's version in every key; then calls through a URL filter that stamps each request.
import Foundation
import Synchronization
import Testing
@testable import ProtoHTTPOffline
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

@Suite("Cache keys: argument filter and app version")
struct CacheKeyArgumentsTests {
    @Test("the filter leaves out ignored names, or keeps only the listed ones, in the query and a form body; order and fragment kept")
    func filtering() {
        let ignoring = CacheKeyArguments.ignoring(["ts", "sign"])
        #expect(ignoring.filteringQuery(of: "http://h/p?a=1&ts=123&b=2&sign=x#top") == "http://h/p?a=1&b=2#top")
        #expect(ignoring.filteringQuery(of: "http://h/p?ts=1") == "http://h/p")
        #expect(ignoring.filteringQuery(of: "http://h/p") == "http://h/p")
        #expect(ignoring.filteringQuery(of: "http://h/p?t%73=1&a+b=2") == "http://h/p?a+b=2", "names compare percent-decoded")
        #expect(CacheKeyArguments.only(["id"]).filteringQuery(of: "http://h/p?id=7&page=2&ts=9") == "http://h/p?id=7")
        #expect(ignoring.filteringForm(Array("title=t&ts=5".utf8)) == Array("title=t".utf8))
        #expect(CacheKeyArguments.all.filteringQuery(of: "http://h/p?ts=1") == "http://h/p?ts=1")
    }

    @Test("keys: equal when only ignored arguments differ; different for another app version; unchanged without one")
    func keys() {
        func key(_ url: String, _ arguments: CacheKeyArguments = .all, appVersion: String? = nil, body: String? = nil) -> ResponseCacheKey {
            var request = TransportRequest(method: body == nil ? "GET" : "POST", url: url)
            if let body {
                request.body = Array(body.utf8)
                request.headers[.contentType] = "application/x-www-form-urlencoded"
            }
            return CallCaching.key(for: request, rpcProtocol: .plain, options: CacheOptions(keyArguments: arguments), appVersion: appVersion)
        }
        let ignoring = CacheKeyArguments.ignoring(["ts"])
        #expect(key("http://h/p?a=1&ts=1", ignoring) == key("http://h/p?a=1&ts=2", ignoring))
        #expect(key("http://h/p?a=1&ts=1") != key("http://h/p?a=1&ts=2"))
        #expect(key("http://h/p?a=1", ignoring) != key("http://h/p?a=2", ignoring))
        #expect(key("http://h/f", ignoring, body: "q=x&ts=1") == key("http://h/f", ignoring, body: "q=x&ts=2"))
        #expect(key("http://h/p", appVersion: "2.3.0") != key("http://h/p", appVersion: "2.4.0"))
        #expect(key("http://h/p", appVersion: "2.3.0") != key("http://h/p"))
        let plain = ResponseCacheKey(method: "GET", url: "http://h/p", rpcProtocol: .plain, contentType: nil, accept: nil, body: [], salt: "", version: 0)
        #expect(key("http://h/p") == plain, "a key made without an app version is the one stored entries have")
    }

    @Test("against a server: a URL filter's timestamp no longer makes every call miss; an upgrade reads nothing the old version stored")
    func throughAURLFilter() async throws {
        let server = try await CountingNotesServer.start()
        let stamp = Atomic<Int>(0)
        var configuration = ManagerConfiguration(baseURL: server.baseURL)
        configuration.wireProtocol = .connect(httpGet: true)
        configuration.urlFilters = [ClosureURLFilter { url, _ in
            url + (url.contains("?") ? "&" : "?") + "ts=\(stamp.add(1, ordering: .relaxed).newValue)"
        }]
        configuration.appVersion = "1.0"
        let manager = try ProtoHTTPManager(configuration: configuration)
        manager.use(cache: MemoryResponseCache(maxBytes: 1 << 20))
        var options = CallOptions()
        options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(300))

        _ = try await manager.unary(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
        _ = try await manager.unary(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
        #expect(server.calls == 2, "every call carried another ts: every call missed")

        options.cache?.keyArguments = .ignoring(["ts"])
        _ = try await manager.unary(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
        let cached = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
        #expect(server.calls == 3 && cached.metadata.isFromCache)

        manager.updateConfiguration { $0.appVersion = "1.1" }
        let upgraded = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(), options: options)
        #expect(server.calls == 4 && !upgraded.metadata.isFromCache, "version 1.1 read an answer 1.0 stored")
        await server.stop()
    }
}
