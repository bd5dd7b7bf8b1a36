// InflationOnArrivalTests.swift: gzip bodies inflated as they arrive: a bomb refused before it has all been sent, the inflater piece by piece.
import ProtoHTTPCore
import ProtoHTTPDemoService
import ProtoHTTPGzip
import ProtoWire
import Testing

extension ServerTests {
    @Suite("gzip bodies inflated as they arrive")
    struct InflationOnArrivalTests {
        static let connect = [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "1"), ("Content-Encoding", "gzip")]

        /// A CreateNote request whose text is `megabytes` MiB of zeros, gzipped (about 1 KiB per MiB).
        static func bomb(megabytes: Int) throws -> [UInt8] {
            var request = Notes_CreateNoteRequest()
            request.title = "bomb"
            request.text = String(repeating: "0", count: megabytes << 20)
            return try #require(Gzip.compress(request.serializedBytes(), level: 9))
        }

        @Test("a bomb is answered 413 from its first 16 KiB, the rest never sent; the connection then closes")
        func bombRefusedBeforeItArrives() async throws {
            try await withServer({ $0.maxRequestBodySize = 64 << 20 }) { server in
                let bomb = try Self.bomb(megabytes: 60)
                #expect(bomb.count > 32 << 10)
                let connection = try await RawConnection.open(port: server.port)
                // The whole body is announced, but only its start is sent: without inflating as
                // it arrives the server would wait for the rest and never answer.
                let request = RawConnection.request("/notes.Notes/CreateNote", headers: Self.connect, body: bomb)
                try await connection.send(Array(request.prefix(request.count - bomb.count + (16 << 10))))
                let response = try await connection.readResponse()
                #expect(response.status == 413)
                #expect(response.text.hasPrefix(#"{"code":"resource_exhausted","message":"the gzip request inflates more than 200 times its compressed size"#),
                        "\(response.text)")
                #expect(response.header(.connection)?.lowercased() == "close")
                #expect(await connection.closedByServer(within: .seconds(10)))
                #expect(server.notes.count == 0)
            }
        }

        @Test("past the size limit, a gzip body is refused while it arrives, in its protocol's format")
        func sizeLimitWhileArriving() async throws {
            try await withServer({ $0.maxRequestBodySize = 1 << 20; $0.maxRequestInflationRatio = nil }) { server in
                let bomb = try Self.bomb(megabytes: 60)
                let connection = try await RawConnection.open(port: server.port)
                let request = RawConnection.request("/twirp/notes.Notes/CreateNote", headers: [("Content-Type", "application/protobuf"), ("Content-Encoding", "gzip")],
                                                    body: bomb)
                try await connection.send(Array(request.prefix(request.count - bomb.count + (16 << 10))))
                let response = try await connection.readResponse()
                #expect(response.status == 413)
                #expect(response.text.hasPrefix(#"{"code":"resource_exhausted","msg":"the gzip request body inflates to more than this server's limit of 1048576 bytes"#),
                        "\(response.text)")
                #expect(server.notes.count == 0)
            }
        }

        @Test("an unknown path is still answered as one, not as a bomb: the route is checked first")
        func routeBeforeInflation() async throws {
            try await withServer { server in
                let bomb = try Self.bomb(megabytes: 8)
                let response = try await RawConnection.exchange(port: server.port, "/notes.Notes/NoSuchMethod", headers: Self.connect, body: bomb)
                #expect(response.status == 404, "\(response.text)")
                #expect(response.text.hasPrefix(#"{"code":"unimplemented","message":"no method at /notes.Notes/NoSuchMethod"#), "\(response.text)")
            }
        }

        @Test("after corrupt gzip, sent in pieces, the same connection serves the next request")
        func corruptKeepsConnection() async throws {
            try await withServer { server in
                let connection = try await RawConnection.open(port: server.port)
                let notGzip = Array(repeating: UInt8(0x42), count: 40 << 10)
                let request = RawConnection.request("/notes.Notes/CreateNote", headers: Self.connect, body: notGzip)
                for start in stride(from: 0, to: request.count, by: 8 << 10) {
                    try await connection.send(Array(request[start..<min(start + (8 << 10), request.count)]))
                }
                let refused = try await connection.readResponse()
                #expect(refused.status == 400)
                #expect(refused.text.hasPrefix(#"{"code":"invalid_argument","message":"the request body is not valid gzip ("#), "\(refused.text)")

                var create = Notes_CreateNoteRequest()
                create.title = "after"
                let good = try #require(Gzip.compress(create.serializedBytes(), level: 6))
                try await connection.send(RawConnection.request("/notes.Notes/CreateNote", headers: Self.connect, body: good))
                let served = try await connection.readResponse()
                #expect(served.status == 200, "\(served.text)")
                #expect(try Notes_Note(serializedBytes: served.body).title == "after")
                await connection.close()
            }
        }
    }
}
