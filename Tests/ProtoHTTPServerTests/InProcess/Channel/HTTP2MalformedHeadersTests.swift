// HTTP2MalformedHeadersTests.swift: request header blocks RFC 9113 § 8.2-8.3 calls malformed are refused with RST_STREAM PROTOCOL_ERROR, and the connection goes on.
@testable import ProtoHTTPServer
import Testing

extension ServerTests {
    @Suite("HTTP/2 malformed request headers in process")
    struct HTTP2MalformedHeadersTests {
        /// The pseudo-headers of a well-formed POST to the ping route.
        static let pseudo: [(String, String)] = [(":method", "POST"), (":scheme", "http"), (":path", "/test.Faults/Ping"), (":authority", "127.0.0.1")]
        /// Its regular headers.
        static let regular: [(String, String)] = [("content-type", "application/proto"), ("connect-protocol-version", "1")]

        /// Each malformed block, named by what is wrong with it.
        static let malformed: [(String, [(String, String)])] = [
            ("an uppercase name", pseudo + [("Content-Type", "application/proto")]),
            ("a name with a space", pseudo + regular + [("x a", "1")]),
            ("a name with a non-token byte", pseudo + regular + [("x@a", "1")]),
            ("connection", pseudo + regular + [("connection", "keep-alive")]),
            ("transfer-encoding", pseudo + regular + [("transfer-encoding", "chunked")]),
            ("keep-alive", pseudo + regular + [("keep-alive", "5")]),
            ("proxy-connection", pseudo + regular + [("proxy-connection", "close")]),
            ("upgrade", pseudo + regular + [("upgrade", "h2c")]),
            ("te other than trailers", pseudo + regular + [("te", "gzip")]),
            ("a CR in a value", pseudo + regular + [("x-a", "b\rc")]),
            ("an LF in a value", pseudo + regular + [("x-a", "b\nx-injected: 1")]),
            ("a NUL in a value", pseudo + regular + [("x-a", "b\u{0}c")]),
            ("a space in :path", [(":method", "POST"), (":scheme", "http"), (":path", "/test.Faults/Ping HTTP/1.1"), (":authority", "a")] + regular),
            ("a control byte in :method", [(":method", "PO\tST"), (":scheme", "http"), (":path", "/test.Faults/Ping"), (":authority", "a")] + regular),
            ("a pseudo-header after a regular one", [(":method", "POST"), (":scheme", "http"), ("content-type", "application/proto"), (":path", "/test.Faults/Ping")]),
            ("an unknown pseudo-header", pseudo + [(":foo", "bar")] + regular),
            ("a response pseudo-header", pseudo + [(":status", "200")] + regular),
            (":protocol without extended CONNECT", pseudo + [(":protocol", "websocket")] + regular),
            ("a pseudo-header twice", pseudo + [(":path", "/test.Faults/Ping")] + regular),
            ("no :path", [(":method", "POST"), (":scheme", "http"), (":authority", "a")] + regular),
            ("no :method", [(":scheme", "http"), (":path", "/test.Faults/Ping"), (":authority", "a")] + regular),
            ("no :scheme", [(":method", "POST"), (":path", "/test.Faults/Ping"), (":authority", "a")] + regular),
            ("an empty :path", [(":method", "POST"), (":scheme", "http"), (":path", ""), (":authority", "a")] + regular),
            ("CONNECT with :path", [(":method", "CONNECT"), (":authority", "a:443"), (":path", "/")]),
            ("CONNECT without :authority", [(":method", "CONNECT")]),
        ]

        /// The RST_STREAM error codes the server sent for `stream`.
        static func resets(of stream: UInt32, in frames: [HTTP2Frames.Frame]) -> [UInt32] {
            frames.filter { $0.isReset && $0.stream == stream && $0.payload.count == 4 }.map { $0.payload.reduce(0) { $0 << 8 | UInt32($1) } }
        }

        @Test("a malformed request block is reset with PROTOCOL_ERROR, reaches no handler, and the next request on the connection is answered",
              arguments: malformed.indices)
        func malformedRequest(_ index: Int) async throws {
            let (what, fields) = Self.malformed[index]
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                try await connection.send(HTTP2Frames.headers(stream: 1, fields, endStream: true) + HTTP2LimitsTests.ping(3))
                await connection.channel.testingEventLoop.run()
                let frames = try await HTTP2LimitsTests.frames(connection)
                #expect(Self.resets(of: 1, in: frames) == [0x1], "\(what): RST_STREAM PROTOCOL_ERROR on stream 1: \(frames)")
                #expect(!frames.contains { $0.stream == 1 && $0.type == 0x1 }, "\(what): no answer on stream 1")
                #expect(frames.contains { $0.stream == 3 && $0.endsStream }, "\(what): stream 3 answered: \(frames)")
                #expect(connection.faults.pings == 1, "\(what): only the well-formed request reached its handler")
                #expect(frames.compactMap(HTTP2LimitsTests.goAwayCode).isEmpty, "\(what): no GOAWAY")
                #expect(connection.isActive)
            }
        }

        @Test("an empty field name fails NIOHPACK's decoding, before any stream sees it: GOAWAY COMPRESSION_ERROR, no handler reached")
        func emptyName() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                let block = HTTP2Frames.headers(stream: 1, Self.pseudo + Self.regular + [("", "1")], endStream: true)
                #expect(await HTTP2LimitsTests.connectionError(sending: block, to: connection) != nil)
                let frames = try await HTTP2LimitsTests.frames(connection)
                #expect(frames.compactMap(HTTP2LimitsTests.goAwayCode) == [0x9], "\(frames)")
                #expect(connection.faults.pings == 0)
            }
        }

        @Test("trailers with a pseudo-header or a malformed field are reset with PROTOCOL_ERROR",
              arguments: [[(":path", "/x")], [("X-Upper", "1")], [("x-a", "b\r\nc")], [("connection", "close")]])
        func malformedTrailers(_ trailers: [(String, String)]) async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                try await connection.send(HTTP2Frames.headers(stream: 1, Self.pseudo + Self.regular)
                                          + HTTP2Frames.headers(stream: 1, trailers, endStream: true) + HTTP2LimitsTests.ping(3))
                await connection.channel.testingEventLoop.run()
                let frames = try await HTTP2LimitsTests.frames(connection)
                #expect(Self.resets(of: 1, in: frames) == [0x1], "\(trailers): RST_STREAM PROTOCOL_ERROR on stream 1: \(frames)")
                #expect(frames.contains { $0.stream == 3 && $0.endsStream }, "stream 3 answered: \(frames)")
                #expect(connection.isActive)
            }
        }

        @Test("well-formed blocks pass: te: trailers, an empty value, a value with inner spaces and tabs, trailers after a body")
        func wellFormed() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send(HTTP2Frames.preface)
                let fields = Self.pseudo + Self.regular + [("te", "trailers"), ("x-empty", ""), ("x-spaced", "a b\tc"), ("x-token", "!#$%&'*+-.^_`|~09az")]
                try await connection.send(HTTP2Frames.headers(stream: 1, fields, endStream: true)
                                          + HTTP2Frames.headers(stream: 3, Self.pseudo + Self.regular)
                                          + HTTP2Frames.headers(stream: 3, [("x-trailer", "1")], endStream: true))
                await connection.channel.testingEventLoop.run()
                let frames = try await HTTP2LimitsTests.frames(connection)
                #expect(frames.filter(\.isReset).isEmpty, "no resets: \(frames)")
                #expect(frames.contains { $0.stream == 1 && $0.endsStream } && frames.contains { $0.stream == 3 && $0.endsStream }, "\(frames)")
                #expect(connection.faults.pings == 2)
            }
        }
    }
}
