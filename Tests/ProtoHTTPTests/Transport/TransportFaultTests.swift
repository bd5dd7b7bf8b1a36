// TransportFaultTests.swift: faults give the right error, exactly one callback, and leak no handle or thread.
import Foundation
import Testing
@testable import ProtoHTTP
import ProtoHTTPTestSupport
import ProtoHTTPCore

@Suite("HTTPTransport faults")
struct TransportFaultTests {
    /// Sends one request through the callback API and returns its only result, checking that
    /// exactly one result arrives and never on the transport thread.
    func onlyResult(_ transport: HTTPTransport, _ request: TransportRequest,
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> Result<TransportResponse, ProtoHTTPError> {
        let recorder = CallbackRecorder()
        _ = recorder.send(transport, request)
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1, "expected exactly one result, got \(results.count)", sourceLocation: sourceLocation)
        #expect(!recorder.callbackThreads.contains(transport.threadID), sourceLocation: sourceLocation)
        return try #require(results.first, sourceLocation: sourceLocation)
    }

    @Test func connectionRefusedIsUnavailable() async throws {
        let transport = try makeTransport()
        let error = try #require(try await onlyResult(transport, TransportRequest(url: "http://127.0.0.1:1/echo")).error)
        #expect(error.code == .unavailable)
        #expect(error.transportError?.curlCode == 7)
        #expect(error.httpStatus == nil)
        #expect(error.message.contains("check that the server is running"))
        await expectNoLeaks(transport)
    }

    @Test func serverClosingMidResponseIsUnavailable() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let error = try #require(try await onlyResult(transport, TransportRequest(method: "GET", url: server.url("/close-mid"))).error)
        #expect(error.code == .unavailable)
        #expect(error.transportError?.curlCode == 18)  // CURLE_PARTIAL_FILE
        // The engine keeps working after the broken connection.
        let after = try await transport.send(TransportRequest(url: server.url("/echo"), body: [9]))
        #expect(after.body == [9])
        await expectNoLeaks(transport)
    }

    @Test func nonHTTPReplyIsUnavailable() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let error = try #require(try await onlyResult(transport, TransportRequest(method: "GET", url: server.url("/garbage"))).error)
        #expect(error.code == .unavailable, "\(error)")
        await expectNoLeaks(transport)
    }

    @Test func slowServerAgainstTheTotalTimeoutIsDeadlineExceeded() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let start = ContinuousClock.now
        let error = try #require(try await onlyResult(transport, TransportRequest(
            method: "GET", url: server.url("/slow?ms=3600000"), timeout: .milliseconds(300)
        )).error)
        let elapsed = ContinuousClock.now - start
        #expect(error.code == .deadlineExceeded)
        #expect(error.transportError?.curlCode == 28)
        #expect(error.message.contains("0.3 s"))
        #expect(elapsed < hangGuard, "the timeout took \(elapsed)")  // a hang guard: the server would take an hour
        await expectNoLeaks(transport)
    }

    @Test func configurationTimeoutAppliesWhenTheRequestHasNone() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.timeout = .milliseconds(200) }
        let error = try #require(try await onlyResult(transport, TransportRequest(method: "GET", url: server.url("/stall?ms=60000"))).error)
        #expect(error.code == .deadlineExceeded)
        await expectNoLeaks(transport)
    }

    @Test func cancelDuringTheCallFailsOnceWithCanceledAndStopsTheTransfer() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        let call = recorder.send(transport, TransportRequest(method: "GET", url: server.url("/slow?ms=3600000")))
        #expect(await waitUntil { recorder.handedOffCount == 1 })
        #expect(await waitUntil { transport.liveEasyHandleCount == 1 }, "\(recorder.results)")
        let start = ContinuousClock.now
        call.cancel()
        call.cancel()
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1)
        #expect(results.first?.error?.code == .canceled)
        // The engine removes the easy handle long before the server would have answered.
        #expect(await waitUntil { transport.liveEasyHandleCount == 0 })
        #expect(ContinuousClock.now - start < hangGuard)  // a hang guard: the server would take an hour
        #expect(recorder.results.count == 1)
        await expectNoLeaks(transport)
    }

    @Test func cancelRightAfterSendFailsOnceWithCanceled() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        for _ in 0..<50 {
            recorder.send(transport, TransportRequest(method: "GET", url: server.url("/slow?ms=60000"))).cancel()
        }
        let results = await recorder.waitForResults(50)
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0.error?.code == .canceled })
        await expectNoLeaks(transport)
    }

    @Test func cancelRacingCompletionStillDeliversExactlyOnce() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        var calls: [TransportCall] = []
        for i in 0..<100 {
            calls.append(recorder.send(transport, TransportRequest(url: server.url("/echo"), body: Array("\(i)".utf8))))
        }
        // Cancel while some calls are queued, some in flight and some finished.
        // The 200 µs spacing is deliberate: it spreads the cancels over the calls' lifetimes.
        for call in calls { try await Task.sleep(for: .microseconds(200)); call.cancel() }
        let results = await recorder.waitForResults(100)
        #expect(results.count == 100)
        let cancelled = results.filter { $0.error?.code == .canceled }.count
        let succeeded = results.filter { $0.value?.status == 200 }.count
        #expect(cancelled + succeeded == 100)
        #expect(recorder.handedOffCount <= 100)
        await expectNoLeaks(transport)
    }

    @Test func asyncCallHonoursTaskCancellationDuringTheCall() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let url = server.url("/slow?ms=3600000")
        let task = Task { try await transport.send(TransportRequest(method: "GET", url: url)) }
        #expect(await waitUntil { transport.liveEasyHandleCount == 1 })
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(protoError(result)?.code == .canceled)
        #expect(ContinuousClock.now - start < hangGuard)  // a hang guard: the server would take an hour
        await expectNoLeaks(transport)
    }

    @Test func asyncCallInAnAlreadyCancelledTaskNeverTouchesTheNetwork() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let url = server.url("/echo")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(TransportRequest(url: url))
        }
        let result = await task.result
        #expect(protoError(result)?.code == .canceled)
        let count = try await transport.send(TransportRequest(method: "GET", url: server.url("/connections")))
        #expect(count.text == "1")  // only the /connections call itself connected
        await expectNoLeaks(transport)
    }

    @Test(arguments: [
        ("/big?size=2097152", 23 as Int?),             // Content-Length above the limit (curl 63) or write abort (23)
        ("/big?size=2097152&chunked=1", 23),           // no length: the write callback aborts
        ("/gzip?size=4194304", 23),                    // small on the wire, too large decompressed
    ])
    func oversizedResponseIsResourceExhausted(path: String, expectedCurl: Int?) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let error = try #require(try await onlyResult(transport, TransportRequest(
            method: "GET", url: server.url(path), maxResponseSize: 1 << 20
        )).error)
        #expect(error.code == .resourceExhausted, "\(error)")
        #expect([23, 63].contains(error.transportError?.curlCode ?? 0))
        #expect(error.message.contains("maximum response size"))
        await expectNoLeaks(transport)
    }

    @Test func responseExactlyAtTheLimitIsAccepted() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.maxResponseSize = 65536 }
        let exact = try await transport.send(TransportRequest(method: "GET", url: server.url("/big?size=65536&chunked=1")))
        #expect(exact.body.count == 65536)
        let over = try await onlyResult(transport, TransportRequest(method: "GET", url: server.url("/big?size=65537&chunked=1")))
        #expect(over.error?.code == .resourceExhausted)
        await expectNoLeaks(transport)
    }

    // Bad header names and values cannot reach the transport: HTTPField.Name accepts tokens
    // only, and HTTPField turns a CR, LF or NUL into a space (TransportTests checks the wire).
    @Test(arguments: [
        TransportRequest(method: "GE T", url: "http://127.0.0.1:1/x"),
        TransportRequest(url: ""),
    ])
    func invalidRequestsFailWithInvalidArgument(request: TransportRequest) async throws {
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        _ = recorder.send(transport, request)
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1)
        #expect(results.first?.error?.code == .invalidArgument)
        #expect(recorder.handedOffCount == 0)
        await expectNoLeaks(transport)
    }

    @Test func malformedURLIsInvalidArgument() async throws {
        let transport = try makeTransport()
        let error = try #require(try await onlyResult(transport, TransportRequest(url: "gopherx://what")).error)
        #expect(error.code == .invalidArgument, "\(error)")
        await expectNoLeaks(transport)
    }

    @Test func shutdownFailsPendingCallsOnceAndJoinsTheThread() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        for _ in 0..<5 { _ = recorder.send(transport, TransportRequest(method: "GET", url: server.url("/slow?ms=60000"))) }
        #expect(await waitUntil { recorder.handedOffCount == 5 })
        let tid = transport.threadID
        transport.shutdown()
        #expect(await waitUntil { !threadExists(tid) })
        #expect(transport.liveEasyHandleCount == 0)
        let results = await recorder.waitForResults(5)
        #expect(results.count == 5)
        #expect(results.allSatisfy { $0.error?.code == .canceled && $0.error?.message.contains("shut down") == true })
        // After shutdown, calls fail at once.
        let late = CallbackRecorder()
        _ = late.send(transport, TransportRequest(url: server.url("/echo")))
        let lateResults = await late.waitForResults(1)
        #expect(lateResults.count == 1)
        #expect(lateResults.first?.error?.code == .canceled)
        transport.shutdown()  // idempotent
    }

    @Test func releasingTheTransportJoinsItsThread() async throws {
        var transport: HTTPTransport? = try makeTransport()
        let tid = try #require(transport?.threadID)
        #expect(tid > 0)
        #expect(threadExists(tid))
        transport = nil
        #expect(await waitUntil { !threadExists(tid) })
    }
}
