// StreamingClientArticleTests.swift: the "Typed calls" article's streams, run as written against the Serving article's feed.
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

/// What the article's example prints.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

/// The Serving article's `test.Feed` methods, as a generated client would describe them.
enum Feed {
    enum Count: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Count", path = "/test.Feed/Count"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum Echo: RPCMethod {
        typealias Input = Google_Protobuf_StringValue
        typealias Output = Google_Protobuf_StringValue
        static let name = "Echo", path = "/test.Feed/Echo"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = true
    }

    /// A client stream whose first call is refused with `unavailable` (test.Unsteady's Sum).
    enum Import: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Sum", path = "/test.Unsteady/Sum"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = false
    }
}

extension ServerTests {
    @Suite("Docs: the Typed calls article's streams", .serialized)
    struct StreamingClientArticleTests {
        @Test("the article's calls: a server stream, a client stream, a bidirectional one, over gRPC and Connect")
        func streams() async throws {
            let feed = ServiceDefinition(name: "test.Feed", methods: [
                .serverStreaming("/test.Feed/Count", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, response, context in
                    for i in 0..<request.value { try await response.send(Google_Protobuf_StringValue("\(i + 1)")) }
                },
                .bidirectionalStreaming("/test.Feed/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { requests, response, context in
                    for try await line in requests { try await response.send(line) }
                },
            ])
            try await withServer(extraServices: [feed, StreamingService().definition]) { server in
                try await run(server.manager(GRPCProtocol()))
                try await run(server.manager(ConnectProtocol()))
            }
        }

        @Test("the article's retried stream: refused once, sent again with its messages, answered on the second attempt", arguments: ["grpc", "connect"])
        func retriedStream(_ name: String) async throws {
            try await withServer(extraServices: [UnsteadyStreams().definition]) { server in
                let manager = try server.manager(name == "grpc" ? GRPCProtocol() : ConnectProtocol())
                printed.reset()
                var options = CallOptions(timeout: .seconds(30))
                options.retryPolicy = .always(attempts: 3)                                     // repeating this upload is safe
                let batch = manager.clientStream(Feed.Import.self, options: options)
                for value in [Int32(1), 2, 3] { try await batch.send(Google_Protobuf_Int32Value(value)) }
                let imported = try await batch.finishWithMetadata()                            // refused once, sent again
                print(imported.output.value, imported.metadata.attempts)                       // sum=6 count=3 2
                #expect(printed.all == ["sum=6 count=3 2"])
            }
        }

        /// The article's block against `manager`, and what it must print.
        private func run(_ manager: ProtoHTTPManager) async throws {
            printed.reset()
            let feed = manager.serverStream(Feed.Count.self, Google_Protobuf_Int32Value(3))   // each response as it arrives
            for try await line in feed { print(line.value) }

            let upload = manager.clientStream(StreamsMetadata.Sum.self)
            for value in [Int32(1), 2, 3] { try await upload.send(Google_Protobuf_Int32Value(value)) }
            let total = try await upload.finish()                                          // the one response

            let chat = manager.bidirectionalStream(Feed.Echo.self)                         // both ways at once over HTTP/2
            try await chat.send(Google_Protobuf_StringValue("hello"))
            chat.finishSending()
            for try await reply in chat.responses { print(reply.value) }

            #expect(printed.all == ["1", "2", "3", "hello"])
            #expect(total.value == "sum=6 count=3")
            #expect(feed.metadata?.status == 200)
        }
    }
}
