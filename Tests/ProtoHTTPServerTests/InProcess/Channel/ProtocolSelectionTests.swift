// ProtocolSelectionTests.swift: the choice of HTTP version per connection, in process, with first bytes split across reads.
import NIOCore
import ProtoHTTPDemo
@testable import ProtoHTTPServer
import Testing

extension ServerTests {
    @Suite("HTTP version per connection, in process")
    struct ProtocolSelectionTests {
        /// Everything the server has written so far.
        static func written(_ connection: EmbeddedConnection) async throws -> [UInt8] {
            await connection.channel.testingEventLoop.run()
            var bytes: [UInt8] = []
            while let data = try await connection.channel.readOutbound(as: IOData.self) {
                if case .byteBuffer(let buffer) = data { bytes += buffer.readableBytesView }
            }
            return bytes
        }

        @Test("an HTTP/1.1 request whose first byte (P, as in PRI) arrives alone is served over HTTP/1.1")
        func http1AfterOneByte() async throws {
            try await EmbeddedConnection.with { connection in
                let request = MalformedRequestTests.head("/notes.Notes/ListNotes", [("Content-Type", "application/json"), ("Content-Length", "2")]) + "{}"
                try await connection.send(String(request.prefix(1)))
                #expect(try await Self.written(connection).isEmpty, "the server answered before the request")
                try await connection.send(String(request.dropFirst()))
                let response = try #require(try await connection.responses(1).first)
                #expect(response.status == 200)
                #expect(String(decoding: response.body, as: UTF8.self) == "{}")
            }
        }

        @Test("the HTTP/2 preface split across three reads selects HTTP/2: the server answers with its SETTINGS frame")
        func prefaceInPieces() async throws {
            try await EmbeddedConnection.with { connection in
                let preface = ProtocolSelectionHandler.preface
                try await connection.send(Array(preface[..<3]))   // "PRI": an HTTP/1.1 method could still start like this
                try await connection.send(Array(preface[3..<16]))
                #expect(try await Self.written(connection).isEmpty, "the server chose before the preface was complete")
                try await connection.send(Array(preface[16...]) + [0, 0, 0, 4, 0, 0, 0, 0, 0])  // + an empty SETTINGS frame
                let bytes = try await Self.written(connection)
                #expect(bytes.count >= 9, "the server wrote nothing")
                #expect(Array(bytes.prefix(9)[3...]) == [4, 0, 0, 0, 0, 0], "not a SETTINGS frame on stream 0: \(bytes.prefix(9))")
                #expect(!String(decoding: bytes, as: UTF8.self).contains("HTTP/1.1"), "answered as HTTP/1.1")
                #expect(connection.isActive)
            }
        }

        @Test("bytes that leave the preface at its 17th byte are HTTP/1.1: the server answers 400, not HTTP/2")
        func nearPreface() async throws {
            try await EmbeddedConnection.with { connection in
                try await connection.send("PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n")
                let bytes = try await Self.written(connection)
                #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400"), "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
