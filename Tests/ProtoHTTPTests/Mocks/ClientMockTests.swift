// ClientMockTests.swift: the generated PingService client mock used in place of the real client.
import Dispatch
import Foundation
@testable import ProtoHTTP
import ProtoHTTPTesting
import ProtoHTTPTestSupport
import Synchronization
import Testing
import ProtoHTTPCore

/// Code under test that knows only the client protocol, as an app's would.
private struct PingGreeter {
    let client: any Protohttp_Rpctest_PingServiceClientProtocol

    func greet(_ name: String) async -> String {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = name
        do {
            return try await client.ping(request).text  // the protocol's short form: no options
        } catch {
            return "error \(error.code.name)"
        }
    }
}

@Suite("Generated client mocks (Mocks=true)")
struct ClientMockTests {
    private static func request(_ text: String, _ number: Int32 = 0) -> Protohttp_Rpctest_PingRequest {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = text
        request.number = number
        return request
    }

    @Test("a mock stands in for the client: its handler answers, and every request is recorded in order")
    func answersAndRecords() async throws {
        let mock = Protohttp_Rpctest_PingServiceClientMock()
        mock.ping.handler = { request in
            var response = Protohttp_Rpctest_PingResponse()
            response.text = "hello " + request.text
            return response
        }
        let greeter = PingGreeter(client: mock)
        #expect(await greeter.greet("ada") == "hello ada")
        #expect(await greeter.greet("bob") == "hello bob")
        #expect(mock.ping.requests.map(\.text) == ["ada", "bob"])
        #expect(mock.ping.callCount == 2)
        #expect(mock.lookup.callCount == 0)
        mock.ping.resetRecording()
        #expect(mock.ping.requests.isEmpty)
        #expect(mock.mockCalls.liveCallCount == 0)
    }

    @Test("the protocol's short forms (no completion; options optional) answer through the mock's handler")
    func protocolShortForms() async throws {
        let mock = Protohttp_Rpctest_PingServiceClientMock()
        mock.lookup.handler = { request in
            var response = Protohttp_Rpctest_PingResponse()
            response.text = request.text.uppercased()
            return response
        }
        let client: any Protohttp_Rpctest_PingServiceClientProtocol = mock
        let outcome: String = await withCheckedContinuation { done in
            client.lookup(Self.request("cb"), success: { response, _ in done.resume(returning: response.text) },
                          failure: { error in done.resume(returning: "failure \(error)") })
        }
        #expect(outcome == "CB")
        #expect(try await client.lookup(Self.request("async")).text == "ASYNC")
        var options = CallOptions()
        options.tag = 7
        let tagged: String = await withCheckedContinuation { done in
            client.lookup(Self.request("opt"), options: options, success: { response, _ in done.resume(returning: response.text) },
                          failure: { error in done.resume(returning: "failure \(error)") })
        }
        #expect(tagged == "OPT")
        #expect(mock.lookup.requests.map(\.text) == ["cb", "async", "opt"])
    }

    @Test("callback form: completion, then exactly one success, both on the mock's callback queue")
    func callbackOrderAndQueue() async throws {
        let queue = DispatchQueue(label: "ClientMockTests.callbacks")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let mock = Protohttp_Rpctest_PingServiceClientMock(callbackQueue: queue)
        mock.ping.handler = { request in
            var response = Protohttp_Rpctest_PingResponse()
            response.number = request.number * 2
            return response
        }
        let events = Mutex<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            mock.ping(Self.request("x", 21), completion: {
                events.withLock { $0.append("completion on queue: \(DispatchQueue.getSpecific(key: key) == 7)") }
            }, success: { response, metadata in
                events.withLock { $0.append("success \(response.number) \(metadata.status) on queue: \(DispatchQueue.getSpecific(key: key) == 7)") }
                done.resume()
            }, failure: { error in
                events.withLock { $0.append("failure \(error)") }
                done.resume()
            })
        }
        try await Task.sleep(for: .milliseconds(50))  // a grace window: nothing may follow the outcome
        #expect(events.withLock { $0 } == ["completion on queue: true", "success 42 200 on queue: true"])
    }

    @Test("a thrown ProtoHTTPError reaches the caller as it is; no handler is unimplemented, naming the method")
    func errors() async throws {
        let mock = Protohttp_Rpctest_PingServiceClientMock()
        await #expect(throws: ProtoHTTPError.self) { _ = try await mock.lookup(Self.request("a")) }
        do {
            _ = try await mock.lookup(Self.request("a"))
            Issue.record("a call without a handler succeeded")
        } catch {
            #expect(error.code == .unimplemented)
            #expect(error.message.contains("/protohttp.rpctest.PingService/Lookup") && error.message.contains(".handler"), "\(error.message)")
        }
        mock.lookup.handler = { request throws(ProtoHTTPError) in
            throw ProtoHTTPError(code: .notFound, message: "no \(request.text)")
        }
        let greeter = PingGreeter(client: mock)
        #expect(await greeter.greet("z") == "error unimplemented")  // ping still has no handler
        do {
            _ = try await mock.lookup(Self.request("q"))
            Issue.record("the handler's error was lost")
        } catch {
            #expect(error.code == .notFound && error.message == "no q")
        }
        #expect(mock.lookup.requests.map(\.text) == ["a", "a", "q"])
    }

    @Test("cancel() fails the call once with canceled at once and cancels the handler; a late answer is dropped")
    func cancel() async throws {
        let mock = Protohttp_Rpctest_PingServiceClientMock()
        let handlerSawCancel = Mutex(false)
        let handlerStarted = Mutex(false)
        mock.ping.handler = { _ in
            handlerStarted.withLock { $0 = true }
            // An hour: only the cancel can end it while the test waits.
            do { try await Task.sleep(for: .seconds(3600)) /* the handler's deliberate hour */ } catch { handlerSawCancel.withLock { $0 = true } }
            return Protohttp_Rpctest_PingResponse()
        }
        let outcomes = Mutex<[String]>([])
        let handle = mock.ping(Self.request("slow"), success: { _, _ in outcomes.withLock { $0.append("success") } },
                               failure: { error in outcomes.withLock { $0.append(error.code.name) } })
        #expect(await waitUntil { handlerStarted.withLock { $0 } })
        handle.cancel()
        handle.cancel()
        #expect(await waitUntil { outcomes.withLock { $0 } == ["canceled"] })
        #expect(await waitUntil { handlerSawCancel.withLock { $0 } })
        try await Task.sleep(for: .milliseconds(50))  // a grace window for a late answer that must be dropped
        #expect(outcomes.withLock { $0 } == ["canceled"])
        #expect(handle.isFinished)
    }

    @Test("cancelling the async form's task throws canceled; a timeout shorter than the handler is deadline_exceeded")
    func asyncCancelAndDeadline() async throws {
        let mock = Protohttp_Rpctest_PingServiceClientMock()
        let handlersStarted = Atomic<Int>(0)
        // An hour: an outcome the test sees came from the cancel or the deadline.
        mock.ping.handler = { _ in
            handlersStarted.add(1, ordering: .relaxed)
            try? await Task.sleep(for: .seconds(3600))  // the handler's deliberate hour
            return Protohttp_Rpctest_PingResponse()
        }
        let task = Task { () async -> Result<Protohttp_Rpctest_PingResponse, ProtoHTTPError> in
            do throws(ProtoHTTPError) { return .success(try await mock.ping(Self.request("t"))) } catch { return .failure(error) }
        }
        #expect(await waitUntil { handlersStarted.load(ordering: .relaxed) == 1 })
        task.cancel()
        let started = ContinuousClock.now
        switch await task.value {
        case .success: Issue.record("a cancelled call succeeded")
        case .failure(let error): #expect(error.code == .canceled)
        }
        var options = CallOptions()
        options.timeout = .milliseconds(100)
        do {
            _ = try await mock.ping(Self.request("d"), options: options)
            Issue.record("a call past its deadline succeeded")
        } catch {
            #expect(error.code == .deadlineExceeded)
        }
        // A hang guard: the handlers take an hour.
        #expect(ContinuousClock.now - started < hangGuard, "the outcomes must not wait for the handlers")
    }
}
