// ManagerFaultTests.swift: transport faults and early cancellation through ProtoHTTPManager typed calls: right error, one failure, no leaked call.
import Foundation
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPTestSupport
import ProtoHTTPCore

/// An interceptor that parks every request instead of passing it on, until ``releaseAll()``:
/// while parked, a call has certainly not been submitted to the transport.
final class ParkingGate: Sendable {
    private typealias Completion = @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void
    private struct Parked: Sendable {
        let request: TransportRequest
        let next: InterceptorNext
        let completion: Completion
    }
    private let parked = Mutex<[Parked]>([])
    private let finished = Mutex(0)

    /// The interceptor to install on the manager.
    var interceptor: ClosureInterceptor {
        ClosureInterceptor { request, _, next, completion in
            self.parked.withLock { $0.append(Parked(request: request, next: next, completion: completion)) }
        }
    }

    /// Requests parked right now.
    var parkedCount: Int { parked.withLock { $0.count } }
    /// Released requests whose transport result came back through the chain.
    var finishedCount: Int { finished.withLock { $0 } }

    /// Passes every parked request on to the transport.
    func releaseAll() {
        let all = parked.withLock { parked in
            defer { parked.removeAll() }
            return parked
        }
        for item in all {
            item.next(item.request) { result in
                self.finished.withLock { $0 += 1 }
                item.completion(result)
            }
        }
    }
}

@Suite("Manager faults")
struct ManagerFaultTests {
    private func manager(_ server: TestServer, interceptors: [any CallInterceptor] = [],
                         transport adjust: (inout TransportConfiguration) -> Void = { _ in }) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.interceptors = interceptors
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport(adjust))
    }

    /// Checks that every call left the manager's registry and the transport leaked nothing.
    private func expectDrained(_ manager: ProtoHTTPManager, sourceLocation: SourceLocation = #_sourceLocation) async {
        let drained = await waitUntil { manager.liveCallCount == 0 }
        #expect(drained, "live calls left: \(manager.liveCallCount)", sourceLocation: sourceLocation)
        await expectNoLeaks(manager.transport, sourceLocation: sourceLocation)
    }

    @Test("the server closing mid-response gives one unavailable failure after completion; the manager keeps working")
    func serverClosingMidResponse() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let recorder = ManagerRecorder()
        _ = recorder.post(manager, "/close-mid")
        #expect(await recorder.settle() == ["completion", "failure"])
        let error = try #require(recorder.error)
        #expect(error.code == .unavailable, "\(error)")
        #expect(error.transportError?.curlCode == 18)  // CURLE_PARTIAL_FILE
        #expect(error.httpStatus == nil)
        #expect(recorder.replies.withLock { $0.isEmpty })

        var request = Protohttp_Rpctest_PingRequest()
        request.text = "after"
        let reply = try await manager.post("/echo", request, as: Protohttp_Rpctest_PingResponse.self)
        #expect(reply.text == "after")
        await expectDrained(manager)
    }

    @Test("a response past maxResponseSize gives one resource_exhausted failure after completion", arguments: [
        "/big?size=2097152",             // Content-Length above the limit
        "/big?size=2097152&chunked=1",   // no length: the write callback stops it
        "/gzip?size=4194304",            // small on the wire, too large decompressed
    ])
    func oversizedResponse(path: String) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server) { $0.maxResponseSize = 1 << 20 }
        let recorder = ManagerRecorder()
        _ = recorder.post(manager, path)
        #expect(await recorder.settle() == ["completion", "failure"])
        let error = try #require(recorder.error)
        #expect(error.code == .resourceExhausted, "\(error)")
        #expect(error.message.contains("maximum response size"))
        #expect([23, 63].contains(error.transportError?.curlCode ?? 0), "\(error)")
        await expectDrained(manager)
    }

    @Test("through the manager a body exactly at maxResponseSize arrives whole; one byte more fails")
    func responseAtTheLimit() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server) { $0.maxResponseSize = 65536 }
        var options = CallOptions()
        options.parameters = ["size": "65536", "chunked": "1"]
        let (body, metadata) = try await manager.post("/big", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        #expect(body.count == 65536)
        #expect(metadata.status == 200)
        options.parameters["size"] = "65537"
        do {
            let (over, _) = try await manager.post("/big", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
            Issue.record("a body one byte over the limit was accepted (\(over.count) bytes)")
        } catch {
            #expect(error.code == .resourceExhausted, "\(error)")
        }
        await expectDrained(manager)
    }

    @Test("cancel by handle, id, tag, category and all right after post returns: one canceled failure each, transfers stopped")
    func cancelRightAfterPost() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let recorders = (0..<5).map { _ in ManagerRecorder() }
        let path = "/slow?ms=10000"
        let first = recorders[0].post(manager, path)
        first.cancel()
        let second = recorders[1].post(manager, path)
        manager.cancel(id: second.id)
        _ = recorders[2].post(manager, path, options: CallOptions(tag: 7))
        manager.cancelAll(tag: 7)
        _ = recorders[3].post(manager, path, options: CallOptions(category: "feed"))
        manager.cancelAll(category: "feed")
        _ = recorders[4].post(manager, path)
        manager.cancelAll()
        #expect(manager.liveCallCount == 0)
        for (index, recorder) in recorders.enumerated() {
            let events = await recorder.settle()
            // The engine may have handed the request off before the cancel: completion is then
            // allowed, once and before the failure; success never.
            #expect(events.last == "failure" && events.filter { $0 != "completion" } == ["failure"], "call \(index): \(events)")
            #expect(events.filter { $0 == "completion" }.count <= 1, "call \(index): \(events)")
            #expect(recorder.error?.code == .canceled, "call \(index)")
        }
        // Stopped long before the server would answer (10 s).
        #expect(await waitUntil { manager.transport.liveEasyHandleCount == 0 })
        await expectDrained(manager)
    }

    @Test("cancel while an interceptor holds the request (before submission): one canceled failure, no completion, nothing delivered later")
    func cancelBeforeSubmission() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let gate = ParkingGate()
        let manager = try manager(server, interceptors: [gate.interceptor])
        let recorders = (0..<5).map { _ in ManagerRecorder() }
        // /echo answers at once: a cancellation that did not stick would show up as a success.
        let first = recorders[0].post(manager, "/echo")
        let second = recorders[1].post(manager, "/echo")
        _ = recorders[2].post(manager, "/echo", options: CallOptions(tag: 3))
        _ = recorders[3].post(manager, "/echo", options: CallOptions(category: "parked"))
        _ = recorders[4].post(manager, "/echo")
        #expect(gate.parkedCount == 5)
        #expect(manager.liveCallCount == 5)
        first.cancel()
        manager.cancel(id: second.id)
        manager.cancelAll(tag: 3)
        manager.cancelAll(category: "parked")
        manager.cancelAll()
        #expect(manager.liveCallCount == 0)
        for (index, recorder) in recorders.enumerated() {
            #expect(await recorder.settle() == ["failure"], "call \(index)")
            #expect(recorder.error?.code == .canceled, "call \(index)")
        }
        // Now let the requests go: the manager must drop whatever the transport reports.
        gate.releaseAll()
        #expect(await waitUntil { gate.finishedCount == 5 })
        for (index, recorder) in recorders.enumerated() {
            #expect(await recorder.settle() == ["failure"], "call \(index) after release")
        }
        await expectDrained(manager)
    }

    @Test("the async form in an already-cancelled Task throws canceled and leaves no live call")
    func asyncCallInCancelledTask() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await manager.post("/echo", Protohttp_Rpctest_PingRequest(), as: Protohttp_Rpctest_PingResponse.self)
        }
        let result = await task.result
        #expect(protoError(result)?.code == .canceled, "\(result)")
        await expectDrained(manager)
    }

    @Test("the async form cancelled while its request waits before the transport throws canceled")
    func asyncCallCancelledBeforeSubmission() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let gate = ParkingGate()
        let manager = try manager(server, interceptors: [gate.interceptor])
        let task = Task {
            try await manager.post("/echo", Protohttp_Rpctest_PingRequest(), as: Protohttp_Rpctest_PingResponse.self)
        }
        #expect(await waitUntil { gate.parkedCount == 1 })
        task.cancel()
        let result = await task.result
        #expect(protoError(result)?.code == .canceled, "\(result)")
        #expect(manager.liveCallCount == 0)
        gate.releaseAll()
        #expect(await waitUntil { gate.finishedCount == 1 })
        await expectDrained(manager)
    }
}
