// OfflineHooksTests.swift: the queueing and cache stages on a manager: a queueable call that cannot reach the network is handed to the offline queue before its failure; the cache stage's rules; cache I/O off the caller's thread.
import Dispatch
import Foundation
@testable import ProtoHTTPOffline
import ProtoHTTPTestSupport
import Synchronization
import Testing
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

/// An offline queue that records what the manager hands it (our own hook, no peer involved).
final class RecordingQueue: OfflineCallQueue {
    let calls = Mutex<[QueueableCall]>([])
    let events: Mutex<[String]>
    let refuses: Bool
    init(refuses: Bool = false) {
        self.events = Mutex([])
        self.refuses = refuses
    }
    func shouldQueue(_ error: ProtoHTTPError) -> Bool { error.neverReachedServer }
    func enqueue(_ call: QueueableCall) throws(ProtoHTTPError) -> String {
        if refuses { throw ProtoHTTPError(code: .internal, message: "the disk is full") }
        let id = calls.withLock { calls in
            calls.append(call)
            return "entry-\(calls.count)"
        }
        events.withLock { $0.append("enqueue") }
        return id
    }
}

@Suite("Offline hooks of the manager")
struct OfflineHooksTests {
    func manager(queue: RecordingQueue, compression: Bool = false) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:\(try closedLoopbackPort())")
        configuration.timeout = .seconds(5)
        if compression { configuration.requestCompression = RequestCompression(minimumBytes: 0) }
        let manager = try ProtoHTTPManager(configuration: configuration)
        manager.use(queue: queue)
        return manager
    }

    /// Runs one raw call and returns its error, recording "failure" in the recorder's events when it is delivered.
    func failingCall(_ manager: ProtoHTTPManager, _ method: HTTPMethod = .post, path: String = "/things", body: [UInt8] = [1, 2, 3],
                     options: CallOptions, recorder: RecordingQueue) async -> ProtoHTTPError? {
        await withCheckedContinuation { continuation in
            manager.request(method, path, input: body, requestSerializer: RawRequestSerializer(contentType: "application/x-things"),
                            responseSerializer: .raw, options: options,
                            success: { _, _ in continuation.resume(returning: nil) },
                            failure: { error in
                                recorder.events.withLock { $0.append("failure") }
                                continuation.resume(returning: error)
                            })
        }
    }

    @Test("a queueable call refused by the network is stored before its failure runs, and the failure names the entry")
    func queuedBeforeFailure() async throws {
        let queue = RecordingQueue()
        let manager = try manager(queue: queue, compression: true)
        var options = CallOptions(category: "likes", tag: 3, context: ["post": "p1"], headers: [.named("X-Trace"): "t1"])
        options.queuesWhenOffline = true
        let error = try #require(await failingCall(manager, options: options, recorder: queue))
        #expect(queue.events.withLock { $0 } == ["enqueue", "failure"])
        #expect(error.queueEntryID == "entry-1")
        #expect(error.transportError?.curlCode == 7, "the queue's entry hid the transport error beneath it")
        #expect(error.message.contains("stored in the offline queue as entry-1"))
        let call = try #require(queue.calls.withLock { $0.first })
        #expect(call.body == [1, 2, 3], "the body before compression")
        #expect(call.contentType == "application/x-things")
        #expect(call.path == "/things")
        #expect(call.category == "likes" && call.tag == 3 && call.context["post"] as? String == "p1")
        #expect(call.headers.firstValue(.named("X-Trace")) == "t1")
        #expect(call.headers.firstValue(.idempotencyKey) == call.idempotencyKey)
        #expect(call.idempotencyKey.count == 36)
        #expect(call.rpcProtocol == .plain)
        #expect(call.error.neverReachedServer)
    }

    @Test("the call's own Idempotency-Key is kept; a GET's query and the call's parameters fold into the stored path")
    func ownKeyAndQuery() async throws {
        let queue = RecordingQueue()
        let manager = try manager(queue: queue)
        var options = CallOptions(headers: [.named("idempotency-key"): "mine-1"], parameters: ["page": "2"])
        options.queuesWhenOffline = true
        let error = await withCheckedContinuation { (continuation: CheckedContinuation<ProtoHTTPError?, Never>) in
            manager.request(.get, "/search", input: ["q": "a b"], requestSerializer: .formURLEncoded, responseSerializer: .raw,
                            options: options, success: { _, _ in continuation.resume(returning: nil) },
                            failure: { continuation.resume(returning: $0) })
        }
        #expect(error?.queueEntryID != nil)
        let call = try #require(queue.calls.withLock { $0.first })
        #expect(call.idempotencyKey == "mine-1")
        #expect(call.headers.filter { $0.name == .idempotencyKey }.count == 1)
        #expect(call.httpMethod == .get)
        #expect(call.path == "/search?page=2&q=a+b" || call.path == "/search?page=2&q=a%20b")
        #expect(call.body.isEmpty)
    }

    @Test("calls not marked queueable, and calls the queue refuses, fail as before")
    func notQueued() async throws {
        let queue = RecordingQueue()
        let manager = try manager(queue: queue)
        let plain = await failingCall(manager, options: CallOptions(), recorder: queue)
        #expect(plain?.queueEntryID == nil)
        #expect(queue.calls.withLock { $0.isEmpty })

        let refusing = RecordingQueue(refuses: true)
        let second = try self.manager(queue: refusing)
        var options = CallOptions()
        options.queuesWhenOffline = true
        let error = try #require(await failingCall(second, options: options, recorder: refusing))
        #expect(error.queueEntryID == nil)
        #expect(error.message.contains("could not be stored in the offline queue either: the disk is full"))
        #expect(error.code == .unavailable)
    }

    @Test("the Idempotency-Key reaches the transport on every attempt, and only for queueable calls")
    func keyOnTheWire() async throws {
        let queue = RecordingQueue()
        let seen = Mutex<[String?]>([])
        var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:\(try closedLoopbackPort())")
        configuration.interceptors = [ClosureInterceptor { request, _, next, completion in
            seen.withLock { $0.append(request.headers.firstValue(.idempotencyKey)) }
            next(request, completion)
        }]
        let manager = try ProtoHTTPManager(configuration: configuration)
        manager.use(queue: queue)
        var options = CallOptions(retryPolicy: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(1), jitter: 0))
        options.queuesWhenOffline = true
        _ = await failingCall(manager, options: options, recorder: queue)
        _ = await failingCall(manager, options: CallOptions(), recorder: queue)
        let keys = seen.withLock { $0 }
        #expect(keys.count == 4)
        #expect(Set(keys.prefix(3)).count == 1 && keys[0] != nil, "one key for every attempt: \(keys)")
        #expect(keys[3] == nil)
        #expect(queue.calls.withLock { $0.count } == 1)
    }
}

@Suite("The cache stage's rules")
struct CallCachingRuleTests {
    final class DictionaryStore: ResponseCacheStore {
        let entries = Mutex<[ResponseCacheKey: CachedResponse]>([:])
        let reads = Atomic<Int>(0)
        func response(for key: ResponseCacheKey) -> CachedResponse? {
            reads.add(1, ordering: .relaxed)
            return entries.withLock { $0[key] }
        }
        func store(_ response: CachedResponse, for key: ResponseCacheKey) { entries.withLock { $0[key] = response } }
        func removeResponse(for key: ResponseCacheKey) { _ = entries.withLock { $0.removeValue(forKey: key) } }
    }

    let request = TransportRequest(method: "GET", url: "http://h/notes?id=1", headers: [.accept: "application/json"])

    func caching(_ cache: CacheOptions, store: DictionaryStore, request: TransportRequest? = nil) -> CallCaching? {
        var options = CallOptions()
        options.cache = cache
        return CallCaching(options: options, store: store, request: request ?? self.request, rpcProtocol: .plain)
    }

    @Test("freshness follows CacheOptions.time; ignoreCache reads nothing; no store or no options, no stage")
    func freshness() throws {
        let store = DictionaryStore()
        let key = CallCaching.key(for: request, rpcProtocol: .plain, options: CacheOptions())
        store.store(CachedResponse(status: 200, headers: [:], body: [1], storedAt: CallCaching.now() - 10, version: 0), for: key)
        #expect(caching(CacheOptions(time: .seconds(60)), store: store)?.freshEntry != nil)
        #expect(caching(CacheOptions(time: .seconds(5)), store: store)?.freshEntry == nil, "10 s old, 5 s fresh")
        #expect(caching(CacheOptions(time: .zero), store: store)?.freshEntry == nil, "zero: never fresh")
        #expect(caching(CacheOptions(time: .seconds(60)), store: store)?.entry != nil)
        #expect(caching(CacheOptions(time: .seconds(60), ignoreCache: true), store: store)?.entry == nil)
        #expect(caching(CacheOptions(version: 1), store: store)?.entry == nil, "another version is another key")
        #expect(CallCaching(options: CallOptions(), store: store, request: request, rpcProtocol: .plain) == nil)
        var options = CallOptions()
        options.cache = CacheOptions()
        #expect(CallCaching(options: options, store: nil, request: request, rpcProtocol: .plain) == nil)
    }

    @Test("the store is read only when the policy may answer from it first, or to revalidate a GET")
    func readsOnlyWhenNeeded() throws {
        let store = DictionaryStore()
        let post = TransportRequest(method: "POST", url: "http://h/notes", headers: [:])
        _ = caching(CacheOptions(policy: .networkOnly), store: store, request: post)
        _ = caching(CacheOptions(policy: .networkElseCache), store: store, request: post)
        #expect(store.reads.load(ordering: .relaxed) == 0)
        _ = caching(CacheOptions(policy: .networkOnly), store: store)  // a GET: revalidation needs the entry
        _ = caching(CacheOptions(policy: .cacheThenNetwork), store: store, request: post)
        #expect(store.reads.load(ordering: .relaxed) == 2)
    }

    @Test("a GET with a validator is made conditional; a 304 becomes the entry, refreshed; only 2xx are stored")
    func revalidation() throws {
        let store = DictionaryStore()
        let key = CallCaching.key(for: request, rpcProtocol: .plain, options: CacheOptions())
        let headers = HTTPFields([HTTPField(name: .eTag, value: "\"v1\""), HTTPField(name: .lastModified, value: "Tue, 24 Nov 2026 10:00:00 GMT"),
                       HTTPField(name: .contentType, value: "application/json"), HTTPField(name: .setCookie, value: "s=1")])
        store.store(CachedResponse(status: 200, headers: headers, body: Array("{}".utf8), storedAt: 1000, version: 0), for: key)
        #expect(store.response(for: key)?.headers.firstValue(.setCookie) == nil, "only the kept headers")
        let stage = try #require(caching(CacheOptions(), store: store))
        let conditional = stage.conditional(request)
        #expect(conditional.headers.firstValue(.ifNoneMatch) == "\"v1\"")
        #expect(conditional.headers.firstValue(.ifModifiedSince) == "Tue, 24 Nov 2026 10:00:00 GMT")
        let notModified = TransportResponse(status: 304, headers: [.eTag: "\"v1\""], body: [])
        let response = try #require(stage.revalidated(notModified), "a 304 to a conditional GET is the entry")
        #expect(response.status == 200 && response.body == Array("{}".utf8))
        #expect(stage.revalidated(TransportResponse(status: 200, headers: [:], body: [])) == nil, "only a 304 is")
        #expect(try #require(store.response(for: key)).storedAt > 1000, "refreshed")

        let post = TransportRequest(method: "POST", url: "http://h/notes", headers: [:])
        let postStage = try #require(caching(CacheOptions(), store: store, request: post))
        #expect(postStage.conditional(post).headers.isEmpty, "only GETs are revalidated")
        postStage.store(TransportResponse(status: 404, headers: [:], body: [9]))
        #expect(store.response(for: postStage.key) == nil)
        postStage.store(TransportResponse(status: 201, headers: [:], body: [9]))
        #expect(store.response(for: postStage.key)?.body == [9])
    }
}

@Suite("The cache stage's threads")
struct CacheStageThreadTests {
    @Test("cache reads and writes never run on the caller's thread")
    func cacheOffCallerThread() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let store = ThreadRecordingStore()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")))
        manager.use(cache: store)
        var cached = CallOptions()
        cached.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(600))
        let options = cached
        let caller = DispatchQueue(label: "the caller")
        for _ in 0..<2 {  // a miss that stores, then a hit that answers from the store
            let callerThread = Mutex<pthread_t?>(nil)
            let body: [UInt8] = await withCheckedContinuation { continuation in
                caller.async {
                    callerThread.withLock { $0 = pthread_self() }
                    manager.request(.post, "/echo", input: [4, 2], requestSerializer: RawRequestSerializer(contentType: "application/octet-stream"),
                                    responseSerializer: .raw, options: options,
                                    success: { body, _ in continuation.resume(returning: body) },
                                    failure: { _ in continuation.resume(returning: []) })
                }
            }
            #expect(body == [4, 2])
            let thread = try #require(callerThread.withLock { $0 })
            #expect(!store.threads.withLock { $0 }.contains { pthread_equal($0, thread) != 0 }, "the store was used on the caller's thread")
        }
        #expect(store.threads.withLock { $0.count } == 3, "a read and a write for the miss, a read for the hit")
    }
}

/// A response cache that remembers on which threads it was used.
final class ThreadRecordingStore: ResponseCacheStore {
    let entries = Mutex<[ResponseCacheKey: CachedResponse]>([:])
    let threads = Mutex<[pthread_t]>([])
    func response(for key: ResponseCacheKey) -> CachedResponse? {
        threads.withLock { $0.append(pthread_self()) }
        return entries.withLock { $0[key] }
    }
    func store(_ response: CachedResponse, for key: ResponseCacheKey) {
        threads.withLock { $0.append(pthread_self()) }
        entries.withLock { $0[key] = response }
    }
    func removeResponse(for key: ResponseCacheKey) { _ = entries.withLock { $0.removeValue(forKey: key) } }
}
