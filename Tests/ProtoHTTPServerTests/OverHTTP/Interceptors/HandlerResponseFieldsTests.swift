// HandlerResponseFieldsTests.swift: response headers and trailers set by handlers reach clients in each protocol's way, with answers and errors.
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoWire
import Testing

@Suite("Response headers and trailers from handlers")
struct HandlerResponseFieldsTests {
    static let servedBy = HTTPField.Name("x-served-by")!
    static let count = HTTPField.Name("x-count")!

    /// `test.Fields/Tag` sets a header and a trailer (and a Content-Type the server owns);
    /// `Fail` sets them and throws `not_found`; `Count` streams `n` messages with a header
    /// set before the first and a trailer after the last.
    static var service: ServiceDefinition {
        ServiceDefinition(name: "test.Fields", methods: [
            .unary("/test.Fields/Tag", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, context in
                context.responseHeaders[servedBy] = "node-1"
                context.responseHeaders[.contentType] = "text/evil"
                context.responseTrailers[.grpcStatus] = "13"   // the server's own: a gRPC call stays OK
                context.responseTrailers[count] = "3"
                return request
            },
            .unary("/test.Fields/Fail", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { _, context in
                context.responseHeaders[servedBy] = "node-1"
                context.responseTrailers[count] = "0"
                throw ProtoHTTPError(code: .notFound, message: "no such tag")
            },
            .serverStreaming("/test.Fields/Count", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, writer, context in
                context.responseHeaders[servedBy] = "node-2"
                for value in 1...max(1, request.value) { try await writer.send(Google_Protobuf_StringValue("\(value)")) }
                context.responseTrailers[count] = "\(request.value)"
            },
        ])
    }

    enum Count: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Count", path = "/test.Fields/Count"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    @Test("a unary answer carries the handler's header and trailer; the reserved Content-Type and grpc-status stay the server's",
          arguments: ["connect", "connect-json", "grpc", "grpcweb", "twirp"])
    func unary(_ name: String) async throws {
        try await withServer(extraServices: [Self.service]) { server in
            var configuration = ManagerConfiguration(baseURL: server.baseURL)
            configuration.wireProtocol = ServerInterceptorTests.wire(name)
            configuration.encoding = name == "connect-json" ? .json : .binary
            let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
            let response = try await manager.postForResponse("/test.Fields/Tag", Google_Protobuf_StringValue("t"), as: Google_Protobuf_StringValue.self)
            #expect(response.output.value == "t")
            #expect(response.metadata.headers[Self.servedBy] == "node-1")
            #expect(response.metadata.headers[values: .contentType].count == 1)
            #expect(response.metadata.headers[.contentType]?.hasPrefix("text/evil") == false)
            #expect(response.metadata.trailers[values: .grpcStatus].allSatisfy { $0 == "0" }, "\(response.metadata.trailers)")
            if name == "twirp" {
                // Twirp has no trailers: they travel as Connect unary's trailer- headers.
                #expect(response.metadata.headers[HTTPField.Name("trailer-x-count")!] == "3")
            } else {
                #expect(response.metadata.trailers[Self.count] == "3", "\(response.metadata)")
                #expect(response.metadata.headers[HTTPField.Name("trailer-x-count")!] == nil, "the client moved it to the trailers")
            }
        }
    }

    @Test("an error answer carries them too: Connect's as headers beside the error body, gRPC's beside grpc-status", arguments: ["connect", "grpc"])
    func error(_ name: String) async throws {
        try await withServer({ $0.http2 = true }, extraServices: [Self.service]) { server in
            let grpc = name == "grpc"
            let body: [UInt8] = grpc ? GRPCFrame(payload: Google_Protobuf_StringValue("t").serializedBytes()).bytes : Array("\"t\"".utf8)
            let answer = try await Task.detached {
                try CurlExchange.post("\(server.baseURL)/test.Fields/Fail", contentType: grpc ? "application/grpc" : "application/json",
                                      body: body, http2: grpc, headers: grpc ? ["te: trailers"] : [])
            }.value
            let head = answer.head.lowercased()
            #expect(head.contains("x-served-by: node-1"), "\(answer.head)")
            if grpc {
                #expect(answer.trailers.lowercased().contains("grpc-status: 5"), "\(answer.head)")
                #expect(answer.trailers.lowercased().contains("x-count: 0"), "\(answer.head)")
            } else {
                #expect(head.hasPrefix("http/1.1 404"), "\(answer.head)")
                #expect(head.contains("trailer-x-count: 0"), "\(answer.head)")
                #expect(String(decoding: answer.body, as: UTF8.self).contains("no such tag"))
            }
        }
    }

    @Test("a stream's header goes out with its head and its trailer with its end, in each protocol's place", arguments: ["connect", "grpc", "grpcweb"])
    func stream(_ name: String) async throws {
        try await withServer(extraServices: [Self.service]) { server in
            let manager = try server.manager(ServerInterceptorTests.wire(name))
            let stream = manager.serverStream(Count.self, Google_Protobuf_Int32Value(4))
            var values: [String] = []
            for try await message in stream { values.append(message.value) }
            #expect(values == ["1", "2", "3", "4"])
            #expect(stream.metadata?.headers[Self.servedBy] == "node-2")
            #expect(stream.metadata?.trailers[Self.count] == "4", "\(String(describing: stream.metadata))")
        }
    }

    @Test("a context's copies share its response headers and trailers, in the order they were set")
    func sharedAndFiltered() {
        let context = ServerContext(method: "/test.Fields/Tag")
        var copy = context
        copy.logger[metadataKey: "copy"] = "yes"
        copy.responseHeaders.append(HTTPField(name: Self.servedBy, value: "a"))
        context.responseHeaders.append(HTTPField(name: Self.servedBy, value: "b"))
        context.responseTrailers[.grpcStatus] = "0"
        #expect(context.responseHeaders[values: Self.servedBy] == ["a", "b"])
        #expect(copy.responseTrailers[.grpcStatus] == "0")
    }

    @Test("Connect unary trailers as headers and back: the prefix added, and stripped case-insensitively")
    func trailerHeaders() {
        let headers = ConnectHeaders.trailerHeaders([Self.count: "3"])
        #expect(headers[HTTPField.Name("Trailer-X-Count")!] == "3")
        let split = ConnectHeaders.splitTrailers([.contentType: "application/proto", HTTPField.Name("Trailer-X-Count")!: "3", HTTPField.Name("trailer-")!: "odd"])
        #expect(split.trailers == [Self.count: "3"])
        #expect(split.headers[.contentType] == "application/proto")
        #expect(split.headers[HTTPField.Name("trailer-")!] == "odd", "a bare prefix names no trailer")
    }
}
