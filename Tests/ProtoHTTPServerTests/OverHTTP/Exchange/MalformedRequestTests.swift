// MalformedRequestTests.swift: bad bodies, wrong types, oversized and abandoned requests, while another connection keeps being served.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Testing
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Malformed requests")
    struct MalformedRequestTests {
        /// The body limit these tests configure.
        static let limit = 64 << 10

        /// One bad request and the error it must get.
        struct Malformed: CustomStringConvertible {
            var description: String
            var path: String
            var headers: [(String, String)]
            var body: [UInt8]
            var status: Int
            var code: String
            var messagePrefix: String
        }

        /// A good call on a keep-alive connection: ListNotes over Connect answers 200 and keeps the connection.
        static func expectServed(_ connection: RawConnection, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            try await connection.send(RawConnection.request("/notes.Notes/ListNotes", headers: ErrorFormatTests.connectBinary))
            let response = try await connection.readResponse()
            #expect(response.status == 200 && response.header(.contentType) == "application/proto", sourceLocation: sourceLocation)
            #expect(response.header(.connection) == nil, sourceLocation: sourceLocation)
        }

        /// The head of a POST whose body is sent separately.
        static func head(_ path: String, _ headers: [(String, String)]) -> String {
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
        }

        static func tooLargeBody(twirp: Bool) -> String {
            let message = "the request body is larger than this server's limit of \(limit) bytes; send a smaller message or raise ServerConfiguration.maxRequestBodySize."
            return twirp ? #"{"code":"resource_exhausted","msg":"\#(message)"}"# : #"{"code":"resource_exhausted","message":"\#(message)"}"#
        }

        static var cases: [Malformed] {
            var request = Notes_CreateNoteRequest()
            request.title = "groceries"
            request.tags = ["home"]
            let truncated = Array(request.serializedBytes().dropLast(3))
            let badJSON = Array(#"{"title": "#.utf8)
            let jsonPrefix = "the request body is not a valid notes.CreateNoteRequest in proto3 JSON: "
            let binaryPrefix = "the request body is not a valid notes.CreateNoteRequest in binary protobuf: "
            let create = "/notes.Notes/CreateNote"
            let twirpCreate = "/twirp/notes.Notes/CreateNote"
            return [
                Malformed(description: "Connect, bad JSON", path: create, headers: ErrorFormatTests.connectJSON, body: badJSON,
                          status: 400, code: "invalid_argument", messagePrefix: jsonPrefix),
                Malformed(description: "Twirp, bad JSON", path: twirpCreate, headers: ErrorFormatTests.twirpJSON, body: badJSON,
                          status: 400, code: "malformed", messagePrefix: jsonPrefix),
                Malformed(description: "Connect, truncated protobuf", path: create, headers: ErrorFormatTests.connectBinary, body: truncated,
                          status: 400, code: "invalid_argument", messagePrefix: binaryPrefix),
                Malformed(description: "Twirp, truncated protobuf", path: twirpCreate, headers: [("Content-Type", "application/protobuf")], body: truncated,
                          status: 400, code: "malformed", messagePrefix: binaryPrefix),
                Malformed(description: "plain, truncated protobuf", path: create, headers: [("Content-Type", "application/x-protobuf")], body: truncated,
                          status: 400, code: "invalid_argument", messagePrefix: binaryPrefix),
                Malformed(description: "Connect, wrong content type", path: create, headers: [("Content-Type", "text/plain")], body: Array("hi".utf8),
                          status: 415, code: "unimplemented", messagePrefix: #"content type "text/plain" is not supported here; "#),
                Malformed(description: "Connect, no content type", path: create, headers: [], body: [],
                          status: 415, code: "unimplemented", messagePrefix: "content type (none) is not supported here; "),
                Malformed(description: "Twirp, wrong content type", path: twirpCreate, headers: [("Content-Type", "application/proto")], body: truncated,
                          status: 404, code: "bad_route", messagePrefix: #"unexpected Content-Type "application/proto"; "#),
                Malformed(description: "Connect, unknown method", path: "/notes.Notes/Nope", headers: ErrorFormatTests.connectBinary, body: [],
                          status: 404, code: "unimplemented", messagePrefix: "no method at /notes.Notes/Nope; "),
                Malformed(description: "Twirp, unknown method", path: "/twirp/notes.Notes/Nope", headers: ErrorFormatTests.twirpJSON, body: [],
                          status: 404, code: "bad_route", messagePrefix: "no method at /twirp/notes.Notes/Nope; "),
            ]
        }

        @Test("bad bodies, wrong content types and unknown methods get the protocol's error; both connections stay served")
        func malformed() async throws {
            try await withServer { server in
                let good = try await RawConnection.open(port: server.port)
                let bad = try await RawConnection.open(port: server.port)
                try await Self.expectServed(good)
                for malformed in Self.cases {
                    try await bad.send(RawConnection.request(malformed.path, headers: malformed.headers, body: malformed.body))
                    let response = try await bad.readResponse()
                    let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                    let message = (json?["message"] ?? json?["msg"]) as? String ?? ""
                    #expect(response.status == malformed.status, "\(malformed)")
                    #expect(response.header(.contentType) == "application/json", "\(malformed)")
                    #expect(json?["code"] as? String == malformed.code, "\(malformed): \(response.text)")
                    #expect(message.hasPrefix(malformed.messagePrefix), "\(malformed): \(message)")
                    try await Self.expectServed(good)
                }
                try await Self.expectServed(bad)
                #expect(server.notes.count == 0)
            }
        }

        @Test("a declared Content-Length over the limit is answered 413 before the body, then the connection closes")
        func declaredTooLarge() async throws {
            try await withServer({ $0.maxRequestBodySize = Self.limit }) { server in
                let good = try await RawConnection.open(port: server.port)
                try await Self.expectServed(good)
                for (path, headers, twirp) in [("/notes.Notes/CreateNote", ErrorFormatTests.connectBinary, false),
                                               ("/twirp/notes.Notes/CreateNote", ErrorFormatTests.twirpJSON, true)] {
                    let big = try await RawConnection.open(port: server.port)
                    try await big.send(Self.head(path, headers + [("Content-Length", "100000")]) + String(repeating: "x", count: 1_000))
                    let response = try await big.readResponse()
                    ErrorFormatTests.expectError(response, 413, Self.tooLargeBody(twirp: twirp), headers: [.connection: "close"])
                    #expect(await big.closedByServer(within: .seconds(5)), "\(path)")
                    try await Self.expectServed(good)
                }
                #expect(server.notes.count == 0)
            }
        }

        @Test("a request head over maxRequestHeadSize (16 KiB by default) is answered 431 and its connection closes; one under it is served; a raised limit lets the big one through")
        func oversizedHead() async throws {
            #expect(ServerConfiguration().maxRequestHeadSize == 16 << 10)
            let big = ErrorFormatTests.connectBinary + (0..<20).map { ("X-Filler-\($0)", String(repeating: "v", count: 1_000)) }
            let small = Array(big.prefix(14))  // 12 KiB of fillers
            try await withServer { server in
                let good = try await RawConnection.open(port: server.port)
                try await Self.expectServed(good)
                let fits = try await RawConnection.open(port: server.port)
                try await fits.send(RawConnection.request("/notes.Notes/ListNotes", headers: small))
                #expect(try await fits.readResponse().status == 200)
                let over = try await RawConnection.open(port: server.port)
                try await over.send(RawConnection.request("/notes.Notes/ListNotes", headers: big))
                let response = try await over.readResponse()
                #expect(response.status == 431 && response.header(.connection) == "close")
                #expect(await over.closedByServer(within: hangGuard))
                try await Self.expectServed(good)
            }
            try await withServer({ $0.maxRequestHeadSize = 64 << 10 }) { server in
                let raised = try await RawConnection.open(port: server.port)
                try await raised.send(RawConnection.request("/notes.Notes/ListNotes", headers: big))
                #expect(try await raised.readResponse().status == 200)
            }
        }

        @Test("a chunked body crossing the limit is answered 413 at once, the rest discarded, then the connection closes")
        func chunkedTooLarge() async throws {
            try await withServer({ $0.maxRequestBodySize = Self.limit }) { server in
                let good = try await RawConnection.open(port: server.port)
                try await Self.expectServed(good)
                let big = try await RawConnection.open(port: server.port)
                try await big.send(Self.head("/notes.Notes/CreateNote", ErrorFormatTests.connectBinary + [("Transfer-Encoding", "chunked")]))
                let chunk = Array("4000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x4000) + Array("\r\n".utf8)
                for _ in 0..<5 { try await big.send(chunk) }  // 80 KiB, past the 64 KiB limit
                let response = try await big.readResponse()
                ErrorFormatTests.expectError(response, 413, Self.tooLargeBody(twirp: false), headers: [.connection: "close"])
                for _ in 0..<64 { try await big.send(chunk) }  // 1 MiB more, read and dropped
                try await big.send("0\r\n\r\n")
                #expect(await big.closedByServer(within: .seconds(5)))
                try await Self.expectServed(good)
                #expect(server.notes.count == 0)
            }
        }

        @Test("Expect: 100-continue: the server invites a body within the limit and refuses one over it at once")
        func expectContinue() async throws {
            try await withServer({ $0.maxRequestBodySize = Self.limit }) { server in
                var request = Notes_CreateNoteRequest()
                request.title = String(repeating: "x", count: 40_000)
                let body = request.serializedBytes()
                let small = try await RawConnection.open(port: server.port)
                try await small.send(Self.head("/notes.Notes/CreateNote", ErrorFormatTests.connectBinary
                                               + [("Content-Length", String(body.count)), ("Expect", "100-continue")]))
                #expect(try await small.readResponse(interim: true).status == 100)
                try await small.send(body)
                let created = try await small.readResponse()
                #expect(created.status == 200)
                #expect(try Notes_Note(serializedBytes: created.body).title == request.title)

                let big = try await RawConnection.open(port: server.port)
                try await big.send(Self.head("/notes.Notes/CreateNote", ErrorFormatTests.connectBinary
                                             + [("Content-Length", "100000"), ("Expect", "100-continue")]))
                let refused = try await big.readResponse(interim: true)
                ErrorFormatTests.expectError(refused, 413, Self.tooLargeBody(twirp: false), headers: [.connection: "close"])
                #expect(await big.closedByServer(within: .seconds(5)))
                try await Self.expectServed(small)
            }
        }

        @Test("clients that vanish mid-request or mid-call leave the server serving, back at its connection count")
        func disconnects() async throws {
            try await withServer { server in
                let good = try await RawConnection.open(port: server.port)
                try await Self.expectServed(good)
                let baseline = server.server.connectionCount
                #expect(baseline == 1)

                let half = try await RawConnection.open(port: server.port)
                try await half.send(Self.head("/notes.Notes/CreateNote", ErrorFormatTests.connectBinary + [("Content-Length", "1000")])
                                    + String(repeating: "x", count: 500))
                #expect(await waitUntil { server.server.connectionCount == baseline + 1 })
                await half.close()
                #expect(await waitUntil { server.server.connectionCount == baseline }, "\(server.server.connectionCount) connections")
                try await Self.expectServed(good)

                let gone = try await RawConnection.open(port: server.port)
                try await gone.send(RawConnection.request("/test.Faults/Slow", headers: ErrorFormatTests.connectBinary,
                                                          body: Google_Protobuf_Int32Value.ms(5_000).serializedBytes()))
                #expect(await waitUntil { server.faults.events.contains("slow started") })
                await gone.close()
                #expect(await waitUntil { server.faults.events.contains("slow cancelled") }, "\(server.faults.events)")
                #expect(await waitUntil { server.server.connectionCount == baseline }, "\(server.server.connectionCount) connections")
                try await Self.expectServed(good)
                #expect(server.notes.count == 0)
            }
        }
    }
}
