// ClientMockTests.swift: the generated PingService client mock used in place of the real client.
import Dispatch
import Foundation
@testable import ProtoHTTP
import Synchronization
import Testing

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
        try await Task.sleep(for: .milliseconds(50))  // nothing may follow the outcome
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
        mock.ping.handler = { _ in
            do { try await Task.sleep(for: .seconds(5)) } catch { handlerSawCancel.withLock { $0 = true } }
            return Protohttp_Rpctest_PingResponse()
        }
        let outcomes = Mutex<[String]>([])
        let handle = mock.ping(Self.request("slow"), success: { _, _ in outcomes.withLock { $0.append("success") } },
                               failure: { error in outcomes.withLock { $0.append(error.code.name) } })
        try await Task.sleep(for: .milliseconds(20))
        handle.cancel()
        handle.cancel()
        #expect(await waitFor { outcomes.withLock { $0 } == ["canceled"] })
        #expect(await waitFor { handlerSawCancel.withLock { $0 } })
        try await Task.sleep(for: .milliseconds(50))
        #expect(outcomes.withLock { $0 } == ["canceled"])
        #expect(handle.isFinished)
    }

    @Test("cancelling the async form's task throws canceled; a timeout shorter than the handler is deadline_exceeded")
    func asyncCancelAndDeadline() async throws {
        let mock = Protohttp_Rpctest_PingServiceClientMock()
        mock.ping.handler = { _ in
            try? await Task.sleep(for: .seconds(60))
            return Protohttp_Rpctest_PingResponse()
        }
        let task = Task { () async -> Result<Protohttp_Rpctest_PingResponse, ProtoHTTPError> in
            do throws(ProtoHTTPError) { return .success(try await mock.ping(Self.request("t"))) } catch { return .failure(error) }
        }
        try await Task.sleep(for: .milliseconds(20))
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
        // Far below the handlers' 60 s, far above a loaded machine's delays (11 s seen in CI-like load).
        #expect(ContinuousClock.now - started < .seconds(30), "the outcomes must not wait for the handlers")
    }

    /// Polls `condition` every 5 ms for up to 2 s.
    private func waitFor(_ condition: () -> Bool) async -> Bool {
        let end = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < end {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }
}
