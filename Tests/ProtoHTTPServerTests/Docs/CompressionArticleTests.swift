// CompressionArticleTests.swift: the example of the DocC article "Compression", run as written: a server that gzips responses, a client that gzips request bodies.
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import Testing
import ProtoHTTPDemoService

@Suite("Article: compression")
struct CompressionArticleTests {
    @Test("gzip both ways: large request bodies and large responses, and a call that opts out")
    func bothWays() async throws {
        // Server: responses (on by default: bodies of 1 KiB or more, level 6).
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.responseCompression = .gzip(minimumBytes: 4096, level: 1)   // or .off
        let server = try ProtoHTTPServer(configuration: configuration, services: [NotesService()])
        try await server.start()

        // Client: request bodies (off by default).
        var config = ManagerConfiguration(baseURL: "http://127.0.0.1:\(server.port ?? 0)")
        config.requestCompression = .gzip()                               // bodies of 1 KiB or more, zlib level 6
        let manager = try ProtoHTTPManager(configuration: config)

        var options = CallOptions()
        options.requestCompression = .gzip(minimumBytes: 64 << 10, level: 1)   // this call: only large bodies, fastest level
        options.requestCompression = .off                                      // this call: never

        let notes = Notes_NotesClient(manager: manager)
        var draft = Notes_CreateNoteRequest()
        draft.title = "long"
        draft.text = String(repeating: "compressible text ", count: 400)          // 7 KiB: gzipped on the way up
        let gzipped = try await notes.createNote(draft)
        let plain = try await notes.createNote(draft, options: options)
        #expect(gzipped.text == draft.text && plain.text == draft.text)
        // 14 KiB of notes: the server gzips the answer and the client's transport inflates it.
        let all = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest())
        #expect(all.output.notes.count == 2)
        #expect(all.metadata.headers[.vary] == "Accept-Encoding")
        await server.shutdown()
    }
}
