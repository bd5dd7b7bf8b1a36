// CountingNotesServer.swift: the demo's NotesService on a loopback ProtoHTTPServer, counting the calls that reach it.
import Logging
import ProtoHTTPDemo
import ProtoHTTPServer
import Synchronization
import Testing
import ProtoHTTPDemoService

/// `notes.Notes` (the demo's in-memory ``NotesService``) on 127.0.0.1, port 0, with a count of
/// the calls its handler ran: how the cache tests tell "answered from the cache" from "sent".
final class CountingNotesServer: Sendable {
    /// Counts, then hands the call to the demo service.
    private struct Handler: Notes_NotesHandler {
        let inner = NotesService()
        let counter: NotesCallCounter

        func createNote(_ request: Notes_CreateNoteRequest, context: ServerContext) async throws -> Notes_Note {
            counter.calls.add(1, ordering: .sequentiallyConsistent)
            return try await inner.createNote(request, context: context)
        }
        func getNote(_ request: Notes_GetNoteRequest, context: ServerContext) async throws -> Notes_Note {
            counter.calls.add(1, ordering: .sequentiallyConsistent)
            return try await inner.getNote(request, context: context)
        }
        func listNotes(_ request: Notes_ListNotesRequest, context: ServerContext) async throws -> Notes_ListNotesResponse {
            counter.calls.add(1, ordering: .sequentiallyConsistent)
            return try await inner.listNotes(request, context: context)
        }
        func deleteNote(_ request: Notes_DeleteNoteRequest, context: ServerContext) async throws -> Notes_DeleteNoteResponse {
            counter.calls.add(1, ordering: .sequentiallyConsistent)
            return try await inner.deleteNote(request, context: context)
        }
    }

    private let server: ProtoHTTPServer
    private let counter: NotesCallCounter
    /// The bound port.
    let port: Int

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Calls the service has run.
    var calls: Int { counter.calls.load(ordering: .sequentiallyConsistent) }

    private init(server: ProtoHTTPServer, counter: NotesCallCounter, port: Int) {
        self.server = server
        self.counter = counter
        self.port = port
    }

    /// Starts a quiet server on a free loopback port.
    static func start() async throws -> CountingNotesServer {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        configuration.logger = Logger(label: "cache-tests") { _ in SwiftLogNoOpLogHandler() }
        let counter = NotesCallCounter()
        let server = try ProtoHTTPServer(configuration: configuration, services: [Handler(counter: counter)])
        try await server.start()
        return CountingNotesServer(server: server, counter: counter, port: try #require(server.port))
    }

    /// Closes every connection and stops.
    func stop() async { await server.shutdown() }
}

/// The count shared by the handler (copied into the server) and the test.
private final class NotesCallCounter: Sendable {
    let calls = Atomic<Int>(0)
}
