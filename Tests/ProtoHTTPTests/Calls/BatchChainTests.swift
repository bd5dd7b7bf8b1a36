// BatchChainTests.swift: batch and chain requests against the test server: order, first failure, cancel, concurrency limit.
import Dispatch
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Batch and chain requests", .serialized)
struct BatchChainTests {
    func manager(_ server: TestServer, interceptors: [any CallInterceptor] = []) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.interceptors = interceptors
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    func echo(_ bytes: [UInt8], delayMs: Int = 0) -> PendingCall<[UInt8]> {
        delayMs == 0
            ? .request(.post, "/echo", input: bytes, requestSerializer: .raw, responseSerializer: .raw)
            : .request(.get, "/slow?ms=\(delayMs)", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
    }

    func failing(_ status: Int) -> PendingCall<[UInt8]> {
        .request(.get, "/status/\(status)", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
    }

    @Test("success has every output in request order, then finished with every result")
    func batchOrder() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let events = Mutex<[String]>([])
        manager.batch([echo([1], delayMs: 300), echo([2]), echo([3])],
                      success: { outputs in events.withLock { $0.append("success \(outputs.map { $0.count == 1 ? String($0[0]) : String(decoding: $0, as: UTF8.self) })") } },
                      failure: { failed in events.withLock { $0.append("failure \(failed.error.code)") } },
                      finished: { results in events.withLock { $0.append("finished \(results.count)") } })
        #expect(await waitUntil { events.withLock { $0.count } == 2 })
        #expect(events.withLock { $0 } == [#"success ["slow", "2", "3"]"#, "finished 3"])
        #expect(manager.liveCallCount == 0)
    }

    @Test("the first failure cancels the rest by default; with cancelsOnFirstFailure off every call runs to its end")
    func batchFailure() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        // The slow call would take an hour: only the batch's cancel can end it in time.
        let failFast = await Result { () async throws(ProtoHTTPError) in
            try await manager.batch([echo([], delayMs: 600_000), failing(503), echo([1])])
        }
        #expect(protoError(failFast.mapError { $0 as any Error })?.code == .unavailable)
        #expect(await waitUntil { manager.liveCallCount == 0 && manager.transport.liveEasyHandleCount == 0 }, "the slow call was cancelled")
        // The same batch through batchResults: no throw, every call's result in request order.
        let everyResult = await manager.batchResults([echo([], delayMs: 600_000), failing(503), echo([1])])
        let codes = everyResult.map { result -> String in
            switch result {
            case .success(let bytes): return "\(bytes)"
            case .failure(let error): return "\(error.code)"
            }
        }
        #expect(codes.count == 3 && codes[0] == "canceled" && codes[1] == "unavailable", "\(codes)")
        #expect(codes.count == 3 && ["[1]", "canceled"].contains(codes[2]), "the quick call succeeded or was stopped: \(codes)")

        let results = Mutex<[String]>([])
        let done = Mutex(false)
        manager.batch([echo([], delayMs: 300), failing(404), echo([1])], options: BatchOptions(cancelsOnFirstFailure: false),
                      success: { _ in results.withLock { $0.append("success") } },
                      failure: { failed in
                          let shape = failed.results.map { (try? $0.get()) != nil ? "ok" : "err" }.joined(separator: ",")
                          results.withLock { $0.append("failure \(failed.error.code) at \(failed.index ?? -1): \(shape), outputs \(failed.outputs.keys.sorted())") }
                      },
                      finished: { all in
                          results.withLock { $0.append(all.map { (try? $0.get()) != nil ? "ok" : "err" }.joined(separator: ",")) }
                          done.withLock { $0 = true }
                      })
        #expect(await waitUntil { done.withLock { $0 } })
        #expect(results.withLock { $0 } == ["failure unimplemented at 1: ok,err,ok, outputs [0, 2]", "ok,err,ok"], "the slow call still ran to its end")
        #expect(manager.liveCallCount == 0)
    }

    @Test("a concurrency limit runs at most that many at once; cancel stops running and waiting calls")
    func batchLimitAndCancel() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        // Each call is held before it is sent until the test lets one go: the calls in flight
        // are counted, and the test moves on only when it has seen what it needs.
        let gate = DispatchSemaphore(value: 0)
        let flight = Mutex((started: 0, now: 0, most: 0))
        let holding = ClosureInterceptor { request, _, next, completion in
            flight.withLock { $0.started += 1; $0.now += 1; $0.most = max($0.most, $0.now) }
            DispatchQueue.global().async {
                gate.wait()
                next(request) { result in
                    flight.withLock { $0.now -= 1 }
                    completion(result)
                }
            }
        }
        let limited = try manager(server, interceptors: [holding])
        let batchDone = Mutex<Int?>(nil)
        limited.batch(Array(repeating: echo([7]), count: 4), options: BatchOptions(maxConcurrent: 2),
                      success: { outputs in batchDone.withLock { $0 = outputs.count } }, failure: { _ in batchDone.withLock { $0 = -1 } })
        for started in 2...4 {
            #expect(await waitUntil { flight.withLock { $0.started == started && $0.now == 2 } }, "call \(started) starts as one ends")
            gate.signal()
        }
        gate.signal()
        gate.signal()
        #expect(await waitUntil { batchDone.withLock { $0 } != nil })
        #expect(batchDone.withLock { $0 } == 4)
        #expect(flight.withLock { $0.most } == 2, "never more than two in flight")

        let manager = try manager(server)

        let events = Mutex<[String]>([])
        let batch = manager.batch(Array(repeating: echo([], delayMs: 3000), count: 3), options: BatchOptions(maxConcurrent: 1),
                                  success: { _ in events.withLock { $0.append("success") } },
                                  failure: { failed in events.withLock { $0.append("failure \(failed.error.code) at \(failed.index.map(String.init) ?? "none")") } },
                                  finished: { all in events.withLock { $0.append("finished " + all.map { (try? $0.get()) == nil ? "x" : "ok" }.joined()) } })
        #expect(await waitUntil { manager.liveCallCount == 1 }, "the first call is running")
        batch.cancel()
        #expect(await waitUntil { events.withLock { $0.count } == 2 })
        #expect(events.withLock { $0 } == ["failure canceled at none", "finished xxx"], "the batch itself was cancelled: no call failed first")
        #expect(batch.isFinished)
        #expect(await waitUntil { manager.liveCallCount == 0 })
        let empty = try await manager.batch([PendingCall<[UInt8]>]())
        #expect(empty.isEmpty)
    }

    /// Records what a group accessory is told.
    final class GroupRecorder: GroupAccessory {
        let events = Mutex<[String]>([])
        func willStart(_ group: CallGroupInfo) { events.withLock { $0.append("willStart \(group.kind) \(group.count.map(String.init) ?? "-")") } }
        func willStop(_ group: CallGroupInfo, error: ProtoHTTPError?) { events.withLock { $0.append("willStop \(error.map { "\($0.code)" } ?? "ok")") } }
        func didStop(_ group: CallGroupInfo, error: ProtoHTTPError?) { events.withLock { $0.append("didStop \(error.map { "\($0.code)" } ?? "ok")") } }
    }

    @Test("group accessories see a batch or chain start once and stop once, around its callbacks, success or failure")
    func groupAccessories() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let recorder = GroupRecorder()
        let record: @Sendable (String) -> Void = { event in recorder.events.withLock { $0.append(event) } }
        manager.batch([echo([1]), echo([2])], accessories: [recorder],
                      success: { _ in record("success") }, failure: { _ in record("failure") }, finished: { _ in record("finished") })
        #expect(await waitUntil { recorder.events.withLock { $0.last?.hasPrefix("didStop") == true } })
        #expect(recorder.events.withLock { $0 } == ["willStart batch 2", "willStop ok", "success", "finished", "didStop ok"])

        recorder.events.withLock { $0.removeAll() }
        manager.batch([echo([1]), failing(503)], accessories: [recorder],
                      success: { _ in record("success") }, failure: { _ in record("failure") })
        #expect(await waitUntil { recorder.events.withLock { $0.last?.hasPrefix("didStop") == true } })
        #expect(recorder.events.withLock { $0 } == ["willStart batch 2", "willStop unavailable", "failure", "didStop unavailable"])

        recorder.events.withLock { $0.removeAll() }
        let chain = manager.chain(echo([], delayMs: 3000).erased(), accessories: [recorder], next: { _, _ in nil },
                                  success: { _ in record("success") }, failure: { _ in record("failure") })
        #expect(await waitUntil { manager.liveCallCount == 1 })
        chain.cancel()
        #expect(await waitUntil { recorder.events.withLock { $0.last?.hasPrefix("didStop") == true } })
        #expect(recorder.events.withLock { $0 } == ["willStart chain -", "willStop canceled", "failure", "didStop canceled"])
    }

    @Test("a chain runs steps in order, each from the last output, and ends when a step returns nil")
    func chainSteps() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let seen = Mutex<[String]>([])
        manager.chain(echo([1]).erased(), next: { step, output in
            let bytes = output as? [UInt8] ?? []
            seen.withLock { $0.append("step \(step): \(bytes)") }
            guard step < 2 else { return nil }
            return self.echo(bytes + [UInt8(step + 2)]).erased()
        }, success: { outputs in seen.withLock { $0.append("success \(outputs.map { $0 as? [UInt8] ?? [] })") } },
           failure: { failed in seen.withLock { $0.append("failure \(failed.step) \(failed.error.code)") } },
           finished: { result in seen.withLock { $0.append("finished with \((try? result.get())?.count ?? -1) outputs") } })
        #expect(await waitUntil { seen.withLock { $0.last?.hasPrefix("finished") == true } })
        #expect(seen.withLock { $0 } == ["step 0: [1]", "step 1: [1, 2]", "step 2: [1, 2, 3]", "success [[1], [1, 2], [1, 2, 3]]",
                                         "finished with 3 outputs"])
    }

    @Test("a chain stops at the first failure with its step; cancel stops the running step and starts no other")
    func chainFailureAndCancel() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let events = Mutex<[String]>([])
        manager.chain(echo([1]).erased(), next: { step, _ in step == 0 ? self.failing(503).erased() : self.echo([9]).erased() },
                      success: { _ in events.withLock { $0.append("success") } },
                      failure: { failed in
                          events.withLock { $0.append("failure \(failed.step) \(failed.error.code) after \(failed.outputs.map { $0 as? [UInt8] ?? [] })") }
                      },
                      finished: { result in
                          let text: String
                          switch result {
                          case .success: text = "finished ok"
                          case .failure(let failed): text = "finished: step \(failed.step) failed"
                          }
                          events.withLock { $0.append(text) }
                      })
        #expect(await waitUntil { events.withLock { $0.count } == 2 })
        #expect(events.withLock { $0 } == ["failure 1 unavailable after [[1]]", "finished: step 1 failed"])

        let later = Atomic<Int>(0)
        let cancelled = Mutex<[String]>([])
        let chain = manager.chain(echo([], delayMs: 3000).erased(), next: { _, _ in
            later.add(1, ordering: .relaxed)
            return self.echo([1]).erased()
        }, success: { _ in cancelled.withLock { $0.append("success") } },
           failure: { failed in cancelled.withLock { $0.append("failure \(failed.step) \(failed.error.code)") } },
           finished: { _ in cancelled.withLock { $0.append("finished") } })
        #expect(await waitUntil { manager.liveCallCount == 1 }, "the first step is running")
        chain.cancel()
        #expect(await waitUntil { cancelled.withLock { $0.last } == "finished" })
        // A grace window for a next step that must not start: it can only miss a bug.
        try await Task.sleep(for: .milliseconds(100))
        #expect(cancelled.withLock { $0 } == ["failure 0 canceled", "finished"])
        #expect(later.load(ordering: .relaxed) == 0)
        #expect(chain.isFinished)
        #expect(manager.liveCallCount == 0)
    }
}
