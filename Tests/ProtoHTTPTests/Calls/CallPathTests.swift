// CallPathTests.swift: a manager call end to end through its stages: interceptors that answer or retry, cancellation between stages, deadlines over retries, async metadata.
import Dispatch
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPTesting

@Suite("Manager call path", .serialized)
struct CallPathTests {
    typealias Ping = Protohttp_Rpctest_PingServiceMetadata.Ping

    func manager(_ server: TestServer, interceptors: [any CallInterceptor] = [], timeout: Duration? = .seconds(10),
                 clock: any CallClock = SystemCallClock()) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.interceptors = interceptors
        configuration.timeout = timeout
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport(), clock: clock)
    }

    @Test("an interceptor that answers without the transport settles the call: success, no completion")
    func interceptorAnswers() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        var reply = Protohttp_Rpctest_PingResponse()
        reply.text = "cached"
        let body = reply.serializedBytes()
        let seen = Mutex<[TransportRequest]>([])
        let cache = ClosureInterceptor { request, _, _, completion in
            seen.withLock { $0.append(request) }
            completion(.success(TransportResponse(status: 200, headers: [.contentType: "application/proto"],
                                                  body: body)))
        }
        let manager = try manager(server, interceptors: [cache])
        let events = Mutex<[String]>([])
        manager.unary(Ping.self, Protohttp_Rpctest_PingRequest(), completion: { events.withLock { $0.append("completion") } },
                      success: { output, _ in events.withLock { $0.append("success:\(output.text)") } },
                      failure: { error in events.withLock { $0.append("failure:\(error.code)") } })
        #expect(await waitUntil { events.withLock { $0.count } == 1 })
        try? await Task.sleep(for: .milliseconds(50))  // a grace window for a wrong second callback
        #expect(events.withLock { $0 } == ["success:cached"])
        let request = try #require(seen.withLock { $0.first })
        #expect(request.url == server.url("/protohttp.rpctest.PingService/Ping"), "unary calls default to Connect")
        #expect(request.headers.firstValue(.connectProtocolVersion) == "1")
        #expect(manager.liveCallCount == 0)
    }

    @Test("a call cancelled while an interceptor holds it never reaches the transport")
    func cancelledBeforeSend() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let nextResult = Mutex<ProtoHTTPError.Code?>(nil)
        let gate = DispatchSemaphore(value: 0)
        let slowStart = ClosureInterceptor { request, _, next, completion in
            DispatchQueue.global().async {
                gate.wait()
                next(request) { result in
                    if case .failure(let error) = result { nextResult.withLock { $0 = error.code } }
                    completion(result)
                }
            }
        }
        let manager = try manager(server, interceptors: [slowStart])
        let recorder = ManagerRecorder()
        let handle = recorder.post(manager, "/slow?ms=3000")
        handle.cancel()
        gate.signal()
        #expect(await recorder.settle() == ["failure"])
        #expect(recorder.error?.code == .canceled)
        #expect(await waitUntil { nextResult.withLock { $0 } == .canceled }, "the chain learns the call ended")
        #expect(manager.transport.liveEasyHandleCount == 0)
        await expectNoLeaks(manager.transport)
    }

    @Test("the deadline bounds every attempt of a retrying interceptor together, and fails the call once")
    func deadlineOverRetries() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let attempts = Atomic<Int>(0)
        let endedWith = Mutex<ProtoHTTPError.Code?>(nil)
        // Retries every failure after 30 ms, for ever: only the call's deadline can end it.
        let retry = ClosureInterceptor { request, _, next, completion in
            @Sendable func attempt() {
                attempts.add(1, ordering: .relaxed)
                next(request) { result in
                    guard case .failure(let error) = result, error.code != .canceled else {
                        if case .failure(let error) = result { endedWith.withLock { $0 = error.code } }
                        completion(result)
                        return
                    }
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) { attempt() }
                }
            }
            attempt()
        }
        // The deadline runs on a clock the test moves: it comes after the attempts the test
        // waited for, however long they took.
        let clock = ManualCallClock()
        let manager = try manager(server, interceptors: [retry], timeout: .milliseconds(900), clock: clock)
        let recorder = ManagerRecorder()
        _ = recorder.post(manager, "/close-mid")
        #expect(await waitUntil { attempts.load(ordering: .relaxed) > 3 }, "attempts follow each other under one deadline")
        #expect(clock.armedDeadlines == [.milliseconds(900)], "one deadline, armed once for all attempts")
        #expect(clock.advance(by: .milliseconds(899)) == 0, "nothing is due before the deadline")
        let before = recorder.events.withLock { $0 }
        #expect(before.isEmpty || before == ["completion"], "the call is still running: \(before)")
        #expect(clock.advance(by: .milliseconds(1)) == 1, "the deadline timer fires at 900 ms")
        #expect(await recorder.settle() == ["completion", "failure"], "completion once, on the first hand-off")
        #expect(recorder.error?.code == .deadlineExceeded)
        #expect(await waitUntil { endedWith.withLock { $0 } == .canceled }, "after the deadline, the chain's next attempt is refused")
        #expect(await waitUntil { manager.transport.liveEasyHandleCount == 0 })
        await expectNoLeaks(manager.transport)
    }

    @Test("async forms return metadata with the output, and Task cancellation fails once with canceled")
    func asyncForms() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        var request = Protohttp_Rpctest_PingRequest()
        request.text = "meta"
        let response = try await manager.postForResponse("/echo", request, as: Protohttp_Rpctest_PingResponse.self,
                                                         options: CallOptions(headers: [.named("X-Test-Id"): "7"]))
        #expect(response.output.text == "meta")
        #expect(response.metadata.status == 200)
        #expect(response.metadata.headers.firstValue(.named("X-Echo-Header-Id")) == "7")
        #expect(response.metadata.headers.firstValue(.named("X-Echo-Method")) == "POST")

        let task = Task { () async throws(ProtoHTTPError) -> Protohttp_Rpctest_PingResponse in
            try await manager.post("/slow?ms=5000", request, as: Protohttp_Rpctest_PingResponse.self)
        }
        #expect(await waitUntil { manager.liveCallCount == 1 }, "the call is running")
        task.cancel()
        let result = await task.result
        #expect(protoError(result.mapError { $0 as any Error })?.code == .canceled)
        #expect(await waitUntil { manager.liveCallCount == 0 })

        // In a Task cancelled before the call, the call never starts and is not left registered.
        let url = server.url("/echo")
        let early = Task { () async throws(ProtoHTTPError) -> Protohttp_Rpctest_PingResponse in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await manager.post(url, request, as: Protohttp_Rpctest_PingResponse.self)
        }
        #expect(protoError(await early.result.mapError { $0 as any Error })?.code == .canceled)
        #expect(manager.liveCallCount == 0)
        await expectNoLeaks(manager.transport)
    }
}
