// StreamInterceptorTests.swift: the manager's interceptors around streaming calls: they change the request, see the end with its trailers, may refuse, and cannot start a stream twice.
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("Streams through interceptors")
    struct StreamInterceptorTests {
        /// What the interceptors saw, in order.
        final class Seen: Sendable {
            private let lines = Mutex<[String]>([])
            func add(_ line: String) { lines.withLock { $0.append(line) } }
            var all: [String] { lines.withLock { $0 } }
        }

        static func withStreams<T>(_ name: String, interceptors: [any CallInterceptor],
                                   _ body: (ProtoHTTPManager, StreamingService) async throws -> T) async throws -> T {
            let streams = StreamingService()
            return try await withServer(extraServices: [streams.definition]) { server in
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = name == "grpc" ? GRPCProtocol() : ConnectProtocol()
                configuration.interceptors = interceptors
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
                return try await body(manager, streams)
            }
        }

        @Test("an interceptor adds a header the handler reads, and sees the stream's end (status, trailers) before the loop over its messages ends", arguments: ["connect", "grpc"])
        func headersAndEnd(_ name: String) async throws {
            let seen = Seen()
            let tagging = ClosureInterceptor { request, info, next, completion in
                var request = request
                request.headers[HTTPField.Name("x-stream-tag")!] = "from-interceptor"
                seen.add("start \(info.method?.path ?? "?") server-streaming=\(info.method?.isServerStreaming ?? false)")
                next(request) { result in
                    switch result {
                    case .success(let response):
                        seen.add("end \(response.status) body=\(response.body.count) grpc-status=\(response.trailers[.grpcStatus] ?? "-")")
                    case .failure(let error): seen.add("end \(error.code)")
                    }
                    completion(result)
                }
            }
            try await Self.withStreams(name, interceptors: [tagging]) { manager, _ in
                var values: [String] = []
                let stream = manager.serverStream(StreamsMetadata.Tag.self, Google_Protobuf_Int32Value())
                for try await message in stream {
                    values.append(message.value)
                    seen.add("message \(message.value)")
                }
                seen.add("loop ended")
                #expect(values == ["from-interceptor"])
                // The transfer may end before the reader takes its buffered message, so "end"
                // may come before "message"; the loop ends only once the chain has completed.
                let end = "end 200 body=0 grpc-status=\(name == "grpc" ? "0" : "-")"
                #expect(seen.all.first == "start /test.Streams/Tag server-streaming=true", "\(seen.all)")
                #expect(Set(seen.all) == ["start /test.Streams/Tag server-streaming=true", "message from-interceptor", end, "loop ended"], "\(seen.all)")
                #expect(seen.all.last == "loop ended", "\(seen.all)")
            }
        }

        @Test("an interceptor that completes without next refuses the stream: its error ends it and the server never sees it")
        func refusal() async throws {
            let refusing = ClosureInterceptor { _, _, _, completion in
                completion(.failure(ProtoHTTPError(code: .permissionDenied, message: "no streams for you")))
            }
            try await Self.withStreams("grpc", interceptors: [refusing]) { manager, streams in
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await _ in manager.serverStream(StreamsMetadata.Count.self, Google_Protobuf_Int32Value()) {}
                }
                #expect(failure.error?.code == .permissionDenied && failure.error?.message == "no streams for you", "\(String(describing: failure.error))")
                let echo = manager.bidirectionalStream(StreamsMetadata.Echo.self)
                let sent = await Result { () async throws(ProtoHTTPError) in try await echo.send(Google_Protobuf_StringValue()) }
                #expect(sent.error?.code == .permissionDenied, "a send after the refusal throws it: \(String(describing: sent.error))")
                #expect(streams.events.isEmpty, "\(streams.events)")
            }
        }

        @Test("an interceptor that sends a stream again (a retry) gets failed_precondition, and the stream ends with it after its messages")
        func noSecondStart() async throws {
            let retrying = ClosureInterceptor { request, _, next, completion in
                next(request) { _ in next(request, completion) }
            }
            try await Self.withStreams("grpc", interceptors: [retrying]) { manager, streams in
                var values: [String] = []
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await message in manager.serverStream(StreamsMetadata.Count.self, Self.int32(3)) { values.append(message.value) }
                }
                #expect(values == ["1", "2", "3"])
                #expect(failure.error?.code == .failedPrecondition, "\(String(describing: failure.error))")
                #expect(failure.error?.message.contains("a stream's transfer starts once") == true)
                #expect(streams.events == ["count done 3"], "the server saw one call: \(streams.events)")
            }
        }

        static func int32(_ value: Int32) -> Google_Protobuf_Int32Value {
            var message = Google_Protobuf_Int32Value()
            message.value = value
            return message
        }
    }
}
