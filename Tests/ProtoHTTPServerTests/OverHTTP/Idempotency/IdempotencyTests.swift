// IdempotencyTests.swift: Idempotency-Key deduplication against real calls: one effect per key, repeats answered from the store, reuse and overlap refused.
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

@Suite("Idempotency-Key deduplication")
struct IdempotencyTests {
    /// `test.Ledger/Add` adds its value to a total and answers the new total (one effect per
    /// run); `Hold` waits until released, so a repeat can arrive while it runs; `Fail` fails
    /// on its first run only.
    final class Ledger: Sendable {
        let total = Mutex(0)
        let runs = Mutex(0)
        let held = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let holding = Mutex(false)

        var definition: ServiceDefinition {
            ServiceDefinition(name: "test.Ledger", methods: [
                .unary("/test.Ledger/Add", Google_Protobuf_Int32Value.self, Google_Protobuf_Int32Value.self) { request, _ in
                    Google_Protobuf_Int32Value(Int32(self.total.withLock { $0 += Int(request.value); return $0 }))
                },
                .unary("/test.Ledger/Hold", Google_Protobuf_Int32Value.self, Google_Protobuf_Int32Value.self) { request, _ in
                    await withCheckedContinuation { continuation in
                        self.held.withLock { $0 = continuation }
                        self.holding.withLock { $0 = true }
                    }
                    return request
                },
                .unary("/test.Ledger/Fail", Google_Protobuf_Int32Value.self, Google_Protobuf_Int32Value.self) { request, _ in
                    guard self.runs.withLock({ $0 += 1; return $0 }) > 1 else { throw ProtoHTTPError(code: .unavailable, message: "not yet") }
                    return request
                },
            ])
        }

        func release() { held.withLock { $0?.resume(); $0 = nil } }
    }

    static func add(_ manager: ProtoHTTPManager, _ value: Int32, key: String?, path: String = "/test.Ledger/Add") async -> Result<CallResponse<Google_Protobuf_Int32Value>, ProtoHTTPError> {
        await Result { () async throws(ProtoHTTPError) in
            try await manager.postForResponse(path, Google_Protobuf_Int32Value(value), as: Google_Protobuf_Int32Value.self,
                                              options: CallOptions(headers: key.map { [.idempotencyKey: $0] } ?? [:]))
        }
    }

    static func withLedger(_ store: MemoryIdempotencyStore = MemoryIdempotencyStore(), _ body: (ProtoHTTPManager, Ledger) async throws -> Void) async throws {
        let ledger = Ledger()
        try await withServer({ $0.interceptors = [IdempotencyInterceptor(store: store)] }, extraServices: [ledger.definition]) { server in
            try await body(try server.manager(ConnectProtocol()), ledger)
        }
    }

    @Test("a call repeated with its key has one effect: the repeat gets the first answer, marked replayed; another key is another call")
    func repeatedOnce() async throws {
        try await Self.withLedger { manager, ledger in
            let first = try await Self.add(manager, 5, key: "k1").get()
            let again = try await Self.add(manager, 5, key: "k1").get()
            #expect(first.output.value == 5 && again.output.value == 5)
            #expect(ledger.total.withLock { $0 } == 5, "the handler ran once")
            #expect(first.metadata.headers[IdempotencyInterceptor.replayedHeader] == nil)
            #expect(again.metadata.headers[IdempotencyInterceptor.replayedHeader] == "true")
            let other = try await Self.add(manager, 5, key: "k2").get()
            #expect(other.output.value == 10)
            let unkeyed = try await Self.add(manager, 1, key: nil).get()
            let unkeyedAgain = try await Self.add(manager, 1, key: nil).get()
            #expect(unkeyed.output.value == 11 && unkeyedAgain.output.value == 12, "calls without a key are not deduplicated")
        }
    }

    @Test("the article's set-up: the offline queue's and the retrying client's keys make a replay exactly-once")
    func articleSetUp() async throws {
        let ledger = Ledger()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.interceptors = [IdempotencyInterceptor(store: MemoryIdempotencyStore(retention: .seconds(3600)))]
        configuration.accessLog = false
        let server = try ProtoHTTPServer(configuration: configuration, services: [ledger.definition])
        try await server.start()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(server.port ?? 0)"))
        let first = await Self.add(manager, 2, key: "replayed-once")
        let replay = await Self.add(manager, 2, key: "replayed-once")
        await server.shutdown()
        #expect(try first.get().output.value == 2 && replay.get().output.value == 2)
        #expect(ledger.total.withLock { $0 } == 2)
    }

    @Test("a key reused for a different request is refused with failed_precondition, and nothing runs")
    func reuse() async throws {
        try await Self.withLedger { manager, ledger in
            _ = try await Self.add(manager, 5, key: "k1").get()
            let reused = await Self.add(manager, 7, key: "k1")
            #expect(reused.error?.code == .failedPrecondition, "\(String(describing: reused.error))")
            #expect(reused.error?.message.contains("different request") == true)
            #expect(ledger.total.withLock { $0 } == 5)
        }
    }

    @Test("a repeat while the first call runs is refused with unavailable and Retry-After; once it answered, the repeat gets its answer")
    func overlap() async throws {
        try await Self.withLedger { manager, ledger in
            async let first = Self.add(manager, 3, key: "h1", path: "/test.Ledger/Hold")
            #expect(await waitUntil { ledger.holding.withLock { $0 } })
            let during = await Self.add(manager, 3, key: "h1", path: "/test.Ledger/Hold")
            #expect(during.error?.code == .unavailable, "\(String(describing: during.error))")
            #expect(during.error?.httpStatus == 503)
            #expect(during.error?.message.contains("still running") == true)
            ledger.release()
            #expect(try await first.get().output.value == 3)
            let after = try await Self.add(manager, 3, key: "h1", path: "/test.Ledger/Hold").get()
            #expect(after.output.value == 3 && after.metadata.headers[IdempotencyInterceptor.replayedHeader] == "true")
        }
    }

    /// Counts the claims that found their key's first call still running.
    final class CountingStore: IdempotencyStore {
        let inner = MemoryIdempotencyStore()
        let busy = Mutex(0)
        func claim(_ key: IdempotencyKey, fingerprint: [UInt8]) async throws -> IdempotencyClaim {
            let claim = try await inner.claim(key, fingerprint: fingerprint)
            if claim == .inProgress { busy.withLock { $0 += 1 } }
            return claim
        }
        func complete(_ key: IdempotencyKey, answer: [UInt8]) async throws { try await inner.complete(key, answer: answer) }
        func release(_ key: IdempotencyKey) async throws { try await inner.release(key) }
    }

    // A retry that overlaps the first attempt (whose answer was lost, say) used to end with
    // `aborted`, which no retry policy retries: the effect happened once, but the caller never
    // learned its answer.
    @Test("a client retrying a call whose first attempt still runs waits out Retry-After and gets the first answer, with one effect")
    func retryWaitsForTheAnswer() async throws {
        let ledger = Ledger()
        let store = CountingStore()
        try await withServer({ $0.interceptors = [IdempotencyInterceptor(store: store)] }, extraServices: [ledger.definition]) { server in
            let manager = try server.manager(ConnectProtocol())
            async let first = Self.add(manager, 4, key: "r1", path: "/test.Ledger/Hold")
            #expect(await waitUntil { ledger.holding.withLock { $0 } })
            var options = CallOptions(headers: [.idempotencyKey: "r1"])
            options.retryPolicy = .always(attempts: 5, initialBackoff: .milliseconds(20))
            async let retried = Result { () async throws(ProtoHTTPError) in
                try await manager.postForResponse("/test.Ledger/Hold", Google_Protobuf_Int32Value(4), as: Google_Protobuf_Int32Value.self, options: options)
            }
            #expect(await waitUntil { store.busy.withLock { $0 } >= 1 }, "the repeat never met the running call")
            ledger.release()
            #expect(try await first.get().output.value == 4)
            let answer = try await retried.get()
            #expect(answer.output.value == 4)
            #expect(answer.metadata.headers[IdempotencyInterceptor.replayedHeader] == "true")
        }
    }

    @Test("a failure is not remembered: the repeat runs the handler again")
    func failureReleases() async throws {
        try await Self.withLedger { manager, ledger in
            let failed = await Self.add(manager, 1, key: "f1", path: "/test.Ledger/Fail")
            #expect(failed.error?.code == .unavailable)
            let retried = try await Self.add(manager, 1, key: "f1", path: "/test.Ledger/Fail").get()
            #expect(retried.metadata.headers[IdempotencyInterceptor.replayedHeader] == nil)
            #expect(ledger.runs.withLock { $0 } == 2)
        }
    }

    @Test("answers expire after the retention on the store's clock; past the capacity the oldest answer goes")
    func retentionAndCapacity() async throws {
        let clock = Mutex(ContinuousClock.now)
        let store = MemoryIdempotencyStore(retention: .seconds(60), capacity: 2, now: { clock.withLock { $0 } })
        let a = IdempotencyKey(method: "/m", key: "a"), b = IdempotencyKey(method: "/m", key: "b"), c = IdempotencyKey(method: "/m", key: "c")
        #expect(try await store.claim(a, fingerprint: [1]) == .owned)
        try await store.complete(a, answer: [9])
        #expect(try await store.claim(a, fingerprint: [1]) == .answered([9]))
        clock.withLock { $0 += .seconds(61) }
        #expect(try await store.claim(a, fingerprint: [1]) == .owned, "expired: the key is new again")
        try await store.complete(a, answer: [9])
        #expect(try await store.claim(b, fingerprint: [2]) == .owned)
        try await store.complete(b, answer: [8])
        #expect(try await store.claim(c, fingerprint: [3]) == .owned, "the third key evicts the oldest answer")
        #expect(store.count == 2)
        #expect(try await store.claim(b, fingerprint: [2]) == .answered([8]))
        #expect(try await store.claim(c, fingerprint: [3]) == .inProgress)
        try await store.release(c)
        #expect(try await store.claim(c, fingerprint: [3]) == .owned)
    }
}
