// ServingArticleTests.swift: the examples of the DocC articles "Serving" and "A TLS and HTTP/2 server", run as written against our client.
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPTestSupport
import Synchronization
import Testing
import ProtoHTTPCore
import ProtoHTTPDemoService

/// What the articles' examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

/// The "Serving" article's service, apart from the demo's own `NotesService`.
enum ServingArticle {
    /// The storage the article's handler reads: notes by id.
    final class NoteStore: Sendable {
        private let notes = Mutex<[String: Notes_Note]>([:])
        func note(id: String) -> Notes_Note? { notes.withLock { $0[id] } }
        func add(_ note: Notes_Note) { notes.withLock { $0[note.id] = note } }
        var all: [Notes_Note] { notes.withLock { $0.values.sorted { $0.id < $1.id } } }
    }

    struct NotesService: Notes_NotesHandler {             // generated from Protos/demo/notes.proto
        let store: NoteStore                              // your storage

        func getNote(_ request: Notes_GetNoteRequest, context: ServerContext) async throws -> Notes_Note {
            guard let note = store.note(id: request.id) else {
                throw ProtoHTTPError(code: .notFound, message: "no note has the id \"\(request.id)\"",
                                     details: [ErrorDetail(type: Notes_GetNoteRequest.protoMessageName, value: request.serializedBytes())],
                                     meta: ["id": request.id])
            }
            return note
        }
    }

    /// The article's server, a Connect call that fails with details, and the JSON-only plain route.
    static func serve(store: NoteStore) async throws -> (ProtoHTTPError?, [String]) {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)   // 0: a free port; 8080 or any other
        configuration.plainRoutes = [PlainRoute("/api/notes/list", method: "/notes.Notes/ListNotes", encodings: [.json])]
        let server = try ProtoHTTPServer(configuration: configuration, services: [NotesService(store: store)])
        try await server.start()
        print(server.port ?? 0, server.methodPaths)            // the bound port, ["/notes.Notes/CreateNote", …]

        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(server.port ?? 0)"))
        var request = Notes_GetNoteRequest()
        request.id = "n404"
        var failure: ProtoHTTPError?
        do { _ = try await Notes_NotesClient(manager: manager).getNote(request) } catch { failure = error }
        let listed = try await manager.post("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self,
                                            options: CallOptions(encoding: .json))

        await server.shutdown()
        return (failure, listed.notes.map(\.id))
    }
}

extension ServingArticle.NotesService {
    func createNote(_ request: Notes_CreateNoteRequest, context: ServerContext) async throws -> Notes_Note {
        var note = Notes_Note()
        note.id = "n\(store.all.count + 1)"
        note.title = request.title
        store.add(note)
        return note
    }

    func listNotes(_ request: Notes_ListNotesRequest, context: ServerContext) async throws -> Notes_ListNotesResponse {
        var response = Notes_ListNotesResponse()
        response.notes = store.all
        return response
    }

    func deleteNote(_ request: Notes_DeleteNoteRequest, context: ServerContext) async throws -> Notes_DeleteNoteResponse {
        throw ProtoHTTPError(code: .unimplemented, message: "the article's service keeps its notes")
    }
}

@Suite("Article: serving", .serialized)
struct ServingArticleTests {
    @Test("a handler's error reaches the client with its details; a plain route answers JSON; the server reports its port and methods")
    func serving() async throws {
        printed.reset()
        let store = ServingArticle.NoteStore()
        var note = Notes_Note()
        note.id = "n1"
        store.add(note)

        let (failure, listed) = try await ServingArticle.serve(store: store)

        #expect(failure?.code == .notFound && failure?.message == "no note has the id \"n404\"")
        #expect(failure?.details.map(\.type) == ["notes.GetNoteRequest"])
        #expect(listed == ["n1"])
        let line = try #require(printed.all.first)
        #expect(line.hasSuffix(#" ["/notes.Notes/CreateNote", "/notes.Notes/DeleteNote", "/notes.Notes/GetNote", "/notes.Notes/ListNotes"]"#))
    }

    @Test("quieting the server: no access-log line, and at .warnings no start or stop line either")
    func quiet() async throws {
        let capture = LineCapture()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, logger: capture.logger(label: "article.server"))
        configuration.accessLog = false          // no line per exchange; start, stop, warnings, errors stay
        configuration.verbosity = .warnings      // or .errors, .silent: less still, no `import Logging`
        let server = try ProtoHTTPServer(configuration: configuration, services: [NotesService()])
        try await server.start()
        _ = try await RawConnection.exchange(port: try #require(server.port), "/notes.Notes/ListNotes", headers: ServerTests.ErrorFormatTests.connectBinary)
        await server.shutdown()
        #expect(capture.lines.isEmpty, "no start, stop or access-log line: \(capture.lines)")
    }

    @Test("HTTPS with HTTP/2 by ALPN, our client trusting the test CA and pinning the key")
    func tlsAndHTTP2() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let (certificatePath, keyPath) = (certificates.certificatePath, certificates.keyPath)
        let (caPath, pin) = (certificates.caPath, certificates.pin)

        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)   // in production "0.0.0.0", 8443
        configuration.tls = ServerTLS(certificateChainPath: certificatePath,   // /etc/notes/server.pem: certificate, then intermediates
                                      privateKeyPath: keyPath)                 // /etc/notes/server-key.pem: unencrypted PEM key
        configuration.http2 = true                                             // the default; false: HTTP/1.1 only
        let server = try ProtoHTTPServer(configuration: configuration, services: [NotesService()])
        try await server.start()   // reads the files now

        var transportConfiguration = TransportConfiguration()                 // httpVersion .http2: ALPN over TLS
        transportConfiguration.tls.caBundlePath = caPath                      // /etc/notes/ca.pem: trust your own CA
        transportConfiguration.tls.pinnedPublicKey = pin                      // optional: "sha256//ZuT+cqIl…" (below)
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "https://localhost:\(server.port ?? 0)"),
                                           transport: try HTTPTransport(configuration: transportConfiguration))

        let response = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest())
        #expect(response.metadata.status == 200 && response.output.notes.isEmpty)
        await server.shutdown()
    }
}
