// CompressionTests.swift: gzip request bodies: inflated for every protocol, refused when corrupt, truncated or too big.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing
import ProtoHTTPDemoService
import ProtoHTTPCore

extension ServerTests {
    @Suite("gzip request bodies")
    struct CompressionTests {
        /// `bytes` compressed by the system's gzip (an independent implementation), through
        /// temporary files and off the cooperative pool.
        static func gzip(_ bytes: [UInt8]) async throws -> [UInt8] {
            try await offPool {
                let input = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-gzip-\(UUID().uuidString)")
                try Data(bytes).write(to: input)
                defer { try? FileManager.default.removeItem(at: input) }
                guard let output = PythonClient.runProgram("/bin/gzip", ["-c", "-n", input.path], timeout: 30), output.status == 0 else {
                    throw PythonClient.Failure(description: "gzip failed or timed out")
                }
                return output.stdoutBytes
            }
        }

        static func createRequest(_ title: String) -> Notes_CreateNoteRequest {
            var request = Notes_CreateNoteRequest()
            request.title = title
            request.text = String(repeating: "compressible ", count: 200)
            return request
        }

        @Test("gzip bodies are inflated for Connect, Twirp and plain, binary and JSON")
        func inflated() async throws {
            try await withServer { server in
                let cases: [(path: String, contentType: String, json: Bool)] = [
                    ("/notes.Notes/CreateNote", "application/proto", false),
                    ("/notes.Notes/CreateNote", "application/json", true),
                    ("/twirp/notes.Notes/CreateNote", "application/protobuf", false),
                    ("/twirp/notes.Notes/CreateNote", "application/json", true),
                    ("/notes.Notes/CreateNote", "application/x-protobuf", false),
                ]
                for (i, c) in cases.enumerated() {
                    let request = Self.createRequest("gzip \(i)")
                    let plainBody = c.json ? try request.jsonUTF8Bytes() : request.serializedBytes()
                    let body = try await Self.gzip(plainBody)
                    #expect(body.count < plainBody.count / 4)
                    var headers = [("Content-Type", c.contentType), ("Content-Encoding", "gzip")]
                    if c.contentType.hasPrefix("application/proto") || (c.json && !c.path.hasPrefix("/twirp")) {
                        headers.append(("Connect-Protocol-Version", "1"))
                    }
                    let response = try await RawConnection.exchange(port: server.port, c.path, headers: headers, body: body)
                    #expect(response.status == 200, "\(c.path) \(c.contentType): \(response.text)")
                    let note = c.json ? try Notes_Note(jsonUTF8Bytes: response.body) : try Notes_Note(serializedBytes: response.body)
                    #expect(note.title == "gzip \(i)" && note.text == request.text)
                }
                #expect(server.notes.count == cases.count)
            }
        }

        @Test("corrupt or truncated gzip is invalid_argument (Twirp: malformed); the connection stays usable")
        func corrupt() async throws {
            try await withServer { server in
                let good = try await Self.gzip(Self.createRequest("x").serializedBytes())
                let connect = [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "1"), ("Content-Encoding", "gzip")]
                for (name, body) in [("not gzip", Self.createRequest("x").serializedBytes()), ("truncated", Array(good.prefix(good.count / 2))),
                                     ("trailing bytes", good + [1, 2, 3])] {
                    let response = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", headers: connect, body: body)
                    #expect(response.status == 400, "\(name)")
                    #expect(response.text.hasPrefix(#"{"code":"invalid_argument","message":"the request body is not valid gzip ("#), "\(name): \(response.text)")
                }
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/notes.Notes/CreateNote",
                                                             headers: [("Content-Type", "application/protobuf"), ("Content-Encoding", "gzip")], body: [0x1f, 0x8b, 0])
                #expect(twirp.status == 400 && twirp.text.hasPrefix(#"{"code":"malformed","msg":"the request body is not valid gzip"#), "\(twirp.text)")
                #expect(server.notes.count == 0)
            }
        }

        @Test("with no ratio limit, a body that inflates past the size limit is resource_exhausted (HTTP 413), however small compressed")
        func bomb() async throws {
            try await withServer({ $0.maxRequestBodySize = 1 << 20; $0.maxRequestInflationRatio = nil }) { server in
                var request = Notes_CreateNoteRequest()
                request.title = "bomb"
                request.text = String(repeating: "0", count: 8 << 20)
                let body = try await Self.gzip(request.serializedBytes())
                #expect(body.count < 64 << 10)
                let response = try await RawConnection.exchange(
                    port: server.port, "/notes.Notes/CreateNote",
                    headers: [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "1"), ("Content-Encoding", "gzip")], body: body)
                #expect(response.status == 413)
                #expect(response.text.hasPrefix(#"{"code":"resource_exhausted","message":"the gzip request body inflates to more than this server's limit of 1048576 bytes"#), "\(response.text)")
                #expect(server.notes.count == 0)
            }
        }

        @Test("a bomb is refused by its ratio (over 200 times its size past 256 KiB), before the size limit; prose-like text passes")
        func bombByRatio() async throws {
            try await withServer({ $0.maxRequestBodySize = 16 << 20 }) { server in
                var request = Notes_CreateNoteRequest()
                request.title = "bomb"
                request.text = String(repeating: "0", count: 8 << 20)
                let bomb = try await Self.gzip(request.serializedBytes())
                let headers = [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "1"), ("Content-Encoding", "gzip")]
                let refused = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", headers: headers, body: bomb)
                #expect(refused.status == 413)
                #expect(refused.text.hasPrefix(#"{"code":"resource_exhausted","message":"the gzip request inflates more than 200 times its compressed size"#), "\(refused.text)")
                #expect(server.notes.count == 0)

                // Text that compresses about 40 times: 200 KiB of words from a small vocabulary.
                var generator = SeededWords()
                request.text = (0..<40_000).map { _ in generator.next() }.joined(separator: " ")
                let ordinary = try await Self.gzip(request.serializedBytes())
                let ratio = request.serializedBytes().count / ordinary.count
                #expect(ratio > 3 && ratio < 200, "ratio \(ratio)")
                let accepted = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", headers: headers, body: ordinary)
                #expect(accepted.status == 200, "\(accepted.text)")
                #expect(server.notes.count == 1)
            }
        }

        @Test("our client's gzip bodies reach our server over Connect (POST and GET), Twirp and plain; a corrupt one gets a clear error")
        func ourClient() async throws {
            try await withServer { server in
                let encodings = Mutex<[String]>([])
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.requestCompression = .gzip(minimumBytes: 256)
                configuration.interceptors = [ClosureInterceptor { request, _, next, completion in
                    encodings.withLock { $0.append("\(request.method) \(request.headers.firstValue(.contentEncoding) ?? (request.url.contains("compression=gzip") ? "query" : "-"))") }
                    next(request, completion)
                }]
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
                let protocols: [any WireProtocol] = [ConnectProtocol(), TwirpProtocol(), PlainProtocol()]
                for (index, wireProtocol) in protocols.enumerated() {
                    let client = Notes_NotesClient(manager: manager, wireProtocol: wireProtocol)
                    let request = Self.createRequest("gzip \(index)")
                    let note = try await client.createNote(request)
                    #expect(note.title == "gzip \(index)" && note.text == request.text, "\(wireProtocol.rpcProtocol)")
                }
                var list = Notes_ListNotesRequest()
                list.tag = String(repeating: "no such tag ", count: 50)
                let getClient = Notes_NotesClient(manager: manager, wireProtocol: .connect(httpGet: true))
                #expect(try await getClient.listNotes(list).notes.isEmpty)
                #expect(encodings.withLock { $0 } == ["POST gzip", "POST gzip", "POST gzip", "GET query"])
                #expect(server.notes.count == 3)

                // A body that claims gzip but is not: the server's error names the problem.
                var options = CallOptions(headers: [.contentEncoding: "gzip"])
                options.requestCompression = .off
                let refused = await Result { () async throws(ProtoHTTPError) in
                    try await Notes_NotesClient(manager: manager).createNote(Self.createRequest("bad"), options: options)
                }
                #expect(refused.error?.code == .invalidArgument)
                #expect(refused.error?.message.hasPrefix("the request body is not valid gzip (") == true, "\(String(describing: refused.error))")
                #expect(server.notes.count == 3)
            }
        }
    }
}

/// Words from a small vocabulary in a fixed pseudo-random order: text that compresses like prose.
private struct SeededWords {
    private static let vocabulary = ["note", "call", "server", "stream", "message", "error", "gzip", "ratio", "the", "of", "a", "is"]
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next() -> String {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Self.vocabulary[Int(state >> 59) % Self.vocabulary.count]
    }
}
