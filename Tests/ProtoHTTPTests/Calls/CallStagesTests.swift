// CallStagesTests.swift: the manager's call stages one at a time: prepare (pure), settle (pure), and the handle's delivery.
import Dispatch
import Synchronization
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPTesting

@Suite("Call stages: prepare, settle, handle")
struct CallStagesTests {
    typealias Ping = Protohttp_Rpctest_PingServiceMetadata.Ping


    func manager(_ adjust: (inout ManagerConfiguration) -> Void = { _ in }) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: "http://api.example/v1/")
        configuration.headers = HTTPFields([HTTPField(name: .named("X-App"), value: "a"), HTTPField(name: .named("X-Over"), value: "manager")])
        configuration.parameters = ["app": "1"]
        adjust(&configuration)
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    static func info(_ rpcProtocol: RPCProtocol = .plain, method: MethodDescriptor? = nil) -> CallInfo {
        CallInfo(id: CallHandle.makeID(), path: "/p", context: [:], rpcProtocol: rpcProtocol, method: method)
    }

    func ping(_ text: String = "hi") -> Protohttp_Rpctest_PingRequest { .sample(text) }

    // MARK: prepare

    @Test("prepare: a path call is plain POST under the base URL, headers merged, call's headers and parameters win")
    func preparePathCall() throws {
        let manager = try manager()
        var options = CallOptions(headers: [.named("x-over"): "call"], parameters: ["q": "a b", "app": "2"])
        options.context = ["k": 1]
        let prepared = try manager.prepare(info: CallInfo(id: 9, path: "/echo", context: options.context, rpcProtocol: .plain), target: CallTarget(httpMethod: .post, path: "/echo"), input: ping(),
                                           serializer: manager.messageSerializer(Protohttp_Rpctest_PingRequest.self),
                                           options: options, settings: manager.snapshot(), deadline: nil)
        #expect(prepared.request.method == "POST")
        #expect(prepared.request.url == "http://api.example/v1/echo?app=2&q=a%20b")
        #expect(prepared.request.headers.map { "\($0.name): \($0.value)" } == ["X-App: a", "Content-Type: application/x-protobuf", "x-over: call"])
        #expect(prepared.request.body == ping().serializedBytes())
        #expect(prepared.info.id == 9 && prepared.info.rpcProtocol == .plain && prepared.info.method == nil)
        #expect(prepared.info.context["k"] as? Int == 1)
        #expect(prepared.request.timeout == nil, "the transfer's limit is set at send time, from the deadline")
    }

    @Test("prepare: an RPC method defaults to Connect; the manager's protocol, then the call's, override it")
    func prepareProtocolResolution() throws {
        let target = ProtoHTTPManager.target(Ping.self)
        let deadline = CallDeadline(timeout: .milliseconds(1500), clock: ManualCallClock())
        func prepared(_ manager: ProtoHTTPManager, _ options: CallOptions = CallOptions()) throws -> PreparedCall {
            try manager.prepare(info: Self.info(manager.wireProtocol(for: target, options: options, configuration: manager.configuration).rpcProtocol, method: target.rpc), target: target, input: ping(), serializer: manager.messageSerializer(Protohttp_Rpctest_PingRequest.self),
                                options: options, settings: manager.snapshot(), deadline: deadline)
        }
        let connect = try prepared(try manager())
        #expect(connect.info.rpcProtocol == .connect)
        #expect(connect.info.method == Ping.descriptor)
        #expect(connect.request.url == "http://api.example/v1/protohttp.rpctest.PingService/Ping?app=1")
        #expect(connect.request.headers.firstValue(.connectProtocolVersion) == "1")
        #expect(connect.request.headers.firstValue(.connectTimeout) == "1500")
        #expect(connect.request.headers.firstValue(.contentType) == "application/proto")

        let twirpManager = try manager { $0.wireProtocol = .twirp; $0.encoding = .json }
        let twirp = try prepared(twirpManager)
        #expect(twirp.info.rpcProtocol == .twirp)
        #expect(twirp.request.url == "http://api.example/v1/twirp/protohttp.rpctest.PingService/Ping?app=1")
        #expect(twirp.request.headers.firstValue(.contentType) == "application/json", "the manager's default encoding")
        #expect(twirp.request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"text":"hi"}"#)

        let perCall = try prepared(twirpManager, CallOptions(wireProtocol: .plain, encoding: .binary))
        #expect(perCall.info.rpcProtocol == .plain)
        #expect(perCall.request.headers.firstValue(.contentType) == "application/x-protobuf")
        let clientDefault = CallOptions().defaulting(wireProtocol: .connect)
        #expect(try prepared(twirpManager, clientDefault).info.rpcProtocol == .connect, "a client's protocol beats the manager's")
        #expect(try prepared(twirpManager, CallOptions(wireProtocol: .plain).defaulting(wireProtocol: .connect)).info.rpcProtocol == .plain,
                "the call's beats the client's")
    }

    @Test("prepare: a serializer that throws fails the call before anything is sent")
    func prepareSerializerFailure() throws {
        let manager = try manager()
        let failing = ClosureRequestSerializer { _ throws(ProtoHTTPError) in throw ProtoHTTPError(code: .invalidArgument, message: "bad input") }
        #expect(throws: ProtoHTTPError.self) {
            try manager.prepare(info: Self.info(), target: CallTarget(httpMethod: .post, path: "/x"), input: 1, serializer: failing,
                                options: CallOptions(), settings: manager.snapshot(), deadline: nil)
        }
    }

    @Test("timeouts read as written: manager default, unlimited, a duration")
    func timeouts() throws {
        let manager = try manager { $0.timeout = .seconds(7) }
        #expect(manager.deadline(for: CallOptions(), configuration: manager.configuration)?.timeout == .seconds(7))
        #expect(manager.deadline(for: CallOptions(timeout: .unlimited), configuration: manager.configuration) == nil)
        #expect(manager.deadline(for: CallOptions(timeout: .milliseconds(250)), configuration: manager.configuration)?.timeout == .milliseconds(250))
        #expect(manager.deadline(for: CallOptions(timeout: .seconds(1.5)), configuration: manager.configuration)?.timeout == .milliseconds(1500))
        let none = try self.manager { $0.timeout = nil }
        #expect(none.deadline(for: CallOptions(), configuration: none.configuration) == nil)
        let clock = ManualCallClock()
        let deadline = CallDeadline(timeout: .seconds(2), clock: clock)
        #expect(deadline.remaining() == .seconds(2))
        clock.advance(by: .milliseconds(500))
        #expect(deadline.remaining() == .milliseconds(1500))
        clock.advance(by: .seconds(3))
        #expect(deadline.remaining() == .zero, "never negative")
        #expect(CallDeadline(timeout: .zero, clock: clock).remaining() == .zero)
    }

    // MARK: settle

    func response(_ status: Int, _ contentType: String?, _ body: [UInt8]) -> Result<TransportResponse, ProtoHTTPError> {
        .success(TransportResponse(status: status, headers: contentType.map { [.contentType: $0] } ?? [:], body: body))
    }

    @Test("settle: transport error as is, then protocol error body, then validators, then the serializer")
    func settleOrder() {
        let serializer = MessageResponseSerializer<Protohttp_Rpctest_PingResponse>()
        var reply = Protohttp_Rpctest_PingResponse()
        reply.text = "ok"
        func code(_ result: Result<TransportResponse, ProtoHTTPError>, _ wire: any WireProtocol = ConnectProtocol(),
                  validators: [any ResponseValidator] = [StatusCodeValidator()]) -> String {
            switch CallSettlement.settle(result, wireProtocol: wire, validators: validators, serializer: serializer) {
            case .success(let (output, metadata)): "ok:\(output.text):\(metadata.status)"
            case .failure(let error): error.code.name
            }
        }
        #expect(code(.failure(ProtoHTTPError(code: .unavailable, message: "refused"))) == "unavailable")
        #expect(code(response(404, "application/json", Array(#"{"code":"not_found","message":"no"}"#.utf8))) == "not_found")
        #expect(code(response(503, "text/plain", Array("busy".utf8))) == "unavailable", "no Connect body: the status table")
        #expect(code(response(200, "application/proto", reply.serializedBytes())) == "ok:ok:200")
        #expect(code(response(200, "application/proto", reply.serializedBytes()), validators: [.contentTypes(["application/json"])]) == "internal")
        #expect(code(response(200, "application/proto", [0xFF])) == "data_loss")
        #expect(code(response(200, nil, [])) == "internal", "no Content-Type to choose a decoder")
        #expect(code(response(201, "application/json", Array("{}".utf8)), PlainProtocol()) == "ok::201")
        #expect(code(response(201, "application/json", Array("{}".utf8)), PlainProtocol(), validators: [.statusCodes([200])]) == "unknown")
    }

    // MARK: handle

    @Test("handle: completion precedes success on the callback queue, and a later cancel does nothing")
    func handleOrder() async throws {
        let manager = try manager()
        let events = Mutex<[String]>([])
        let queue = DispatchQueue(label: "test.callbacks")
        let handle = CallHandle(info: Self.info(), registry: manager.registry, sink: CallHandle.Sink(
            queue: queue, completion: { events.withLock { $0.append("completion") } }, failure: { _ in events.withLock { $0.append("failure") } }))
        manager.registry.add(handle, deadline: nil)
        #expect(handle.begin())
        #expect(!handle.begin(), "a call starts once")
        handle.handedOff()
        handle.handedOff()  // a retry's transfer: no second completion
        handle.succeed { events.withLock { $0.append("success") } }
        handle.cancel()
        handle.fail(ProtoHTTPError(code: .internal, message: "late"))
        queue.sync {}
        #expect(events.withLock { $0 } == ["completion", "success"])
        #expect(handle.isFinished && manager.liveCallCount == 0)
    }

    @Test("handle: cancelled before it starts, a call never starts and fails once with canceled")
    func handleCancelledFirst() throws {
        let manager = try manager()
        let failures = Mutex<[ProtoHTTPError.Code]>([])
        let handle = CallHandle(info: Self.info(), registry: manager.registry, sink: CallHandle.Sink(
            queue: nil, completion: nil, failure: { error in failures.withLock { $0.append(error.code) } }))
        manager.registry.add(handle, deadline: nil)
        handle.cancel()
        #expect(!handle.begin())
        handle.handedOff()
        handle.succeed { failures.withLock { $0.append(.unknown) } }
        #expect(failures.withLock { $0 } == [.canceled])
        #expect(manager.liveCallCount == 0)
    }

    @Test("handle: racing terminal events from many threads deliver exactly one outcome")
    func handleRaces() async throws {
        let manager = try manager()
        for round in 0..<200 {
            let outcomes = Mutex(0)
            let handle = CallHandle(info: Self.info(), registry: manager.registry, sink: CallHandle.Sink(
                queue: nil, completion: nil, failure: { _ in outcomes.withLock { $0 += 1 } }))
            manager.registry.add(handle, deadline: nil)
            _ = handle.begin()
            DispatchQueue.concurrentPerform(iterations: 4) { i in
                switch (i + round) % 4 {
                case 0: handle.cancel()
                case 1: handle.succeed { outcomes.withLock { $0 += 1 } }
                case 2: handle.expire(ProtoHTTPError(code: .deadlineExceeded, message: "late"))
                default: handle.fail(ProtoHTTPError(code: .internal, message: "x"))
                }
            }
            #expect(outcomes.withLock { $0 } == 1, "round \(round)")
        }
        #expect(manager.liveCallCount == 0)
    }
}

/// A request serializer from a closure, for tests.
struct ClosureRequestSerializer: RequestSerializer {
    let body: @Sendable (Int) throws(ProtoHTTPError) -> SerializedBody
    init(_ body: @escaping @Sendable (Int) throws(ProtoHTTPError) -> SerializedBody) { self.body = body }
    func serialize(_ input: Int, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody { try body(input) }
}
