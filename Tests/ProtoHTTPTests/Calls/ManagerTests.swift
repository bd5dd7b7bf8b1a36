// ManagerTests.swift: the manager against the plain Python server: merging, negotiation, callbacks, cancel, timeout, logging, interceptors.
import Dispatch
import Foundation
import Logging
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPTestSupport
import HTTPTypes
import ProtoHTTPCore

/// Records one manager call's callbacks, in order.
final class ManagerRecorder: Sendable {
    let events = Mutex<[String]>([])
    let errors = Mutex<[ProtoHTTPError]>([])
    let replies = Mutex<[(Protohttp_Rpctest_PingResponse, ResponseMetadata)]>([])

    func post(_ manager: ProtoHTTPManager, _ path: String, text: String = "hi", encoding: BodyEncoding? = nil, options: CallOptions = CallOptions()) -> CallHandle {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = text
        request.number = 41
        var options = options
        if let encoding { options.encoding = encoding }
        return manager.post(path, request, as: Protohttp_Rpctest_PingResponse.self, options: options,
                            completion: { self.events.withLock { $0.append("completion") } },
                            success: { reply, metadata in
                                self.events.withLock { $0.append("success") }
                                self.replies.withLock { $0.append((reply, metadata)) }
                            },
                            failure: { error in
                                self.events.withLock { $0.append("failure") }
                                self.errors.withLock { $0.append(error) }
                            })
    }

    /// Waits for a terminal event, then a little longer for strays.
    func settle() async -> [String] {
        await waitUntil { self.events.withLock { $0.contains { $0.hasPrefix("success") || $0.hasPrefix("failure") } } }
        // A grace window for a second outcome that must not come: it can only miss a bug,
        // never fail a correct run.
        try? await Task.sleep(for: .milliseconds(100))
        return events.withLock { $0 }
    }
    var error: ProtoHTTPError? { errors.withLock { $0.first } }
}

/// Collects log messages.
final class CapturedLogs: Sendable {
    let lines = Mutex<[String]>([])
}

struct CapturingLogHandler: LogHandler {
    let sink: CapturedLogs
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { sink.lines.withLock { $0.append(event.message.description) } }
}

@Suite("Manager against the plain server", .serialized)
struct ManagerTests {
    private func manager(_ server: TestServer, _ adjust: (inout ManagerConfiguration) -> Void = { _ in }) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        adjust(&configuration)
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    @Test("binary and JSON bodies round-trip through /echo; completion precedes success, once")
    func echoNegotiation() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        for (encoding, type) in [(BodyEncoding.binary, "application/x-protobuf"), (.json, "application/json")] {
            let recorder = ManagerRecorder()
            _ = recorder.post(manager, "/echo", encoding: encoding)
            #expect(await recorder.settle() == ["completion", "success"])
            let (reply, metadata) = try #require(recorder.replies.withLock { $0.first })
            #expect(reply.text == "hi" && reply.number == 41)
            #expect(metadata.status == 200)
            #expect(metadata.contentType == type)
        }
        let octet = try ProtoHTTPManager(configuration: { var c = ManagerConfiguration(baseURL: server.url("")); c.wireProtocol = .plain(binaryContentType: "application/octet-stream"); return c }(), transport: manager.transport)
        let reply = try await octet.post("/echo", Protohttp_Rpctest_PingRequest(), as: Protohttp_Rpctest_PingResponse.self)
        #expect(reply == Protohttp_Rpctest_PingResponse())
        #expect(manager.liveCallCount == 0)
        await expectNoLeaks(manager.transport)
    }

    @Test("general headers and parameters merge into every call; the call's headers win")
    func merging() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server) {
            $0.headers = HTTPFields([HTTPField(name: .named("X-Test-General"), value: "g"), HTTPField(name: .named("X-Test-Over"), value: "general")])
            $0.parameters = ["api": "1"]
        }
        var options = CallOptions(headers: [.named("X-Test-Over"): "call"])
        options.parameters = ["q": "a b"]
        let (_, metadata) = try await manager.post("/echo", input: [1, 2, 3], requestSerializer: .raw, responseSerializer: .raw, options: options)
        #expect(metadata.headers.firstValue(.named("X-Echo-Header-General")) == "g")
        #expect(metadata.headers.firstValue(.named("X-Echo-Header-Over")) == "call")
        let recorder = Mutex<[String]>([])
        let capture = ClosureInterceptor { request, _, next, completion in
            recorder.withLock { $0.append(request.url) }
            next(request, completion)
        }
        let intercepted = try ProtoHTTPManager(configuration: { var c = manager.configuration; c.interceptors = [capture]; return c }(), transport: manager.transport)
        _ = try await intercepted.post("/echo", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        #expect(recorder.withLock { $0 } == [server.url("/echo?api=1&q=a%20b")])
        await expectNoLeaks(manager.transport)
    }

    @Test("status, content-type and decoding failures give the right error, once")
    func failures() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        for (path, code) in [("/status/404?body=1", ProtoHTTPError.Code.unimplemented), ("/status/503", .unavailable),
                             ("/status/500", .unknown), ("/headers", .internal)] {
            let recorder = ManagerRecorder()
            _ = recorder.post(manager, path)
            #expect(await recorder.settle() == ["completion", "failure"], "\(path)")
            #expect(recorder.error?.code == code, "\(path): \(String(describing: recorder.error))")
        }
        let refused = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:1"), transport: manager.transport)
        let recorder = ManagerRecorder()
        _ = recorder.post(refused, "/x")
        #expect(await recorder.settle().filter { $0 != "completion" } == ["failure"])
        #expect(recorder.error?.code == .unavailable)
        await expectNoLeaks(manager.transport)
    }

    @Test("timeout and cancellation by handle, id, tag, category and all: one failure each")
    func cancellation() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try manager(server)
        let slow = ManagerRecorder()
        _ = slow.post(manager, "/slow?ms=3000", options: CallOptions(timeout: .milliseconds(300)))
        #expect(await slow.settle() == ["completion", "failure"])
        #expect(slow.error?.code == .deadlineExceeded)

        let recorders = (0..<5).map { _ in ManagerRecorder() }
        let handles = [
            recorders[0].post(manager, "/slow?ms=3000"),
            recorders[1].post(manager, "/slow?ms=3000"),
            recorders[2].post(manager, "/slow?ms=3000", options: CallOptions(tag: 7)),
            recorders[3].post(manager, "/slow?ms=3000", options: CallOptions(category: "feed")),
            recorders[4].post(manager, "/slow?ms=3000"),
        ]
        #expect(handles[1].id > handles[0].id && Set(handles.map(\.id)).count == 5)
        #expect(await waitUntil { manager.liveCallCount == 5 })
        handles[0].cancel()
        manager.cancel(id: handles[1].id)
        manager.cancelAll(tag: 7)
        manager.cancelAll(category: "feed")
        manager.cancelAll()
        for recorder in recorders {
            #expect(await recorder.settle().filter { $0 == "success" || $0 == "failure" } == ["failure"])
            #expect(recorder.error?.code == .canceled)
        }
        let task = Task { try await manager.post("/slow?ms=3000", Protohttp_Rpctest_PingRequest(), as: Protohttp_Rpctest_PingResponse.self) }
        #expect(await waitUntil { manager.liveCallCount == 1 }, "the call is running")
        task.cancel()
        #expect(protoError(await task.result)?.code == .canceled)
        #expect(await waitUntil { manager.liveCallCount == 0 })
        await expectNoLeaks(manager.transport)
    }

    @Test("logs redact Authorization and cookies")
    func logging() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let logs = CapturedLogs()
        let manager = try manager(server) {
            $0.logger = Logger(label: "test") { _ in CapturingLogHandler(sink: logs) }
            $0.logger.logLevel = .debug
            $0.headers = HTTPFields([HTTPField(name: .authorization, value: "Bearer secret-token"), HTTPField(name: .named("COOKIE"), value: "session=secret")])
        }
        _ = try await manager.post("/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
        let text = logs.lines.withLock { $0.joined(separator: "\n") }
        #expect(text.contains("POST \(server.url("/echo"))"))
        #expect(text.contains("HTTP 200"))
        #expect(text.contains("Authorization: <redacted>"))
        #expect(text.contains("COOKIE: <redacted>"), "names compare in any letter case")
        #expect(!text.contains("secret"))
        await expectNoLeaks(manager.transport)
    }

    @Test("the manager's userInfo reaches every call's interceptors under the call's own context, which wins (XMNetworking's generalUserInfo)")
    func userInfoMergesUnderContext() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let seen = Mutex<[[String: String]]>([])
        let manager = try manager(server) {
            $0.userInfo = ["app": "notes", "screen": "list"]
            $0.interceptors = [ClosureInterceptor { request, info, next, completion in
                seen.withLock { $0.append(info.context.compactMapValues { $0 as? String }) }
                next(request, completion)
            }]
        }
        _ = try await manager.post("/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
        _ = try await manager.post("/echo", input: [], requestSerializer: .raw, responseSerializer: .raw,
                                   options: CallOptions(context: ["screen": "detail", "id": "n1"]))
        #expect(seen.withLock { $0 } == [["app": "notes", "screen": "list"], ["app": "notes", "screen": "detail", "id": "n1"]])
        await expectNoLeaks(manager.transport)
    }

    @Test("callbacks run on the manager's own serial queue when none is given (README), on the given queue otherwise")
    func callbackQueues() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let key = DispatchSpecificKey<String>()
        let own = try manager(server)
        own.callbackQueue.setSpecific(key: key, value: "own")
        #expect(own.callbackQueue.label == "ProtoHTTP.manager.callbacks")
        let given = DispatchQueue(label: "test.callbacks")
        given.setSpecific(key: key, value: "given")
        let other = try manager(server) { $0.callbackQueue = given }
        #expect(other.callbackQueue === given)
        for (manager, expected) in [(own, "own"), (other, "given")] {
            let seen = Mutex<[String]>([])
            let record: @Sendable (String) -> Void = { event in
                let queue = DispatchQueue.getSpecific(key: key) ?? "elsewhere"
                seen.withLock { $0.append("\(event) on \(queue)\(Thread.isMainThread ? " (main thread)" : "")") }
            }
            var request = Protohttp_Rpctest_PingRequest()
            request.text = "queue"
            _ = manager.post("/echo", request, as: Protohttp_Rpctest_PingResponse.self,
                             completion: { record("completion") }, success: { _, _ in record("success") }, failure: { _ in record("failure") })
            _ = manager.post("/status/503", request, as: Protohttp_Rpctest_PingResponse.self,
                             success: { _, _ in record("success") }, failure: { _ in record("failure") })
            #expect(await waitUntil { seen.withLock { $0.count } == 3 })
            let events = seen.withLock { $0 }
            #expect(Set(events) == ["completion on \(expected)", "success on \(expected)", "failure on \(expected)"], "\(events)")
        }
        await expectNoLeaks(own.transport)
        await expectNoLeaks(other.transport)
    }
}
