// ChannelPipelineTests.swift: the real connection pipeline in process: 413, Expect: 100-continue, pipelining, disconnects.
import NIOCore
import ProtoHTTPDemo
@testable import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Connection pipeline in process")
    struct ChannelPipelineTests {
        static let limit = 1024
        static let tooLarge = "the request body is larger than this server's limit of 1024 bytes; send a smaller message or raise ServerConfiguration.maxRequestBodySize."

        /// A CreateNote request of about `size` bytes.
        static func createNote(size: Int) -> [UInt8] {
            var request = Notes_CreateNoteRequest()
            request.title = String(repeating: "x", count: size)
            return request.serializedBytes()
        }

        @Test("the body buffer is sized by what arrives, not by the Content-Length a client announces: at most 16 KiB before data")
        func bodyBufferGrowsWithData() async throws {
            let limit = 4 << 20
            #expect(RPCChannelHandler.initialBodyCapacity(declared: limit, maxBodySize: limit) == 16 << 10)
            #expect(RPCChannelHandler.initialBodyCapacity(declared: 300, maxBodySize: limit) == 300)
            #expect(RPCChannelHandler.initialBodyCapacity(declared: nil, maxBodySize: limit) == 0)
            #expect(RPCChannelHandler.initialBodyCapacity(declared: -5, maxBodySize: limit) == 0)
            // A body far past the first capacity, in small pieces, still arrives whole.
            try await EmbeddedConnection.with(maxRequestBodySize: limit) { connection in
                var request = Notes_CreateNoteRequest()
                request.title = String(repeating: "t", count: 200_000)
                let body = request.serializedBytes()
                try await connection.send(MalformedRequestTests.head("/notes.Notes/CreateNote",
                                                                     ErrorFormatTests.connectBinary + [("Content-Length", "\(body.count)")]))
                for start in stride(from: 0, to: body.count, by: 4096) {
                    try await connection.send(Array(body[start..<min(start + 4096, body.count)]))
                }
                let response = try #require(try await connection.responses(1).first)
                #expect(response.status == 200)
                #expect(try Notes_Note(serializedBytes: response.body).title.count == 200_000)
            }
        }

        @Test("a declared Content-Length over the limit is answered 413 before the body; the connection closes when the body ends")
        func declaredTooLarge() async throws {
            try await EmbeddedConnection.with(maxRequestBodySize: Self.limit) { connection in
                try await connection.send(MalformedRequestTests.head("/notes.Notes/CreateNote", ErrorFormatTests.connectBinary + [("Content-Length", "5000")]))
                let responses = try await connection.responses(1)
                let response = try #require(responses.first)
                ErrorFormatTests.expectError(response, 413, #"{"code":"resource_exhausted","message":"\#(Self.tooLarge)"}"#, headers: [.connection: "close"])
                #expect(connection.isActive, "the connection stays open until the client has sent its body")
                try await connection.send([UInt8](repeating: 0, count: 5000))
                #expect(try await !connection.hasUnreadOutput(), "the discarded body was answered")
                #expect(!connection.isActive, "the connection stayed open after the body")
                #expect(connection.faults.events.isEmpty)
            }
        }

        @Test("a chunked body crossing the limit is answered 413 at once; the rest is dropped; it closes 2 s later")
        func chunkedTooLarge() async throws {
            try await EmbeddedConnection.with(maxRequestBodySize: Self.limit) { connection in
                let chunk = "320\r\n" + String(repeating: "a", count: 800) + "\r\n"  // 0x320 = 800 bytes
                try await connection.send(MalformedRequestTests.head("/twirp/notes.Notes/CreateNote", [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")]) + chunk)
                #expect(try await !connection.hasUnreadOutput(), "800 bytes are within the limit")
                try await connection.send(chunk)
                let response = try #require(try await connection.responses(1).first)
                ErrorFormatTests.expectError(response, 413, #"{"code":"resource_exhausted","msg":"\#(Self.tooLarge)"}"#, headers: [.connection: "close"])
                try await connection.send(chunk + chunk)
                #expect(try await !connection.hasUnreadOutput())
                #expect(connection.isActive)
                await connection.channel.testingEventLoop.advanceTime(by: .seconds(2))
                #expect(!connection.isActive, "the connection was not closed 2 s after the 413")
            }
        }

        @Test("Expect: 100-continue within the limit gets 100 Continue before the body, then the answer")
        func expectContinue() async throws {
            try await EmbeddedConnection.with(maxRequestBodySize: Self.limit) { connection in
                let body = Self.createNote(size: 500)
                try await connection.send(MalformedRequestTests.head("/notes.Notes/CreateNote",
                                                                     ErrorFormatTests.connectBinary + [("Expect", "100-continue"), ("Content-Length", String(body.count))]))
                let interim = try #require(try await connection.responses(1).first)
                #expect(interim.status == 100)
                try await connection.send(body)
                let answer = try #require(try await connection.responses(1).first)
                #expect(answer.status == 200 && answer.header(.contentType) == "application/proto")
                #expect(try Notes_Note(serializedBytes: answer.body).title.count == 500)
                #expect(connection.isActive)
            }
        }

        @Test("Expect: 100-continue over the limit gets 413 and no 100 Continue")
        func expectContinueTooLarge() async throws {
            try await EmbeddedConnection.with(maxRequestBodySize: Self.limit) { connection in
                try await connection.send(MalformedRequestTests.head("/notes.Notes/CreateNote",
                                                                     ErrorFormatTests.connectBinary + [("Expect", "100-continue"), ("Content-Length", "2000")]))
                let response = try #require(try await connection.responses(1).first)
                #expect(response.status == 413)
                #expect(try await !connection.hasUnreadOutput())
            }
        }

        @Test("HTTP/1.1 pipelining: two requests in one write get two responses, in request order")
        func pipelining() async throws {
            try await EmbeddedConnection.with { connection in
                // The first call takes 150 ms, the second answers at once: only the pipelining
                // handler, which holds the second back, keeps the order.
                let slow = RawConnection.request("/test.Faults/Slow", headers: ErrorFormatTests.connectJSON, body: Array("150".utf8))
                let refuse = RawConnection.request("/test.Faults/Refuse", headers: ErrorFormatTests.connectJSON, body: Array(#""not_found""#.utf8))
                try await connection.send(slow + refuse)
                let responses = try await connection.responses(2)
                try #require(responses.count == 2, "got \(responses.count) responses")
                #expect(responses[0].status == 200 && responses[0].text == "{}")
                #expect(responses[1].status == 404 && responses[1].text.hasPrefix(#"{"code":"not_found","message":"asked to fail""#))
                #expect(connection.faults.events == ["slow started", "slow finished"])
                #expect(connection.isActive)
            }
        }

        @Test("200 pipelined requests in one write, answered at once: 200 responses in request order, the connection still open")
        func longPipeline() async throws {
            // Handlers that do not suspend answer inside the read that delivered them, and each
            // answer lets the next request in re-entrantly: past a few levels the server must
            // enqueue instead of nesting, or a long pipeline would grow the stack without bound.
            try await EmbeddedConnection.with { connection in
                let codes = ["not_found", "already_exists", "permission_denied", "aborted", "out_of_range"]
                let requests = (0..<200).map { index in
                    RawConnection.request("/test.Faults/Refuse", headers: ErrorFormatTests.connectJSON, body: Array("\"\(codes[index % codes.count])\"".utf8))
                }
                try await connection.send(requests.reduce([], +))
                let responses = try await connection.responses(200)
                try #require(responses.count == 200, "got \(responses.count) responses")
                for (index, response) in responses.enumerated() {
                    #expect(response.text.hasPrefix("{\"code\":\"\(codes[index % codes.count])\""), "response \(index): \(response.text)")
                }
                #expect(connection.isActive)
            }
        }

        @Test("a client that goes away mid-call cancels its request's task; the handler sees Task.isCancelled")
        func disconnectCancels() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(RawConnection.request("/test.Faults/Hold", headers: ErrorFormatTests.connectJSON, body: Array("10000".utf8)))
                #expect(await waitUntil { connection.faults.events.contains("hold started") })
                #expect(connection.requests.count == 1)
                try await connection.close()
                #expect(await waitUntil { connection.faults.events.contains("hold saw cancellation") }, "\(connection.faults.events)")
                #expect(await waitUntil { connection.requests.count == 0 })
            }
        }
    }
}
