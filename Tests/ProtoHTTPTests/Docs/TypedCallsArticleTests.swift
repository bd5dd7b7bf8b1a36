// TypedCallsArticleTests.swift: the examples of the DocC article "Typed calls", run as written against the demo's notes server and with its generated client mock.
import Logging
import ProtoHTTPDemo
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

/// What the article's examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

@Suite("Article: typed calls", .serialized)
struct TypedCallsArticleTests {
    /// The demo's notes server with one note, n1 "Hello", and a request for it.
    func notesServer() async throws -> (DemoServer, Notes_GetNoteRequest) {
        let server = try DemoServer(logger: Logger(label: "article") { _ in SwiftLogNoOpLogHandler() }, accessLog: false)
        try await server.start()
        var draft = Notes_CreateNoteRequest()
        draft.title = "Hello"
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.baseURL), transport: makeTransport())
        let created = try await Notes_NotesClient(manager: manager).createNote(draft)
        var request = Notes_GetNoteRequest()
        request.id = created.id
        return (server, request)
    }

    @Test("the manager: a Twirp manager, JSON by default, a header, callbacks, cancelling by tag, async")
    func manager() async throws {
        printed.reset()
        let (server, request) = try await notesServer()
        let baseURL = server.baseURL
        let token = "t1"

        var config = ManagerConfiguration(baseURL: baseURL)   // e.g. "https://api.example.com"
        config.wireProtocol = .twirp                   // default: Connect for RPC methods, plain for paths
        config.encoding = .json                        // default .binary; a call's CallOptions(encoding:) wins
        config.setHeader("Bearer \(token)", for: .authorization)
        config.timeout = .seconds(5)
        let manager = try ProtoHTTPManager(configuration: config)
        typealias GetNote = Notes_NotesMetadata.GetNote  // generated: path "/notes.Notes/GetNote", Input, Output

        // Callbacks: completion when the request is handed to the transport, then exactly one of
        // success or failure, on the callback queue (config.callbackQueue; nil, the default, is a
        // private serial queue of the manager's: not the main queue, not the caller's thread).
        let handle = manager.unary(GetNote.self, request,
                                   options: CallOptions(category: "feed", tag: 7, timeout: .seconds(2)),
                                   completion: { print("sent") },
                                   success: { note, meta in print(note.title, meta.status) },
                                   failure: { error in print(error.code, error) })
        #expect(await printed.waitFor(2) == ["sent", "Hello 200"])
        #expect(handle.isFinished)

        manager.cancelAll(tag: 7)                      // or handle.cancel(), cancel(id:), cancelAll(category:), cancelAll()

        // async/await; Task cancellation cancels the call.
        let note = try await manager.unary(GetNote.self, request)
        let response = try await manager.unaryForResponse(GetNote.self, request)   // output + status and headers
        print(response.output.title, response.metadata.status)

        #expect(note.title == "Hello" && printed.all.last == "Hello 200")
        #expect(response.metadata.contentType == "application/json", "the manager's default encoding")
        await server.shutdown()
    }

    @Test("the generated client: Connect by default, Twirp by choice, JSON per call")
    func client() async throws {
        printed.reset()
        let (server, request) = try await notesServer()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.baseURL), transport: makeTransport())

        let client = Notes_NotesClient(manager: manager)                      // Connect (or the manager's protocol)
        let twirpClient = Notes_NotesClient(manager: manager, wireProtocol: .twirp)
        let note = try await client.getNote(request)                          // async
        twirpClient.getNote(request, options: CallOptions(encoding: .json),   // callbacks
                            success: { note, meta in print(note.title, meta.status) },
                            failure: { error in print(error.code, error.message) })

        #expect(note.title == "Hello")
        #expect(await printed.waitFor(1) == ["Hello 200"])
        await server.shutdown()
    }

    @Test("the ProtoHTTP landing page: a manager, a call with callbacks, the same call with async/await")
    func landingPage() async throws {
        printed.reset()
        let (server, request) = try await notesServer()
        let baseURL = server.baseURL

        var configuration = ManagerConfiguration(baseURL: baseURL)   // e.g. "http://127.0.0.1:8080"
        configuration.timeout = .seconds(5)
        let manager = try ProtoHTTPManager(configuration: configuration)

        // Callbacks: `completion` once the request is handed to the transport, then exactly one of
        // `success` or `failure`, on the manager's callback queue.
        manager.unary(Notes_NotesMetadata.GetNote.self, request,
                      success: { note, metadata in print(note.title, metadata.status) },
                      failure: { error in print(error.code, error) })

        // async/await: cancelling the Task cancels the call.
        let note = try await manager.unary(Notes_NotesMetadata.GetNote.self, request)

        #expect(note.title == "Hello")
        #expect(await printed.waitFor(1) == ["Hello 200"])
        await server.shutdown()
    }
}

/// The app's code takes the client protocol, so a test can hand it the mock.
struct NoteScreen {
    let notes: any Notes_NotesClientProtocol

    func load(id: String) async -> String {
        var request = Notes_GetNoteRequest()
        request.id = id
        do {
            return try await notes.getNote(request).title
        } catch {
            return "\(error.code)"
        }
    }
}

@Test func showsTheNote() async throws {
    let notes = Notes_NotesClientMock()
    notes.getNote.handler = { request throws(ProtoHTTPError) in
        guard request.id == "n1" else { throw ProtoHTTPError(code: .notFound, message: "no note \(request.id)") }
        var note = Notes_Note()
        note.title = "Hello"
        return note
    }
    let screen = NoteScreen(notes: notes)
    #expect(await screen.load(id: "n1") == "Hello")
    #expect(await screen.load(id: "n2") == "not_found")
    #expect(notes.getNote.requests.map(\.id) == ["n1", "n2"])
}
