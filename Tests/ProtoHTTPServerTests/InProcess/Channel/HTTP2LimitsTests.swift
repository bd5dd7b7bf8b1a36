// HTTP2LimitsTests.swift: the HTTP/2 limits the server relies on NIO for (settings, rapid reset, CONTINUATION flood, header list size), checked with hand-made frames.
import NIOCore
import ProtoWire
@testable import ProtoHTTPServer
import Testing
import ProtoHTTPTestSupport

extension ServerTests {
    @Suite("HTTP/2 limits in process")
    struct HTTP2LimitsTests {
        /// The frames the server has written so far.
        static func frames(_ connection: EmbeddedConnection) async throws -> [HTTP2Frames.Frame] {
            var output = try await connection.takeOutput()
            return HTTP2Frames.parse(&output)
        }

        /// Sends `bytes` and returns the type of the connection error NIOHTTP2 raised for them
        /// (the testing channel rethrows what reaches the end of the pipeline; a real server's
        /// pipeline drops it after the handler has sent GOAWAY and closed).
        static func connectionError(sending bytes: [UInt8], to connection: EmbeddedConnection) async -> String? {
            do {
                try await connection.send(bytes)
                return nil
            } catch {
                // The server closes the connection on the loop's next turn: run it.
                await connection.channel.testingEventLoop.run()
                return String(describing: type(of: error))
            }
        }

        /// The error code of a GOAWAY frame.
        static func goAwayCode(_ frame: HTTP2Frames.Frame) -> UInt32? {
            guard frame.type == 0x7, frame.payload.count >= 8 else { return nil }
            return frame.payload[4..<8].reduce(0) { $0 << 8 | UInt32($1) }
        }

        @Test("the server's SETTINGS: at most 100 concurrent streams and a 16 KiB header list")
        func settings() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                let settings = try #require(try await Self.frames(connection).first { $0.type == 0x4 && $0.flags & 0x1 == 0 })
                var values: [UInt16: UInt32] = [:]
                for start in stride(from: 0, to: settings.payload.count - 5, by: 6) {
                    let id = UInt16(settings.payload[start]) << 8 | UInt16(settings.payload[start + 1])
                    values[id] = settings.payload[(start + 2)..<(start + 6)].reduce(0) { $0 << 8 | UInt32($1) }
                }
                #expect(values[0x3] == 100, "SETTINGS_MAX_CONCURRENT_STREAMS: \(values)")
                #expect(values[0x6] == 16_384, "SETTINGS_MAX_HEADER_LIST_SIZE: \(values)")
            }
        }

        @Test("rapid reset of whole requests, each reset while its handler runs: the 20th such reset ends the connection with GOAWAY ENHANCE_YOUR_CALM")
        func rapidReset() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                // Each request arrives whole before its reset, so its handler (waiting on a gate)
                // is running when the reset comes: the server counts it with the early resets.
                var wait = Google_Protobuf_Int32Value()
                wait.value = -1
                let body = wait.serializedBytes()
                var burst: [UInt8] = []
                for index in 0..<250 {
                    let stream = UInt32(2 * index + 1)
                    burst += HTTP2Frames.headers(stream: stream, HTTP2Frames.connectPost("/test.Faults/Slow", length: body.count))
                        + HTTP2Frames.data(stream: stream, body, endStream: true)
                        + HTTP2Frames.frame(type: 0x3, flags: 0, stream: stream, [0, 0, 0, 0x8])
                }
                _ = await Self.connectionError(sending: burst, to: connection)
                await connection.channel.testingEventLoop.run()
                let goAway = try await Self.frames(connection).compactMap(Self.goAwayCode)
                #expect(goAway == [0xb], "GOAWAY ENHANCE_YOUR_CALM: \(goAway)")
                #expect(!connection.isActive)
                let started = connection.faults.events.filter { $0 == "slow started" }.count
                #expect(started <= HTTP2DrainHandler.earlyResetLimit, "the 20th reset ends the connection: no stream after it was served (\(started))")
            }
        }

        @Test("RST_STREAM for streams already answered (libcurl 7.88 sends one after every call) costs nothing: 500 calls keep one connection")
        func resetsAfterAnswers() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                for index in 0..<500 {
                    let stream = UInt32(2 * index + 1)
                    try await connection.send(Self.ping(stream))
                    await connection.channel.testingEventLoop.run()
                    try await connection.send(HTTP2Frames.frame(type: 0x3, flags: 0, stream: stream, [0, 0, 0, 0x5]))  // STREAM_CLOSED
                }
                await connection.channel.testingEventLoop.run()
                #expect(connection.isActive)
                #expect(connection.faults.pings == 500)
                #expect(try await Self.frames(connection).compactMap(Self.goAwayCode).isEmpty)
            }
        }

        /// The last stream ID of a GOAWAY frame.
        static func goAwayLastStream(_ frame: HTTP2Frames.Frame) -> UInt32? {
            guard frame.type == 0x7, frame.payload.count >= 8 else { return nil }
            return frame.payload[0..<4].reduce(0) { $0 << 8 | UInt32($1) } & 0x7fff_ffff
        }

        /// HEADERS of a request that never finishes, then RST_STREAM CANCEL, on `stream`.
        static func openedAndReset(_ stream: UInt32) -> [UInt8] {
            HTTP2Frames.headers(stream: stream, HTTP2Frames.connectPost("/test.Faults/Slow", length: 2))
                + HTTP2Frames.frame(type: 0x3, flags: 0, stream: stream, [0, 0, 0, 0x8])
        }

        /// A whole request to the ping route on `stream`.
        static func ping(_ stream: UInt32) -> [UInt8] {
            HTTP2Frames.headers(stream: stream, HTTP2Frames.connectPost("/test.Faults/Ping", length: 0), endStream: true)
        }

        @Test("rapid reset under NIO's limit: 20 streams reset before their request arrived end the connection with GOAWAY ENHANCE_YOUR_CALM naming the 20th; a request after it in the same read never reaches NIOHTTP2")
        func earlyResets() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                var burst: [UInt8] = []
                for index in 0..<20 { burst += Self.openedAndReset(UInt32(2 * index + 1)) }
                burst += Self.ping(41)
                // Far below NIO's 200 resets. The gate cuts the read after each RST_STREAM and
                // stops after the 20th, so NIOHTTP2 never sees stream 41 (it would refuse it).
                #expect(await Self.connectionError(sending: burst, to: connection) == nil)
                await connection.channel.testingEventLoop.run()
                let frames = try await Self.frames(connection)
                let goAways = frames.filter { $0.type == 0x7 }
                #expect(goAways.map(Self.goAwayCode) == [0xb], "one GOAWAY, ENHANCE_YOUR_CALM: \(goAways)")
                #expect(goAways.first.flatMap(Self.goAwayLastStream) == 39, "the last stream it opened before the GOAWAY")
                #expect(!connection.isActive, "closed on the loop's next turn")
                #expect(connection.faults.pings == 0, "stream 41 came after the GOAWAY and was not served")
                #expect(frames.filter { $0.stream == 41 }.isEmpty, "stream 41 dropped unread: \(frames.filter { $0.stream == 41 })")
                #expect(connection.faults.events.isEmpty)
            }
        }

        @Test("after the calm, the rest of a rapid-reset read is dropped unread: of 500 streams opened and reset in one read, NIOHTTP2 opens exactly the first 20")
        func burstAfterTheCalmIsDropped() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                var burst: [UInt8] = []
                for index in 0..<500 { burst += Self.openedAndReset(UInt32(2 * index + 1)) }
                #expect(burst.count > 10 * HTTP2CalmGate.sliceSize, "one read far larger than a slice")
                #expect(await Self.connectionError(sending: burst, to: connection) == nil)
                await connection.channel.testingEventLoop.run()
                let frames = try await Self.frames(connection)
                let goAways = frames.filter { $0.type == 0x7 }
                #expect(goAways.map(Self.goAwayCode) == [0xb], "one GOAWAY, ENHANCE_YOUR_CALM")
                #expect(goAways.first.flatMap(Self.goAwayLastStream) == 39, "stream 39, the 20th, was the last one opened")
                // Cut only every 4 KiB, NIOHTTP2 refused the ~20 streams the rest of the slice
                // held, each with RST_STREAM and an error; cut after each reset, none.
                #expect(frames.filter { $0.type == 0x3 }.isEmpty, "no stream refused: \(frames.filter { $0.type == 0x3 }.count)")
                #expect(!connection.isActive, "closed on the loop's next turn")
                #expect(connection.faults.events.isEmpty)
            }
        }

        @Test("a client whose early resets are under 20, or not most of its streams, keeps its connection")
        func someEarlyResetsAreFine() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                // 19 early resets, then 30 answered requests, then 6 more resets: 25 in all, but
                // fewer than half of the 55 streams.
                var burst: [UInt8] = []
                for index in 0..<19 { burst += Self.openedAndReset(UInt32(2 * index + 1)) }
                for index in 19..<49 { burst += Self.ping(UInt32(2 * index + 1)) }
                for index in 49..<55 { burst += Self.openedAndReset(UInt32(2 * index + 1)) }
                #expect(await Self.connectionError(sending: burst, to: connection) == nil)
                await connection.channel.testingEventLoop.run()
                #expect(await waitUntil { connection.faults.pings == 30 }, "pings answered: \(connection.faults.pings)")
                let frames = try await Self.frames(connection)
                #expect(!frames.contains { $0.type == 0x7 }, "no GOAWAY: \(frames.filter { $0.type == 0x7 })")
                #expect(connection.isActive)
            }
        }

        @Test("CONTINUATION flood: a header block split over more than 5 CONTINUATION frames ends the connection")
        func continuationFlood() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                let fields = HTTP2Frames.connectPost("/test.Faults/Slow", length: 2)
                let block = HTTP2Frames.headers(stream: 1, fields).dropFirst(9)
                // HEADERS without END_HEADERS, then CONTINUATION frames of one byte each.
                var bytes = HTTP2Frames.frame(type: 0x1, flags: 0, stream: 1, [block.first ?? 0])
                for byte in block.dropFirst().prefix(20) {
                    bytes += HTTP2Frames.frame(type: 0x9, flags: 0, stream: 1, [byte])
                }
                #expect(await Self.connectionError(sending: bytes, to: connection) == "ExcessiveContinuationFrames")
                let frames = try await Self.frames(connection)
                #expect(frames.contains { $0.type == 0x7 }, "GOAWAY: \(frames)")
                #expect(!connection.isActive)
                #expect(connection.faults.events.isEmpty)
            }
        }

        @Test("a header list over 16 KiB is refused before any handler runs")
        func oversizedHeaders() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                var fields = HTTP2Frames.connectPost("/test.Faults/Slow", length: 2)
                for index in 0..<200 { fields.append(("x-filler-\(index)", String(repeating: "v", count: 100))) }
                var block: [UInt8] = Array(HTTP2Frames.headers(stream: 1, fields).dropFirst(9))
                // Frames of at most 16 KiB (the default SETTINGS_MAX_FRAME_SIZE): HEADERS, then CONTINUATION.
                var bytes: [UInt8] = []
                var first = true
                while !block.isEmpty {
                    let piece = Array(block.prefix(16_000))
                    block.removeFirst(piece.count)
                    bytes += HTTP2Frames.frame(type: first ? 0x1 : 0x9, flags: block.isEmpty ? 0x4 : 0, stream: 1, piece)
                    first = false
                }
                #expect(await Self.connectionError(sending: bytes, to: connection) == "ExcessivelyLargeHeaderBlock")
                let frames = try await Self.frames(connection)
                let refused = frames.contains { ($0.stream == 1 && ($0.isReset || $0.type == 0x1)) || $0.type == 0x7 }
                #expect(refused, "the stream (or the connection) was refused: \(frames)")
                #expect(connection.faults.events.isEmpty, "the handler ran with 20 KiB of headers")
            }
        }
    }
}
