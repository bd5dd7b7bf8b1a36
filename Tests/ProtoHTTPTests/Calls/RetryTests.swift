// RetryTests.swift: retry with backoff: the pure decision table, and calls against a peer that fails N times first.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPTesting

@Suite("Retry with backoff", .serialized)
struct RetryTests {
    typealias Attempt = RetryDecision.Attempt
    let unavailable = ProtoHTTPError(code: .unavailable, message: "busy")

    // MARK: the decision, pure

    @Test("the decision: retryable codes on safe calls, within attempts and the deadline; Retry-After wins")
    func decisionTable() {
        let policy = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(100), maxBackoff: .seconds(1), multiplier: 2, jitter: 0)
        func decide(_ error: ProtoHTTPError?, attempt number: Int = 1, retryAfter: Duration? = nil, safe: Bool = true, remaining: Duration? = nil) -> RetryDecision {
            RetryDecision.decide(Attempt(number: number, error: error, retryAfter: retryAfter, isSafe: safe, remaining: remaining), policy: policy, random: 0.5)
        }
        #expect(decide(nil) == .deliver, "success")
        #expect(decide(unavailable) == .retry(after: .milliseconds(100)))
        #expect(decide(unavailable, attempt: 2) == .retry(after: .milliseconds(200)))
        #expect(decide(unavailable, attempt: 3) == .deliver, "attempts used up")
        #expect(decide(ProtoHTTPError(code: .notFound, message: "")) == .deliver, "not retryable")
        #expect(decide(unavailable, safe: false) == .deliver, "not idempotent and the server saw it")
        #expect(decide(unavailable, retryAfter: .seconds(2)) == .retry(after: .seconds(2)))
        #expect(decide(unavailable, retryAfter: .seconds(2), remaining: .seconds(1)) == .deliver, "never past the deadline")
        #expect(decide(unavailable, remaining: .milliseconds(50)) == .deliver)
        let exhausted = ProtoHTTPError(code: .resourceExhausted, message: "slow down")
        #expect(decide(exhausted) == .deliver, "resource_exhausted only with Retry-After")
        #expect(decide(exhausted, retryAfter: .seconds(1)) == .retry(after: .seconds(1)))
        var refused = ProtoHTTPError(code: .unavailable, message: "refused")
        refused.transportError = TransportError(curlCode: 7, summary: "Couldn't connect", detail: "")
        #expect(refused.neverReachedServer)
        #expect(decide(refused, safe: false) == .retry(after: .milliseconds(100)), "never reached the server: safe whatever the method")
        let capped = RetryPolicy(maxAttempts: 10, initialBackoff: .milliseconds(100), maxBackoff: .milliseconds(300), jitter: 0)
        #expect(capped.backoff(after: 5, random: 0) == .milliseconds(300))
        let jittered = RetryPolicy(initialBackoff: .seconds(1), jitter: 0.2)
        #expect(jittered.backoff(after: 1, random: 0) == .seconds(1))
        #expect(jittered.backoff(after: 1, random: 0.999) > .milliseconds(799))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }

    @Test("Retry-After as seconds or an HTTP date; garbage ignored")
    func retryAfterHeader() {
        let now = Date(timeIntervalSince1970: 1_000_000_000)  // Sun, 09 Sep 2001 01:46:40 GMT
        func parse(_ value: String) -> Duration? { RetryDecision.retryAfter(HTTPFields([HTTPField(name: .named("retry-after"), value: value)]), now: now) }
        #expect(parse("3") == .seconds(3))
        #expect(parse(" 0 ") == .zero)
        #expect(parse("Sun, 09 Sep 2001 01:46:50 GMT") == .seconds(10))
        #expect(parse("Sun, 09 Sep 2001 01:46:00 GMT") == .zero, "a date in the past: now")
        #expect(parse("-1") == nil)
        #expect(parse("soon") == nil)
        #expect(RetryDecision.retryAfter([:], now: now) == nil)
    }

    // MARK: against a flaky peer

    func manager(_ server: TestServer, policy: RetryPolicy = RetryPolicy(maxAttempts: 4, initialBackoff: .milliseconds(20), jitter: 0.5),
                 timeout: Duration? = .seconds(10), interceptors: [any CallInterceptor] = []) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.retryPolicy = policy
        configuration.timeout = timeout
        configuration.interceptors = interceptors
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    func count(_ server: TestServer, _ key: String) async throws -> Int {
        let transport = try makeTransport()
        let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/flaky-count?key=\(key)")))
        return Int(String(decoding: response.body, as: UTF8.self)) ?? -1
    }

    @Test("an idempotent call that fails twice succeeds on the third attempt: completion once, attempts 3")
    func failsThenSucceeds() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let events = Mutex<[String]>([])
        manager.request(.put, "/flaky?key=a&fails=2", input: [7], requestSerializer: .raw, responseSerializer: .raw,
                        completion: { events.withLock { $0.append("completion") } },
                        success: { body, meta in events.withLock { $0.append("success \(body) attempts \(meta.attempts) seen \(meta.headers.firstValue(.named("X-Attempt-Count")) ?? "")") } },
                        failure: { error in events.withLock { $0.append("failure \(error.code)") } })
        #expect(await waitUntil { events.withLock { $0.count } == 2 })
        try await Task.sleep(for: .milliseconds(100))  // a grace window for a wrong third callback
        #expect(events.withLock { $0 } == ["completion", "success [7] attempts 3 seen 3"])
        #expect(try await count(server, "a") == 3)
        #expect(manager.liveCallCount == 0)
    }

    @Test("an RPC method marked idempotent is retried as a POST; the same POST to a path is not")
    func idempotencyDecides() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let plain = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/flaky?key=p&fails=1", input: [], requestSerializer: .raw, responseSerializer: .raw)
        }
        #expect(protoError(plain.mapError { $0 as any Error })?.code == .unavailable)
        #expect(try await count(server, "p") == 1, "POST to a path: not known to be safe, one attempt")
        let get = try await manager.request(.get, "/flaky?key=g&fails=1", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        #expect(get.metadata.attempts == 2)
    }

    func keys(_ server: TestServer, _ key: String) async throws -> [String] {
        let transport = try makeTransport()
        let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/flaky-keys?key=\(key)")))
        return String(decoding: response.body, as: UTF8.self).split(separator: ",").map(String.init)
    }

    @Test("RetryPolicy.always retries a POST that reached the server, every attempt with one Idempotency-Key; a safe call gets none")
    func alwaysRetriesWithOneKey() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server, policy: .never)
        var options = CallOptions()
        options.retryPolicy = .always(attempts: 3, initialBackoff: .milliseconds(10))
        let post = try await manager.request(.post, "/flaky?key=always&fails=2", input: [5], requestSerializer: .raw, responseSerializer: .raw,
                                             options: options)
        #expect(post.metadata.attempts == 3 && post.output == [5])
        let sent = try await keys(server, "always")
        #expect(sent.count == 3 && Set(sent).count == 1 && UUID(uuidString: sent[0]) != nil, "one key on all three attempts: \(sent)")

        // The call's own key is kept.
        options.headers = [.idempotencyKey: "order-42"]
        _ = try await manager.request(.post, "/flaky?key=own&fails=1", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        #expect(try await keys(server, "own") == ["order-42", "order-42"])

        // Still bounded: three attempts, then the last failure.
        options.headers = [:]
        let exhausted = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/flaky?key=gone&fails=5", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        }
        #expect(protoError(exhausted.mapError { $0 as any Error })?.code == .unavailable)
        #expect(try await count(server, "gone") == 3)

        // A PUT is safe to repeat: retried without a key. The default policy leaves a POST alone.
        _ = try await manager.request(.put, "/flaky?key=put&fails=1", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        #expect(try await keys(server, "put") == ["<none>", "<none>"])
        options.retryPolicy = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(10))
        _ = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/flaky?key=safe&fails=1", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        }
        #expect(try await keys(server, "safe") == ["<none>"], "the default policy: one attempt, no key")
    }

    @Test("a non-idempotent call reset mid-response is not retried; an idempotent one is")
    func resetMidResponse() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let policy = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(10), retryableCodes: [.unavailable, .unknown, .internal, .dataLoss])
        let manager = try manager(server, policy: policy)
        let post = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/flaky?key=r1&fails=1&reset=1", input: [1], requestSerializer: .raw, responseSerializer: .raw)
        }
        let error = try #require(protoError(post.mapError { $0 as any Error }))
        #expect(!error.neverReachedServer)
        #expect(policy.retryableCodes.contains(error.code), "the code was retryable: only the method stopped the retry (\(error.code))")
        #expect(try await count(server, "r1") == 1, "the server saw the request: a POST is not repeated")
        let put = try await manager.request(.put, "/flaky?key=r2&fails=1&reset=1", input: [1], requestSerializer: .raw, responseSerializer: .raw)
        #expect(put.metadata.attempts == 2)
    }

    @Test("a call that never reached the server is retried whatever its method")
    func refusedIsRetried() async throws {
        let attempts = Atomic<Int>(0)
        let counter = ClosureInterceptor { request, _, next, completion in
            attempts.add(1, ordering: .relaxed)
            next(request, completion)
        }
        var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:1")
        configuration.retryPolicy = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(10))
        configuration.interceptors = [counter]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        let result = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/x", input: [], requestSerializer: .raw, responseSerializer: .raw)
        }
        #expect(protoError(result.mapError { $0 as any Error })?.code == .unavailable)
        #expect(attempts.load(ordering: .relaxed) == 3, "each attempt runs the whole chain")
    }

    /// Runs `call` to its end while moving `clock` forward by `step` each time the manager
    /// waits before a retry (and only then); returns the result and the number of steps.
    func drive<T: Sendable>(_ clock: ManualCallClock, step: Duration,
                            _ call: @escaping @Sendable () async throws(ProtoHTTPError) -> T) async -> (result: Result<T, ProtoHTTPError>, steps: Int) {
        let outcome = Mutex<Result<T, ProtoHTTPError>?>(nil)
        let task = Task {
            do throws(ProtoHTTPError) {
                let value = try await call()
                outcome.withLock { $0 = .success(value) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        var steps = 0
        while await waitUntil({ outcome.withLock { $0 } != nil || clock.pendingWaits > 0 }), outcome.withLock({ $0 }) == nil, steps < 10_000 {
            clock.advance(by: step)
            steps += 1
        }
        await task.value
        return (outcome.withLock { $0 } ?? .failure(ProtoHTTPError(code: .unknown, message: "no result within the hang guard")), steps)
    }

    /// A manager for `server` whose deadlines and retry waits run on `clock`.
    func manager(_ server: TestServer, policy: RetryPolicy, timeout: Duration?, clock: ManualCallClock) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.retryPolicy = policy
        configuration.timeout = timeout
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport(), clock: clock)
    }

    @Test("Retry-After is honoured; a wait past the deadline delivers the failure at once")
    func retryAfterAgainstTheDeadline() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let clock = ManualCallClock()
        let manager = try manager(server, policy: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(10)), timeout: .seconds(3), clock: clock)

        // Retry-After: 1: the second attempt starts when a second has passed, not before.
        let honoured = Task { () async throws(ProtoHTTPError) in
            try await manager.request(.get, "/flaky?key=ra&fails=1&retry-after=1", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        }
        #expect(await waitUntil { clock.pendingWaits == 1 }, "the manager waits before the second attempt")
        #expect(clock.advance(by: .milliseconds(999)) == 0, "not before the server's second")
        #expect(try await count(server, "ra") == 1)
        #expect(clock.advance(by: .milliseconds(1)) == 1, "at the server's second")
        #expect(try await honoured.value.metadata.attempts == 2)

        // Retry-After: 60 against a 3 s deadline: the failure comes at once, with no wait.
        let (tooLong, waits) = await drive(clock, step: .seconds(60)) { () async throws(ProtoHTTPError) in
            try await manager.request(.get, "/flaky?key=rb&fails=1&retry-after=60", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        }
        #expect(protoError(tooLong.mapError { $0 as any Error })?.code == .unavailable)
        #expect(waits == 0, "no wait that the deadline would cut")

        let (exhausted, _) = await drive(clock, step: .seconds(1)) { () async throws(ProtoHTTPError) in
            try await manager.request(.get, "/flaky?key=rc&fails=1&status=429&retry-after=0", input: [:],
                                      requestSerializer: .formURLEncoded, responseSerializer: .raw)
        }
        #expect(try exhausted.get().metadata.attempts == 2, "429 is resource_exhausted: retried when the server says when")
    }

    @Test("the deadline bounds all attempts together")
    func deadlineBoundsAttempts() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let clock = ManualCallClock()
        let policy = RetryPolicy(maxAttempts: 1000, initialBackoff: .milliseconds(50), maxBackoff: .milliseconds(50), jitter: 0)
        let manager = try manager(server, policy: policy, timeout: .milliseconds(700), clock: clock)
        // Each step moves the clock through one 50 ms wait: 700 ms hold 13 or 14 of them.
        let (result, steps) = await drive(clock, step: .milliseconds(50)) { () async throws(ProtoHTTPError) in
            try await manager.request(.get, "/flaky?key=d&fails=100000", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        }
        let code = protoError(result.mapError { $0 as any Error })?.code
        #expect(code == .unavailable || code == .deadlineExceeded, "\(String(describing: code))")
        #expect((13...14).contains(steps), "the 700 ms deadline ends the waits of 50 ms: \(steps) (without it: 999)")
        let seen = try await count(server, "d")
        #expect((steps...steps + 1).contains(seen), "one attempt per wait, and the first: \(seen) for \(steps) waits")
        #expect(clock.pendingWaits == 0, "no wait outlives the call")
        clock.advance(by: .seconds(10))  // only the deadline timer, armed for a call that has ended, is left to fire
        manager.workQueue.sync(flags: .barrier) {}
        #expect(await waitUntil { manager.liveCallCount == 0 && manager.transport.liveEasyHandleCount == 0 })
        #expect(try await count(server, "d") == seen, "no attempt after the call ended")
    }

    @Test("cancelling during the backoff gives exactly one canceled failure and no further attempt")
    func cancelDuringBackoff() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let clock = ManualCallClock()
        let manager = try manager(server, policy: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(800), jitter: 0),
                                  timeout: .seconds(10), clock: clock)
        let events = Mutex<[String]>([])
        let handle = manager.request(.get, "/flaky?key=c&fails=5", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw,
                                     completion: { events.withLock { $0.append("completion") } },
                                     success: { _, _ in events.withLock { $0.append("success") } },
                                     failure: { error in events.withLock { $0.append("failure \(error.code)") } })
        #expect(await waitUntil { events.withLock { $0 } == ["completion"] && clock.pendingWaits == 1 }, "in the backoff")
        #expect(try await count(server, "c") == 1)
        handle.cancel()
        #expect(await waitUntil { events.withLock { $0.count } == 2 })
        // The backoff ends after the cancel: its work finds the call over and sends nothing.
        #expect(clock.advance(by: .milliseconds(800)) == 1)
        manager.workQueue.sync(flags: .barrier) {}
        #expect(events.withLock { $0 } == ["completion", "failure canceled"])
        #expect(manager.liveCallCount == 0 && manager.transport.liveEasyHandleCount == 0)
        #expect(try await count(server, "c") == 1)
    }
}
