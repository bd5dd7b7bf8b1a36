// StreamingClientTests.swift: our streaming client against our server: every kind over Connect, gRPC and gRPC-Web; errors, cancel, deadline.
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Testing

extension ServerTests {
    @Suite("Streams: our client against our server")
    struct StreamingClientTests {
        static func int32(_ value: Int32) -> Google_Protobuf_Int32Value {
            var message = Google_Protobuf_Int32Value()
            message.value = value
            return message
        }

        static let protocols: [String] = ["connect", "connect-json", "grpc", "grpcweb"]

        static func wireProtocol(_ name: String) -> (any WireProtocol, BodyEncoding) {
            switch name {
            case "grpc": (GRPCProtocol(), .binary)
            case "grpcweb": (GRPCWebProtocol(), .binary)
            case "connect-json": (ConnectProtocol(), .json)
            default: (ConnectProtocol(), .binary)
            }
        }

        static func withStreams<T>(_ name: String, _ body: (ProtoHTTPManager, StreamingService) async throws -> T) async throws -> T {
            let streams = StreamingService()
            return try await withServer(extraServices: [streams.definition]) { server in
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                let (wireProtocol, encoding) = wireProtocol(name)
                configuration.wireProtocol = wireProtocol
                configuration.encoding = encoding
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
                return try await body(manager, streams)
            }
        }

        @Test("a server stream: every message in order, then the end; its trailers", arguments: protocols)
        func serverStream(_ name: String) async throws {
            try await Self.withStreams(name) { manager, streams in
                var values: [String] = []
                let stream = manager.serverStream(StreamsMetadata.Count.self, Self.int32(500))
                for try await message in stream { values.append(message.value) }
                #expect(values == (1...500).map(String.init))
                #expect(stream.metadata?.status == 200)
                if name == "grpc" { #expect(stream.metadata?.trailers[.grpcStatus] == "0") }
                #expect(await waitUntil { streams.events.contains("count done 500") })
            }
        }

        @Test("a server stream that fails after two messages: both messages, then the error with its code, message and details", arguments: protocols)
        func serverStreamError(_ name: String) async throws {
            try await Self.withStreams(name) { manager, _ in
                var values: [String] = []
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await message in manager.serverStream(StreamsMetadata.CountThenFail.self, Self.int32(2)) { values.append(message.value) }
                }
                #expect(values == ["1", "2"])
                let error = try #require(failure.error)
                #expect(error.code == .notFound && error.message == "gone after 2", "\(error)")
                #expect(error.details.first?.unpack(Google_Protobuf_Int32Value.self)?.value == 2, "\(error)")
            }
        }

        @Test("a client stream: 200 messages sent, one answer", arguments: protocols.filter { $0 != "grpcweb" })
        func clientStream(_ name: String) async throws {
            try await Self.withStreams(name) { manager, _ in
                let sum = manager.clientStream(StreamsMetadata.Sum.self)
                for value in Int32(1)...200 { try await sum.send(Self.int32(value)) }
                #expect(try await sum.finish().value == "sum=20100 count=200")
            }
        }

        /// Each call's messages arrive faster than the handler takes them, so the server holds a
        /// read back for it when the request ends; that read must go on for the next request
        /// on the keep-alive connection (it was lost once, and the second call hung until the
        /// server's idle timeout reset the connection).
        @Test("client streams one after another on one keep-alive connection: each answered", arguments: protocols.filter { $0 != "grpcweb" })
        func clientStreamsInARow(_ name: String) async throws {
            try await Self.withStreams(name) { manager, streams in
                for round in 1...3 {
                    let sum = manager.clientStream(StreamsMetadata.Sum.self)
                    for value in Int32(1)...100 { try await sum.send(Self.int32(value)) }
                    let answer = try await sum.finishWithMetadata()
                    #expect(answer.output.value == "sum=5050 count=100", "round \(round)")
                    if round > 1, name != "grpc" { #expect(answer.metadata.metrics?.reusedConnection == true, "round \(round)") }
                }
                #expect(streams.events == Array(repeating: "sum saw 100", count: 3))
            }
        }

        @Test("bidirectional over HTTP/2: each answer comes before the next request is sent; a failing message ends the call", arguments: ["grpc"])
        func bidirectional(_ name: String) async throws {
            try await Self.withStreams(name) { manager, streams in
                let echo = manager.bidirectionalStream(StreamsMetadata.Echo.self)
                var replies = echo.responses.makeAsyncIterator()
                for word in ["one", "two", "three"] {
                    try await echo.send(Google_Protobuf_StringValue(word))
                    #expect(try await replies.next()?.value == word.uppercased())
                }
                echo.finishSending()
                #expect(try await replies.next() == nil)
                #expect(await waitUntil { streams.events.contains("echo done 3") })

                let failing = manager.bidirectionalStream(StreamsMetadata.Echo.self)
                try await failing.send(Google_Protobuf_StringValue("ok"))
                try await failing.send(Google_Protobuf_StringValue("fail"))
                failing.finishSending()
                var heard: [String] = []
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await reply in failing.responses { heard.append(reply.value) }
                }
                #expect(heard == ["OK"])
                #expect(failure.error?.code == .aborted && failure.error?.message == "asked to fail after 1", "\(String(describing: failure.error))")
            }
        }

        @Test("cancel mid-stream: the loop ends with canceled and the server's handler stops", arguments: ["connect", "grpc"])
        func cancel(_ name: String) async throws {
            try await Self.withStreams(name) { manager, streams in
                let stream = manager.serverStream(StreamsMetadata.Forever.self, Self.int32(64))
                var count = 0
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await _ in stream {
                        count += 1
                        if count == 10 { stream.cancel() }
                    }
                }
                #expect(count >= 10)
                #expect(failure.error?.code == .canceled, "\(String(describing: failure.error))")
                #expect(await waitUntil { streams.events.contains { $0.hasPrefix("forever ended") } }, "\(streams.events)")
            }
        }

        // A stream nobody holds can be neither read nor cancelled: without the stop on release the
        // handler went on writing into it until the server's shutdown grace cut it, 10 s later.
        @Test("a stream dropped unread stops its transfer: the server's handler sees the cancel", arguments: ["connect", "grpc"])
        func droppedStreamStops(_ name: String) async throws {
            try await Self.withStreams(name) { manager, streams in
                do {
                    let stream = manager.serverStream(StreamsMetadata.Forever.self, Self.int32(64))
                    for try await _ in stream { break }
                }
                #expect(await waitUntil { streams.events.contains { $0.hasPrefix("forever ended") } },
                        "the handler still writes into the dropped stream: \(streams.events)")
            }
        }

        // A failed stream's transfer is stopped as it fails, which on libcurl before 8.0 closes its
        // h2c connection (CurlTransfer.closeConnectionWhenAborted); a gRPC stream started at that
        // moment used to reuse the closing connection, go out over HTTP/1.1 and fail with an
        // `internal` "not whole gRPC messages" (the server's HTTP/1.1 refusal read as frames).
        @Test("a stream started right after another failed or was cancelled goes out and is answered", arguments: ["connect", "grpc"])
        func streamAfterAFailedOne(_ name: String) async throws {
            try await Self.withStreams(name) { manager, _ in
                for round in 1...20 {
                    let failing = manager.serverStream(StreamsMetadata.CountThenFail.self, Self.int32(1))
                    let failure = await Result { () async throws(ProtoHTTPError) in for try await _ in failing {} }
                    #expect(failure.error?.code == .notFound, "round \(round): \(String(describing: failure.error))")
                    let cancelled = manager.serverStream(StreamsMetadata.Forever.self, Self.int32(8))
                    for try await _ in cancelled { break }
                    cancelled.cancel()
                    var values: [String] = []
                    for try await message in manager.serverStream(StreamsMetadata.Count.self, Self.int32(2)) { values.append(message.value) }
                    #expect(values == ["1", "2"], "round \(round)")
                }
            }
        }

        @Test("the call's timeout bounds the whole stream: deadline_exceeded, sent to the server too", arguments: ["connect", "grpc"])
        func deadline(_ name: String) async throws {
            try await Self.withStreams(name) { manager, streams in
                var options = CallOptions()
                options.timeout = .milliseconds(300)
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await _ in manager.serverStream(StreamsMetadata.Forever.self, Self.int32(64), options: options) {}
                }
                #expect(failure.error?.code == .deadlineExceeded, "\(String(describing: failure.error))")
                #expect(await waitUntil { streams.events.contains { $0.hasPrefix("forever ended") } }, "\(streams.events)")
            }
        }

        @Test("health Watch: the state now, then each change; an unknown service is SERVICE_UNKNOWN and stays open", arguments: ["grpc", "connect"])
        func healthWatch(_ name: String) async throws {
            let health = HealthService(serving: ["notes.Notes"])
            try await withServer(extraServices: [health]) { server in
                let (wireProtocol, _) = Self.wireProtocol(name)
                let manager = try server.manager(wireProtocol)
                var request = Grpc_Health_V1_HealthCheckRequest()
                request.service = "notes.Notes"
                let watch = manager.serverStream(Grpc_Health_V1_HealthMetadata.Watch.self, request)
                var states = watch.makeAsyncIterator()
                #expect(try await states.next()?.status == .serving)
                health.setStatus(.notServing, for: "notes.Notes")
                #expect(try await states.next()?.status == .notServing)
                health.setStatus(.notServing, for: "notes.Notes")  // no change: nothing sent
                health.setStatus(.serving, for: "notes.Notes")
                #expect(try await states.next()?.status == .serving)
                watch.cancel()

                request.service = "nope"
                let unknown = manager.serverStream(Grpc_Health_V1_HealthMetadata.Watch.self, request)
                var first = unknown.makeAsyncIterator()
                #expect(try await first.next()?.status == .serviceUnknown)
                health.setStatus(.serving, for: "nope")
                #expect(try await first.next()?.status == .serving)
                unknown.cancel()
            }
        }

        @Test("a slow reader holds the server back: while the client reads nothing, the server's sends wait", arguments: ["connect", "grpc"])
        func backPressure(_ name: String) async throws {
            try await Self.withStreams(name) { manager, streams in
                let stream = manager.serverStream(StreamsMetadata.Forever.self, Self.int32(16 << 10))
                var iterator = stream.makeAsyncIterator()
                _ = try await iterator.next()
                // 16 KiB messages: without back-pressure the handler would have sent thousands
                // (hundreds of MiB) by the time a few hundred more were read.
                for _ in 0..<200 { _ = try await iterator.next() }
                let sent = streams.foreverSent
                #expect(sent < 201 + 2_000, "the server sent \(sent) messages of 16 KiB while the client read 201")
                stream.cancel()
            }
        }
    }
}
