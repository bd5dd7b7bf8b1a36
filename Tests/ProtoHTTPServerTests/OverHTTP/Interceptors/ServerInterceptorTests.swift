// ServerInterceptorTests.swift: server and service interceptors around real calls: order, refusal, task-local values, replaced requests, streams.
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoWire
import Synchronization
import Testing

@Suite("Server interceptors")
struct ServerInterceptorTests {
    /// The user an interceptor signed in, for the handler to read.
    enum Principal {
        @TaskLocal static var current: String?
    }

    /// Refuses calls without `Authorization: Bearer <token>` and binds the caller as ``Principal``.
    struct RequireToken: ServerInterceptor {
        let token: String
        func intercept<Output: Sendable>(
            _ call: ServerCall, next: @Sendable (ServerCall) async throws -> Output
        ) async throws -> Output {
            guard call.context.header(.authorization) == "Bearer \(token)" else {
                throw ProtoHTTPError(code: .unauthenticated, message: "send Authorization: Bearer <token>")
            }
            return try await Principal.$current.withValue("ada") { try await next(call) }
        }
    }

    /// Writes `name>` before and `<name` after the call into `log`, with what it saw.
    struct Recorder: ServerInterceptor {
        let name: String
        let log: Log
        func intercept<Output: Sendable>(
            _ call: ServerCall, next: @Sendable (ServerCall) async throws -> Output
        ) async throws -> Output {
            let request = (call.request as? Google_Protobuf_StringValue)?.value ?? (call.request as? Google_Protobuf_Int32Value).map { "\($0.value)" }
            log.add("\(name)> \(call.kind) \(request ?? "-")")
            call.context.responseHeaders.append(HTTPField(name: HTTPField.Name("x-seen-by")!, value: name))
            do {
                let output = try await next(call)
                log.add("<\(name) \((output as? Google_Protobuf_StringValue)?.value ?? "\(Output.self)")")
                return output
            } catch {
                log.add("<\(name) threw")
                throw error
            }
        }
    }

    /// Replaces the request message: uppercased, or (``wrongType``) an Int32Value.
    struct Rewrite: ServerInterceptor {
        var wrongType = false
        func intercept<Output: Sendable>(
            _ call: ServerCall, next: @Sendable (ServerCall) async throws -> Output
        ) async throws -> Output {
            var call = call
            if wrongType {
                call.request = Google_Protobuf_Int32Value(7)
            } else if let text = call.request as? Google_Protobuf_StringValue {
                call.request = Google_Protobuf_StringValue(text.value.uppercased())
            }
            return try await next(call)
        }
    }

    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// `test.Guarded/Whoami` answers `<principal> <request>`; every run is counted.
    static func guarded(_ runs: Log) -> ServiceDefinition {
        ServiceDefinition(name: "test.Guarded", methods: [
            .unary("/test.Guarded/Whoami", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in
                runs.add("ran")
                return Google_Protobuf_StringValue("\(Principal.current ?? "nobody") \(request.value)")
            },
            .serverStreaming("/test.Guarded/Count", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, writer, _ in
                for value in 1...max(1, request.value) { try await writer.send(Google_Protobuf_StringValue("\(value)")) }
            },
            .bidirectionalStreaming("/test.Guarded/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { requests, writer, _ in
                for try await request in requests { try await writer.send(request) }
            },
        ])
    }

    enum Count: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Count", path = "/test.Guarded/Count"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum Echo: RPCMethod {
        typealias Input = Google_Protobuf_StringValue
        typealias Output = Google_Protobuf_StringValue
        static let name = "Echo", path = "/test.Guarded/Echo"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = true
    }

    static let protocols = ["connect", "grpc", "grpcweb", "twirp"]

    static func wire(_ name: String) -> any WireProtocol {
        switch name {
        case "grpc": GRPCProtocol()
        case "grpcweb": GRPCWebProtocol()
        case "twirp": TwirpProtocol()
        default: ConnectProtocol()
        }
    }

    static func path(_: String) -> String { "/test.Guarded/Whoami" }

    @Test("server interceptors run outside the service's, in order, around the handler; each sees the request and the response", arguments: protocols)
    func order(_ name: String) async throws {
        let log = Log(), runs = Log()
        let service = Self.guarded(runs).intercepted(by: [Recorder(name: "C", log: log)])
        try await withServer({ $0.interceptors = [Recorder(name: "A", log: log), Recorder(name: "B", log: log)] }, extraServices: [service]) { server in
            let manager = try server.manager(Self.wire(name))
            let response = try await manager.postForResponse(Self.path(name), Google_Protobuf_StringValue("hi"), as: Google_Protobuf_StringValue.self)
            #expect(response.output.value == "nobody hi")
            #expect(log.all == ["A> unary hi", "B> unary hi", "C> unary hi", "<C nobody hi", "<B nobody hi", "<A nobody hi"])
            #expect(response.metadata.headers[values: HTTPField.Name("x-seen-by")!] == ["A", "B", "C"])
        }
    }

    @Test("an interceptor refuses a call without its token: the client gets unauthenticated and the handler never runs", arguments: protocols)
    func refusal(_ name: String) async throws {
        let runs = Log()
        let service = Self.guarded(runs).intercepted(by: [RequireToken(token: "s3cret")])
        try await withServer(extraServices: [service]) { server in
            let manager = try server.manager(Self.wire(name))
            let refused = await Result { () async throws(ProtoHTTPError) in
                try await manager.post(Self.path(name), Google_Protobuf_StringValue("hi"), as: Google_Protobuf_StringValue.self)
            }
            #expect(refused.error?.code == .unauthenticated, "\(String(describing: refused.error))")
            #expect(refused.error?.message == "send Authorization: Bearer <token>")
            #expect(runs.all.isEmpty)
            let allowed = try await manager.post(Self.path(name), Google_Protobuf_StringValue("hi"), as: Google_Protobuf_StringValue.self,
                                                 options: CallOptions(headers: [.authorization: "Bearer s3cret"]))
            #expect(allowed.value == "ada hi", "the handler reads the task-local the interceptor bound")
            #expect(runs.all == ["ran"])
        }
    }

    @Test("an interceptor may replace the request with one of its type; one of another type fails the call with internal")
    func replacedRequest() async throws {
        let runs = Log()
        try await withServer({ $0.interceptors = [Rewrite()] }, extraServices: [Self.guarded(runs)]) { server in
            let reply = try await server.manager(ConnectProtocol()).post(Self.path("connect"), Google_Protobuf_StringValue("hi"), as: Google_Protobuf_StringValue.self)
            #expect(reply.value == "nobody HI")
        }
        try await withServer({ $0.interceptors = [Rewrite(wrongType: true)] }, extraServices: [Self.guarded(runs)]) { server in
            let failed = await Result { () async throws(ProtoHTTPError) in
                try await server.manager(ConnectProtocol()).post(Self.path("connect"), Google_Protobuf_StringValue("hi"), as: Google_Protobuf_StringValue.self)
            }
            #expect(failed.error?.code == .internal)
            #expect(failed.error?.message.contains("passed on Google_Protobuf_Int32Value where the handler takes google.protobuf.StringValue") == true,
                    "\(String(describing: failed.error))")
            #expect(runs.all.count == 1, "only the call with the right type reached the handler")
        }
    }

    @Test("streams are intercepted: a server stream with its request message, a bidirectional one without; a refusal ends the stream", arguments: ["connect", "grpc", "grpcweb"])
    func streams(_ name: String) async throws {
        let log = Log(), runs = Log()
        try await withServer({ $0.interceptors = [Recorder(name: "A", log: log)] }, extraServices: [Self.guarded(runs)]) { server in
            let manager = try server.manager(Self.wire(name))
            var values: [String] = []
            let stream = manager.serverStream(Count.self, Google_Protobuf_Int32Value(3))
            for try await message in stream { values.append(message.value) }
            #expect(values == ["1", "2", "3"])
            #expect(stream.metadata?.headers[values: HTTPField.Name("x-seen-by")!] == ["A"])
            #expect(log.all == ["A> server streaming 3", "<A ()"])
            guard name != "grpcweb" else { return }  // gRPC-Web clients do not stream requests
            let echo = manager.bidirectionalStream(Echo.self)
            try await echo.send(Google_Protobuf_StringValue("x"))
            echo.finishSending()
            var echoed: [String] = []
            for try await message in echo.responses { echoed.append(message.value) }
            #expect(echoed == ["x"])
            #expect(log.all.suffix(2) == ["A> bidirectional streaming -", "<A ()"])
        }
        try await withServer({ $0.interceptors = [RequireToken(token: "s3cret")] }, extraServices: [Self.guarded(runs)]) { server in
            let failure = await Result { () async throws(ProtoHTTPError) in
                for try await _ in try server.manager(Self.wire(name)).serverStream(Count.self, Google_Protobuf_Int32Value(3)) {}
            }
            #expect(failure.error?.code == .unauthenticated, "\(String(describing: failure.error))")
        }
    }
}
