// StreamingArticleTests.swift: the "Serving" article's streaming example, run as written and called over Connect with curl.
import Foundation
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Testing

extension ServerTests {
    @Suite("Docs: the Serving article's streams")
    struct StreamingArticleTests {
        @Test("the article's feed: Count streams 1…n, Echo sends each line back as it comes")
        func feed() async throws {
            let feed = ServiceDefinition(name: "test.Feed", methods: [
                .serverStreaming("/test.Feed/Count", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, response, context in
                    for i in 0..<request.value { try await response.send(Google_Protobuf_StringValue("\(i + 1)")) }
                },
                .bidirectionalStreaming("/test.Feed/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { requests, response, context in
                    for try await line in requests { try await response.send(line) }
                },
            ])
            try await withServer(extraServices: [feed]) { server in
                let count = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Feed/Count", contentType: "application/connect+json", body: GRPCFrame(payload: Array("3".utf8)).bytes)
                }
                let texts = try GRPCFrame.parse(count.body).get().map { String(decoding: $0.payload, as: UTF8.self) }
                #expect(texts == [#""1""#, #""2""#, #""3""#, "{}"])
                let lines = ["a", "b"].flatMap { GRPCFrame(payload: Array("\"\($0)\"".utf8)).bytes }
                let echo = try await offPool {
                    try CurlExchange.post("\(server.baseURL)/test.Feed/Echo", contentType: "application/connect+json", body: lines, http2: true)
                }
                #expect(try GRPCFrame.parse(echo.body).get().map { String(decoding: $0.payload, as: UTF8.self) } == [#""a""#, #""b""#, "{}"])
            }
        }
    }
}
