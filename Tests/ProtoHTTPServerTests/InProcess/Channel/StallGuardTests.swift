// StallGuardTests.swift: clients that stall a head, a body or their reading are cut off on the event loop's clock; an idle keep-alive connection is not.
import NIOCore
import ProtoHTTPDemo
@testable import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Stalled clients in process")
    struct StallGuardTests {
        /// A whole GetNote request, head and body.
        static func getNote() -> [UInt8] {
            var request = Notes_GetNoteRequest()
            request.id = "n1"
            let body = request.serializedBytes()
            return Array(MalformedRequestTests.head("/notes.Notes/GetNote", ErrorFormatTests.connectBinary + [("Content-Length", "\(body.count)")]).utf8) + body
        }

        /// Moves the connection's event-loop clock on by `seconds`, running what falls due.
        static func advance(_ connection: EmbeddedConnection, seconds: Int64) async {
            await connection.channel.testingEventLoop.advanceTime(by: .seconds(seconds))
        }

        @Test("a head trickled a line every 20 s is cut off 30 s after its first byte, though the client never went quiet for long")
        func slowHead() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send("POST /notes.Notes/GetNote HTTP/1.1\r\n")
                await Self.advance(connection, seconds: 20)
                try await connection.send("Host: 127.0.0.1\r\n")
                await Self.advance(connection, seconds: 9)
                #expect(connection.isActive, "29 s after the head's first byte")
                try await connection.send("Content-Type: application/proto\r\n")
                await Self.advance(connection, seconds: 1)
                #expect(!connection.isActive, "30 s after the head's first byte")
                let output = try await connection.unreadOutput(); #expect(output.isEmpty, "a cut-off head gets no answer: \(output)")
            }
        }

        @Test("a body that stops arriving is answered 408 and closed 30 s after its last byte; one that keeps coming is not; the handler never runs")
        func stalledBody() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(MalformedRequestTests.head("/test.Faults/Slow", ErrorFormatTests.connectBinary + [("Content-Length", "100")]))
                for _ in 0..<3 {
                    await Self.advance(connection, seconds: 29)
                    try await connection.send([UInt8](repeating: 0, count: 10))
                }
                #expect(connection.isActive, "a byte every 29 s keeps the body alive, 87 s in")
                await Self.advance(connection, seconds: 29)
                #expect(connection.isActive)
                await Self.advance(connection, seconds: 1)
                let answer = try #require(try await connection.responses(1).first, "30 s without a byte of the body")
                #expect(answer.status == 408 && answer.headers.firstValue(.connection) == "close")
                #expect(!connection.isActive, "it closes after the 408")
                #expect(connection.faults.events.isEmpty, "the request was served: \(connection.faults.events)")
            }
        }

        @Test("a client stream may pause between messages for the 5-minute stream idle timeout, not the 30 s body timeout; silence past it closes")
        func streamIdle() async throws {
            let streams = StreamingService()
            try await EmbeddedConnection.with(extraServices: [streams.definition]) { connection in
                let envelope: [UInt8] = [0, 0, 0, 0, 2, 0x08, 0x01]  // Int32Value(1)
                let chunk = Array("\(String(envelope.count, radix: 16))\r\n".utf8) + envelope + Array("\r\n".utf8)
                try await connection.send(MalformedRequestTests.head("/test.Streams/Sum", [
                    ("Content-Type", "application/connect+proto"), ("Transfer-Encoding", "chunked"),
                ]))
                try await connection.send(chunk)
                await Self.advance(connection, seconds: 200)
                #expect(connection.isActive, "200 s between two messages of a stream")
                try await connection.send(chunk)
                await Self.advance(connection, seconds: 299)
                #expect(connection.isActive, "299 s after the last message")
                await Self.advance(connection, seconds: 1)
                #expect(!connection.isActive, "300 s with nothing sent either way")
                #expect(await waitUntil { streams.events.contains("sum failed canceled") }, "the handler's reading ends: \(streams.events)")
            }
        }

        @Test("an idle keep-alive connection lasts its 60 s idle timeout, not the 30 s head timeout; a head that completes in time is served")
        func idleIsNotAStall() async throws {
            try await EmbeddedConnection.with { connection in
                let request = Self.getNote()
                try await connection.send(Array(request[..<10]))
                await Self.advance(connection, seconds: 25)
                try await connection.send(Array(request[10...]))
                #expect(try await connection.responses(1).first?.status == 404, "the head took 25 s: in time")
                await Self.advance(connection, seconds: 45)
                #expect(connection.isActive, "45 s idle after an answer")
                try await connection.send(Self.getNote())
                #expect(try await connection.responses(1).first?.status == 404)
                await Self.advance(connection, seconds: 61)
                #expect(!connection.isActive, "the idle timeout still applies")
            }
        }

        @Test("while the client does not read, no more of its requests are read or served; when it reads again they are; 30 s of not reading closes it")
        func clientThatDoesNotRead() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(Self.getNote())
                #expect(try await connection.responses(1).count == 1)

                connection.channel.isWritable = false
                connection.channel.pipeline.fireChannelWritabilityChanged()
                try await connection.send(Self.getNote() + Self.getNote() + Self.getNote())
                #expect(try await !connection.hasUnreadOutput(), "served while the client was not reading")
                await Self.advance(connection, seconds: 29)
                #expect(connection.isActive)

                connection.channel.isWritable = true
                connection.channel.pipeline.fireChannelWritabilityChanged()
                #expect(try await connection.responses(3).map(\.status) == [404, 404, 404], "the held requests, in order")

                connection.channel.isWritable = false
                connection.channel.pipeline.fireChannelWritabilityChanged()
                await Self.advance(connection, seconds: 29)
                #expect(connection.isActive)
                await Self.advance(connection, seconds: 1)
                #expect(!connection.isActive, "30 s without the client reading")
            }
        }

        @Test("HTTP/2: a stream whose body stalls is answered 408 and ends 30 s after its last byte; the connection and its other streams carry on")
        func stalledHTTP2Stream() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                try await connection.send(HTTP2Frames.headers(stream: 1, HTTP2Frames.connectPost("/test.Faults/Slow", length: 100)))
                try await connection.send(HTTP2Frames.data(stream: 1, [UInt8](repeating: 0, count: 10)))
                await Self.advance(connection, seconds: 20)
                var empty = Google_Protobuf_Int32Value()
                empty.value = 0
                let body = empty.serializedBytes()
                try await connection.send(HTTP2Frames.headers(stream: 3, HTTP2Frames.connectPost("/test.Faults/Slow", length: body.count)))
                try await connection.send(HTTP2Frames.data(stream: 3, body, endStream: true))
                _ = await waitUntil { connection.faults.events.contains("slow finished") }
                await Self.advance(connection, seconds: 9)
                var output = try await connection.takeOutput()
                var frames = HTTP2Frames.parse(&output)
                #expect(frames.contains { $0.stream == 3 && $0.endsStream }, "the second stream was answered: \(frames)")
                #expect(!frames.contains { $0.stream == 1 && ($0.type == 0x1 || $0.isReset) }, "29 s after stream 1's last byte: \(frames)")

                await Self.advance(connection, seconds: 1)
                output += try await connection.takeOutput()
                frames = HTTP2Frames.parse(&output)
                let stream1 = frames.filter { $0.stream == 1 && $0.type != 0x8 }  // not its WINDOW_UPDATEs
                #expect(stream1.first?.type == 0x1, "a HEADERS frame answers the stalled stream: \(stream1)")
                #expect(stream1.contains { $0.endsStream || $0.isReset }, "the stalled stream ended: \(stream1)")
                #expect(connection.isActive, "the connection stays")
                #expect(connection.faults.events == ["slow started", "slow finished"], "only stream 3 was served")
            }
        }

        @Test("a connection trickling the HTTP/2 preface a byte every 14 s is closed 30 s after it opened")
        func slowPreface() async throws {
            try await EmbeddedConnection.with { connection in
                for byte in HTTP2Frames.preface.prefix(2) {
                    try await connection.send([byte])
                    await Self.advance(connection, seconds: 14)
                }
                #expect(connection.isActive, "28 s after it opened")
                try await connection.send([HTTP2Frames.preface[2]])
                await Self.advance(connection, seconds: 2)
                #expect(!connection.isActive, "30 s after it opened, still undecided")
            }
        }

        @Test("the limits are the configuration's: shorter ones cut sooner")
        func configuredLimits() {
            var configuration = ServerConfiguration()
            #expect(configuration.requestHeadTimeout == .seconds(30) && configuration.requestBodyTimeout == .seconds(30)
                    && configuration.responseWriteTimeout == .seconds(30))
            configuration.requestHeadTimeout = .seconds(5)
            configuration.requestBodyTimeout = .milliseconds(1500)
            configuration.responseWriteTimeout = .seconds(7)
            let limits = StallGuardHandler.Limits(configuration)
            #expect(limits.head == .seconds(5) && limits.body == .milliseconds(1500) && limits.write == .seconds(7))
        }
    }
}
