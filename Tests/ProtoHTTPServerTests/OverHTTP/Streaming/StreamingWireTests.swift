// StreamingWireTests.swift: the server's streams byte for byte through curl: Connect (HTTP/1.1 and h2c), gRPC, gRPC-Web, and every refusal.
import Foundation
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPGzip
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Testing

extension ServerTests {
    @Suite("Streams on the wire: Connect, gRPC and gRPC-Web through curl")
    struct StreamingWireTests {
        static func int32(_ value: Int32) -> [UInt8] {
            var message = Google_Protobuf_Int32Value()
            message.value = value
            return message.serializedBytes()
        }

        static func string(_ value: String) -> [UInt8] {
            var message = Google_Protobuf_StringValue()
            message.value = value
            return message.serializedBytes()
        }

        static func frame(_ payload: [UInt8], flags: UInt8 = 0) -> [UInt8] { GRPCFrame(flags: flags, payload: payload).bytes }

        /// Every frame of `body`, which must be whole frames.
        static func frames(_ body: [UInt8]) throws -> [GRPCFrame] { try GRPCFrame.parse(body).get() }

        /// gRPC-Web text: padded base64 pieces one after the other; each 4-character group decodes alone.
        static func decodeText(_ text: [UInt8]) -> [UInt8]? {
            guard text.count % 4 == 0 else { return nil }
            var out: [UInt8] = []
            for start in stride(from: 0, to: text.count, by: 4) {
                guard let group = Data(base64Encoded: Data(text[start..<start + 4])) else { return nil }
                out += group
            }
            return out
        }

        /// Runs `body` against a server that also serves `test.Streams`.
        static func withStreams<T>(_ adjust: (inout ServerConfiguration) -> Void = { _ in },
                                   _ body: (TestServer, StreamingService) async throws -> T) async throws -> T {
            let streams = StreamingService()
            return try await withServer(adjust, extraServices: [streams.definition]) { server in try await body(server, streams) }
        }

        @Test("Connect server stream, binary, HTTP/1.1 and h2c: one envelope per message, then the end-stream message, HTTP 200", arguments: [false, true])
        func connectServerStream(http2: Bool) async throws {
            try await Self.withStreams { server, streams in
                let answer = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: "application/connect+proto",
                                          body: Self.frame(Self.int32(3)), http2: http2, headers: ["connect-protocol-version: 1"])
                }
                #expect(answer.head.hasPrefix(http2 ? "HTTP/2 200" : "HTTP/1.1 200 OK"), "\(answer.head)")
                #expect(answer.head.lowercased().contains("content-type: application/connect+proto\r\n"), "\(answer.head)")
                if !http2 { #expect(answer.head.lowercased().contains("transfer-encoding: chunked"), "\(answer.head)") }
                let frames = try Self.frames(answer.body)
                #expect(frames.map(\.flags) == [0, 0, 0, ConnectEndStream.endStreamFlag])
                #expect(frames.prefix(3).map(\.payload) == ["1", "2", "3"].map(Self.string))
                #expect(frames.last.map { String(decoding: $0.payload, as: UTF8.self) } == "{}")
                #expect(await waitUntil { streams.events.contains("count done 3") })
            }
        }

        @Test("Connect server stream in JSON (application/connect+json): JSON messages in the envelopes")
        func connectJSON() async throws {
            try await Self.withStreams { server, _ in
                let answer = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: "application/connect+json", body: Self.frame(Array("2".utf8)))
                }
                #expect(answer.head.lowercased().contains("content-type: application/connect+json\r\n"), "\(answer.head)")
                let texts = try Self.frames(answer.body).map { String(decoding: $0.payload, as: UTF8.self) }
                #expect(texts == [#""1""#, #""2""#, "{}"])
            }
        }

        @Test("Connect errors end the stream: after some messages (code, message, details in the end-stream JSON), or before any, still HTTP 200")
        func connectErrors() async throws {
            try await Self.withStreams { server, _ in
                let failed = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/CountThenFail", contentType: "application/connect+proto", body: Self.frame(Self.int32(2)))
                }
                #expect(failed.head.hasPrefix("HTTP/1.1 200 OK"))
                let frames = try Self.frames(failed.body)
                #expect(frames.count == 3 && frames[2].flags == ConnectEndStream.endStreamFlag)
                let end = try #require(ConnectEndStream.decode(frames[2].payload))
                #expect(end.error?.code == .notFound && end.error?.message == "gone after 2")
                #expect(end.error?.details == [ErrorDetail(type: "google.protobuf.Int32Value", value: Self.int32(2))])

                let refused = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: "application/connect+proto", body: Self.frame(Self.int32(-1)))
                }
                #expect(refused.head.hasPrefix("HTTP/1.1 200 OK"))
                let only = try Self.frames(refused.body)
                #expect(only.count == 1 && ConnectEndStream.decode(only[0].payload)?.error?.code == .invalidArgument)
            }
        }

        @Test("client stream over HTTP/1.1: a hundred envelopes in one chunked body, one answer; gzip messages are read")
        func clientStream() async throws {
            try await Self.withStreams { server, streams in
                let body = (1...100).flatMap { Self.frame(Self.int32(Int32($0))) }
                let answer = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Sum", contentType: "application/connect+proto", body: body)
                }
                let frames = try Self.frames(answer.body)
                #expect(frames.first?.payload == Self.string("sum=5050 count=100"))
                #expect(frames.last.flatMap { ConnectEndStream.decode($0.payload) } == ConnectEndStream())

                let compressed = try #require(Gzip.compress(Self.int32(7), level: 6))
                let zipped = Self.frame(compressed, flags: GRPCFrame.compressedFlag) + Self.frame(Self.int32(5))
                let mixed = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Sum", contentType: "application/connect+proto", body: zipped,
                                          headers: ["connect-content-encoding: gzip"])
                }
                #expect(try Self.frames(mixed.body).first?.payload == Self.string("sum=12 count=2"))
                #expect(streams.events.filter { $0.hasPrefix("sum saw") } == ["sum saw 100", "sum saw 2"])
            }
        }

        @Test("gRPC over h2c: server stream, client stream and bidi; the status in trailers; an error after messages")
        func grpc() async throws {
            try await Self.withStreams { server, _ in
                let count = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: "application/grpc", body: Self.frame(Self.int32(3)), http2: true)
                }
                #expect(count.head.hasPrefix("HTTP/2 200 \r\ncontent-type: application/grpc\r\n"), "\(count.head)")
                #expect(try Self.frames(count.body).map(\.payload) == ["1", "2", "3"].map(Self.string))
                #expect(count.trailers.hasPrefix("grpc-status: 0\r\n"), "\(count.head)")

                let echo = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Echo", contentType: "application/grpc",
                                          body: ["a", "b", "c"].flatMap { Self.frame(Self.string($0)) }, http2: true)
                }
                #expect(try Self.frames(echo.body).map(\.payload) == ["A", "B", "C"].map(Self.string))
                #expect(echo.trailers.hasPrefix("grpc-status: 0\r\n"), "\(echo.head)")

                let failed = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/CountThenFail", contentType: "application/grpc", body: Self.frame(Self.int32(1)), http2: true)
                }
                #expect(try Self.frames(failed.body).count == 1)
                #expect(failed.trailers.hasPrefix("grpc-status: 5\r\ngrpc-message: gone after 1\r\ngrpc-status-details-bin: "), "\(failed.head)")
            }
        }

        @Test("gRPC-Web over HTTP/1.1, binary and text: the messages, then the trailer frame", arguments: [false, true])
        func grpcWeb(text: Bool) async throws {
            try await Self.withStreams { server, _ in
                let request = Self.frame(Self.int32(2))
                let answer = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: text ? "application/grpc-web-text" : "application/grpc-web+proto",
                                          body: text ? Array(Data(request).base64EncodedString().utf8) : request)
                }
                let frames = try Self.frames(text ? try #require(Self.decodeText(answer.body)) : answer.body)
                #expect(frames.map(\.flags) == [0, 0, GRPCFrame.trailersFlag])
                #expect(frames.prefix(2).map(\.payload) == ["1", "2"].map(Self.string))
                #expect(String(decoding: frames[2].payload, as: UTF8.self) == "grpc-status: 0\r\n")
            }
        }

        @Test("refusals: a unary content type (415), the Twirp path (bad_route), gRPC over HTTP/1.1 (505), an unknown compression")
        func refusals() async throws {
            try await Self.withStreams { server, _ in
                let unary = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: "application/proto", body: Self.int32(1))
                }
                #expect(unary.head.hasPrefix("HTTP/1.1 415"), "\(unary.head)")
                #expect(ConnectErrorBody.decode(unary.body)?.message.contains("server streaming method") == true, "\(String(decoding: unary.body, as: UTF8.self))")

                let twirp = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/twirp/test.Streams/Count", contentType: "application/protobuf", body: Self.int32(1))
                }
                #expect(twirp.head.hasPrefix("HTTP/1.1 404"), "\(twirp.head)")
                #expect(String(decoding: twirp.body, as: UTF8.self).contains(#""code":"bad_route""#))

                let http1 = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: "application/grpc", body: Self.frame(Self.int32(1)))
                }
                #expect(http1.head.hasPrefix("HTTP/1.1 505"), "\(http1.head)")

                let zstd = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Sum", contentType: "application/connect+proto", body: Self.frame(Self.int32(1)),
                                          headers: ["connect-content-encoding: zstd"])
                }
                #expect(zstd.head.lowercased().contains("connect-accept-encoding: gzip,identity"), "\(zstd.head)")
                let end = try Self.frames(zstd.body).last.flatMap { ConnectEndStream.decode($0.payload) }
                #expect(end?.error?.code == .unimplemented, "\(String(decoding: zstd.body, as: UTF8.self))")
            }
        }

        @Test("bad request streams: cut inside a frame, a frame over the limit, a flag clients may not set, a message that does not decode",
              arguments: [
                  ("truncated", "invalid_argument"), ("oversize", "resource_exhausted"), ("end-flag", "invalid_argument"), ("garbage", "invalid_argument"),
              ])
        func badRequestStreams(_ case: String, code: String) async throws {
            try await Self.withStreams({ $0.maxRequestBodySize = 1024 }) { server, streams in
                let good = Self.frame(Self.int32(1))
                let body: [UInt8] = switch `case` {
                case "truncated": good + [0, 0, 0, 0, 9, 8]
                case "oversize": good + [0, 0, 0, 0x10, 0]
                case "end-flag": good + Self.frame(Array("{}".utf8), flags: ConnectEndStream.endStreamFlag)
                default: good + Self.frame([0xFF, 0xFF, 0xFF])
                }
                let answer = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Sum", contentType: "application/connect+proto", body: body)
                }
                #expect(answer.head.hasPrefix("HTTP/1.1 200 OK"))
                let end = try Self.frames(answer.body).last.flatMap { ConnectEndStream.decode($0.payload) }
                #expect(end?.error?.code.name == code, "\(String(decoding: answer.body, as: UTF8.self))")
                #expect(await waitUntil { streams.events.contains("sum failed \(code)") }, "\(streams.events)")
                // The server goes on serving.
                let after = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Streams/Count", contentType: "application/connect+proto", body: Self.frame(Self.int32(1)))
                }
                #expect(try Self.frames(after.body).count == 2)
            }
        }
    }
}
