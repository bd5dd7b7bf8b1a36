// ObservabilityTests.swift: OpenTelemetry RPC metrics and spans on both sides of real calls, with swift-metrics' test handler and an in-memory tracer.
import HTTPTypes
import InMemoryTracing
import MetricsTestKit
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPObservability
import ProtoHTTPServer
import ProtoWire
import ProtoHTTPTestSupport
import Synchronization
import Testing
import Tracing

@Suite("Metrics and tracing")
struct ObservabilityTests {
    /// The manager `Forward` calls `Peek` through, set once the server's port is known.
    final class Inner: Sendable {
        let manager = Mutex<ProtoHTTPManager?>(nil)
    }

    /// `test.Observed/Echo` answers its request, `Fail` throws `not_found`, `Crash` an error of
    /// its own (`internal`), `Forward` calls `Peek` through the inner manager, `Count` streams.
    static func service(_ inner: Inner = Inner()) -> ServiceDefinition {
        ServiceDefinition(name: "test.Observed", methods: [
            .unary("/test.Observed/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in request },
            .unary("/test.Observed/Fail", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { _, _ in
                throw ProtoHTTPError(code: .notFound, message: "no such thing")
            },
            .unary("/test.Observed/Crash", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { _, _ in
                throw ProtoHTTPError(code: .internal, message: "broken")
            },
            .unary("/test.Observed/Peek", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in request },
            .unary("/test.Observed/Forward", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in
                guard let manager = inner.manager.withLock({ $0 }) else { throw ProtoHTTPError(code: .internal, message: "no inner manager") }
                return try await manager.post("/test.Observed/Peek", request, as: Google_Protobuf_StringValue.self)
            },
            .serverStreaming("/test.Observed/Count", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, writer, _ in
                for value in 1...max(1, request.value) { try await writer.send(Google_Protobuf_StringValue("\(value)")) }
            },
        ])
    }

    enum Count: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Count", path = "/test.Observed/Count"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    static func base(_ system: String, _ method: String) -> [(String, String)] {
        [("rpc.system", system), ("rpc.service", "test.Observed"), ("rpc.method", method)]
    }

    static func manager(_ server: TestServer, _ wire: any WireProtocol, _ observability: RPCObservability) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.baseURL)
        configuration.wireProtocol = wire
        configuration.observability = observability
        return try ProtoHTTPManager(configuration: configuration, transport: server.transport)
    }

    @Test("each side records duration, sizes and calls in flight with the RPC dimensions and the status code", arguments: ["connect", "grpc"])
    func metrics(_ name: String) async throws {
        let (serverMetrics, clientMetrics) = (TestMetrics(), TestMetrics())
        let grpc = name == "grpc"
        let system = grpc ? "grpc" : "connect_rpc"
        try await withServer({ $0.observability = RPCObservability(metrics: true, metricsFactory: serverMetrics) }, extraServices: [Self.service()]) { server in
            let manager = try Self.manager(server, grpc ? GRPCProtocol() : ConnectProtocol(), RPCObservability(metrics: true, metricsFactory: clientMetrics))
            let reply = try await manager.post("/test.Observed/Echo", Google_Protobuf_StringValue("hello"), as: Google_Protobuf_StringValue.self)
            #expect(reply.value == "hello")
            let failed = await Result { () async throws(ProtoHTTPError) in
                try await manager.post("/test.Observed/Fail", Google_Protobuf_StringValue("x"), as: Google_Protobuf_StringValue.self)
            }
            #expect(failed.error?.code == .notFound)

            let ok = Self.base(system, "Echo") + [("rpc.response.status_code", "OK")] + (grpc ? [("rpc.grpc.status_code", "0")] : [])
            let notFound = Self.base(system, "Fail") + [("rpc.response.status_code", "NOT_FOUND")]
                + (grpc ? [("rpc.grpc.status_code", "5")] : [("rpc.connect_rpc.error_code", "not_found")])
            let message = Google_Protobuf_StringValue("hello").serializedBytes().count   // 7 bytes
            for (side, metrics) in [("server", serverMetrics), ("client", clientMetrics)] {
                let duration = try metrics.expectTimer("rpc.\(side).duration", ok)
                #expect(duration.values.count == 1 && duration.values[0] > 0, "\(side)")
                #expect(try metrics.expectTimer("rpc.\(side).duration", notFound).values.count == 1, "\(side)")
                let request = try metrics.expectRecorder("rpc.\(side).request.size", ok).values
                let response = try metrics.expectRecorder("rpc.\(side).response.size", ok).values
                // The message's own bytes, without gRPC's length prefix, on both sides.
                #expect(request == [Double(message)] && response == [Double(message)], "\(side): \(request) \(response)")
                let active = try metrics.expectMeter("rpc.\(side).active_requests", Self.base(system, "Echo"))
                #expect(active.values == [1, 0], "\(side): one call in flight, then none")
            }
        }
    }

    @Test("a call made inside a handler continues the caller's trace: client, server, inner client, inner server spans, each the parent of the next")
    func tracePropagates() async throws {
        let tracer = InMemoryTracer()
        let traced = RPCObservability(tracing: true, tracer: tracer)
        let inner = Inner()
        try await withServer({ $0.observability = traced }, extraServices: [Self.service(inner)]) { server in
            inner.manager.withLock { $0 = try? Self.manager(server, ConnectProtocol(), traced) }
            let outer = try Self.manager(server, GRPCProtocol(), traced)
            let reply = try await outer.post("/test.Observed/Forward", Google_Protobuf_StringValue("deep"), as: Google_Protobuf_StringValue.self)
            #expect(reply.value == "deep")
            let spans = tracer.finishedSpans
            let client = try #require(spans.first { $0.operationName == "test.Observed/Forward" && $0.kind == .client })
            let handler = try #require(spans.first { $0.operationName == "test.Observed/Forward" && $0.kind == .server })
            let innerClient = try #require(spans.first { $0.operationName == "test.Observed/Peek" && $0.kind == .client })
            let innerServer = try #require(spans.first { $0.operationName == "test.Observed/Peek" && $0.kind == .server })
            #expect(client.parentSpanID == nil)
            #expect(handler.parentSpanID == client.spanID, "the server extracted the client's context from the request headers")
            #expect(innerClient.parentSpanID == handler.spanID, "the inner call ran in the handler's ServiceContext")
            #expect(innerServer.parentSpanID == innerClient.spanID)
            #expect(Set([client, handler, innerClient, innerServer].map(\.traceID)).count == 1)
            #expect(handler.attributes["rpc.system"]?.toSpanAttribute() == "grpc".toSpanAttribute())
            #expect(innerServer.attributes["rpc.system"]?.toSpanAttribute() == "connect_rpc".toSpanAttribute())
            #expect(handler.attributes["rpc.grpc.status_code"]?.toSpanAttribute() == "0".toSpanAttribute())
        }
    }

    @Test("a failed call marks the client's span as an error; the server's only for the server's own faults")
    func errorStatus() async throws {
        let tracer = InMemoryTracer()
        let traced = RPCObservability(tracing: true, tracer: tracer)
        try await withServer({ $0.observability = traced }, extraServices: [Self.service()]) { server in
            let manager = try Self.manager(server, ConnectProtocol(), traced)
            for path in ["/test.Observed/Fail", "/test.Observed/Crash"] {
                _ = await Result { () async throws(ProtoHTTPError) in
                    try await manager.post(path, Google_Protobuf_StringValue("x"), as: Google_Protobuf_StringValue.self)
                }
            }
            let spans = tracer.finishedSpans
            func span(_ method: String, _ kind: SpanKind) -> FinishedInMemorySpan? {
                spans.first { $0.operationName == "test.Observed/\(method)" && $0.kind == kind }
            }
            #expect(span("Fail", .client)?.status?.code == .error)
            #expect(span("Fail", .server)?.status == nil, "not_found is the caller's doing")
            #expect(span("Crash", .server)?.status?.code == .error)
            #expect(span("Crash", .server)?.status?.message == "internal: broken")
            #expect(span("Fail", .server)?.attributes["rpc.connect_rpc.error_code"]?.toSpanAttribute() == "not_found".toSpanAttribute())
        }
    }

    @Test("a server stream is one server span and one duration, ended when the stream ends")
    func stream() async throws {
        let (tracer, metrics) = (InMemoryTracer(), TestMetrics())
        try await withServer({ $0.observability = RPCObservability(metrics: true, tracing: true, metricsFactory: metrics, tracer: tracer) },
                             extraServices: [Self.service()]) { server in
            let manager = try server.manager(GRPCProtocol())
            var values: [String] = []
            for try await message in manager.serverStream(Count.self, Google_Protobuf_Int32Value(3)) { values.append(message.value) }
            #expect(values == ["1", "2", "3"])
            let ok = Self.base("grpc", "Count") + [("rpc.response.status_code", "OK"), ("rpc.grpc.status_code", "0")]
            #expect(try metrics.expectTimer("rpc.server.duration", ok).values.count == 1)
            #expect(tracer.finishedSpans.filter { $0.operationName == "test.Observed/Count" && $0.kind == .server }.count == 1)
        }
    }

    @Test("each client stream is one client span and one duration, ended with its outcome: well, failed, cancelled, or dropped unread",
          arguments: ["connect", "grpc"])
    func clientStreams(_ name: String) async throws {
        let (tracer, metrics) = (InMemoryTracer(), TestMetrics())
        let grpc = name == "grpc"
        let system = grpc ? "grpc" : "connect_rpc"
        let streams = StreamingService()
        func base(_ method: String) -> [(String, String)] {
            [("rpc.system", system), ("rpc.service", "test.Streams"), ("rpc.method", method)]
        }
        try await withServer({ $0.observability = RPCObservability(tracing: true, tracer: tracer) }, extraServices: [streams.definition]) { server in
            let manager = try Self.manager(server, grpc ? GRPCProtocol() : ConnectProtocol(),
                                           RPCObservability(metrics: true, tracing: true, metricsFactory: metrics, tracer: tracer))
            var counted: [String] = []
            for try await message in manager.serverStream(StreamsMetadata.Count.self, Google_Protobuf_Int32Value(2)) { counted.append(message.value) }
            #expect(counted == ["1", "2"])
            let upload = manager.clientStream(StreamsMetadata.Sum.self)
            for value: Int32 in [1, 2, 3] { try await upload.send(Google_Protobuf_Int32Value(value)) }
            #expect(try await upload.finish().value == "sum=6 count=3")
            let chat = manager.bidirectionalStream(StreamsMetadata.Echo.self)
            try await chat.send(Google_Protobuf_StringValue("fail"))
            chat.finishSending()
            let failed = await #expect(throws: ProtoHTTPError.self) { for try await _ in chat.responses {} }
            #expect(failed?.code == .aborted)
            let cancelled = manager.serverStream(StreamsMetadata.Forever.self, Google_Protobuf_Int32Value(10))
            for try await _ in cancelled { break }
            cancelled.cancel()
            // Dropped with messages still to come: released, the stream ends as abandoned.
            do {
                let dropped = manager.serverStream(StreamsMetadata.Forever.self, Google_Protobuf_Int32Value(10))
                for try await _ in dropped { break }
            }

            func client(_ method: String) -> [FinishedInMemorySpan] {
                tracer.finishedSpans.filter { $0.operationName == "test.Streams/\(method)" && $0.kind == .client }
            }
            #expect(await waitUntil { client("Forever").count == 2 }, "a cancelled or dropped stream's span never ended")
            for method in ["Count", "Sum"] {
                #expect(client(method).count == 1 && client(method).first?.status == nil, "\(method)")
                let ok = base(method) + [("rpc.response.status_code", "OK")] + (grpc ? [("rpc.grpc.status_code", "0")] : [])
                #expect(try metrics.expectTimer("rpc.client.duration", ok).values.count == 1, "\(method)")
                #expect(try metrics.expectMeter("rpc.client.active_requests", base(method)).values == [1, 0], "\(method)")
            }
            #expect(client("Echo").first?.status?.code == .error)
            #expect(client("Echo").first?.attributes["rpc.response.status_code"]?.toSpanAttribute() == "ABORTED".toSpanAttribute())
            #expect(client("Forever").allSatisfy { $0.attributes["rpc.response.status_code"]?.toSpanAttribute() == "CANCELLED".toSpanAttribute() })
            #expect(try metrics.expectMeter("rpc.client.active_requests", base("Forever")).values == [1, 0, 1, 0])
            // The span's context went out with the stream: the server's span is the client's child.
            func handler(_ method: String) -> FinishedInMemorySpan? {
                tracer.finishedSpans.first { $0.operationName == "test.Streams/\(method)" && $0.kind == .server }
            }
            #expect(await waitUntil { ["Count", "Sum", "Echo"].allSatisfy { handler($0) != nil } }, "a handler's span never ended")
            for method in ["Count", "Sum", "Echo"] {
                let handler = tracer.finishedSpans.first { $0.operationName == "test.Streams/\(method)" && $0.kind == .server }
                #expect(handler?.parentSpanID != nil && handler?.parentSpanID == client(method).first?.spanID, "\(method)")
            }
        }
    }

    @Test("observability off, the default: a factory given records nothing")
    func off() async throws {
        let metrics = TestMetrics()
        try await withServer(extraServices: [Self.service()]) { server in
            let manager = try Self.manager(server, ConnectProtocol(), RPCObservability(metricsFactory: metrics))
            _ = try await manager.post("/test.Observed/Echo", Google_Protobuf_StringValue("x"), as: Google_Protobuf_StringValue.self)
            #expect(metrics.timers.isEmpty && metrics.meters.isEmpty && metrics.recorders.isEmpty)
        }
    }

    @Test("the README's set-up: both sides to the process's MetricsSystem and InstrumentationSystem (not bootstrapped here: no-ops)")
    func readmeSetUp() async throws {
        var server = ServerConfiguration(host: "127.0.0.1", port: 0)
        server.observability = RPCObservability(metrics: true, tracing: true)   // to MetricsSystem and InstrumentationSystem
        server.accessLog = false
        let running = try ProtoHTTPServer(configuration: server, services: [Self.service()])
        try await running.start()
        var client = ManagerConfiguration(baseURL: "http://127.0.0.1:\(running.port ?? 0)")
        client.observability = RPCObservability(metrics: true, tracing: true)
        let manager = try ProtoHTTPManager(configuration: client)
        let reply = await Result { () async throws(ProtoHTTPError) in
            try await manager.post("/test.Observed/Echo", Google_Protobuf_StringValue("x"), as: Google_Protobuf_StringValue.self)
        }
        await running.shutdown()
        #expect(try reply.get().value == "x")
    }

    @Test("the attributes of a path: service before the last slash, method after; systems by protocol")
    func attributes() {
        let grpc = RPCCallAttributes(path: "/acme.notes.v1.Notes/GetNote", rpcProtocol: .grpcWeb)
        #expect(grpc.system == "grpc" && grpc.service == "acme.notes.v1.Notes" && grpc.method == "GetNote")
        #expect(grpc.spanName == "acme.notes.v1.Notes/GetNote")
        let plain = RPCCallAttributes(path: "/api/notes/list", rpcProtocol: .plain)
        #expect(plain.system == "http" && plain.service == "api/notes" && plain.method == "list")
        #expect(RPCCallAttributes(path: "/x", rpcProtocol: .twirp).spanName == "x")
        // rpc.response.status_code is gRPC's name of the code, spelling included.
        let status = { (code: ProtoHTTPError.Code?) in grpc.statusDimensions(code).first { $0.0 == "rpc.response.status_code" }?.1 }
        #expect(status(nil) == "OK" && status(.canceled) == "CANCELLED" && status(.deadlineExceeded) == "DEADLINE_EXCEEDED")
        #expect(status(.resourceExhausted) == "RESOURCE_EXHAUSTED" && status(.unauthenticated) == "UNAUTHENTICATED")
    }
}
