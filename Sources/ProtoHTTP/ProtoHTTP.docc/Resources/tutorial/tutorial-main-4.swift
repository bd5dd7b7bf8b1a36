import ProtoHTTP
import ProtoHTTPServer

// Serve the notes service on a free port of this machine, without a log line per request.
var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
configuration.accessLog = false
let server = try ProtoHTTPServer(configuration: configuration, services: [NotesService()])
try await server.start()

let baseURL = "http://127.0.0.1:\(server.port ?? 0)"
let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: baseURL))
let notes = Notes_NotesClient(manager: manager)

var draft = Notes_CreateNoteRequest()
draft.title = "Hello"
draft.tags = ["tutorial"]
let note = try await notes.createNote(draft)
print("created \(note.id): \(note.title)")

var query = Notes_GetNoteRequest()
query.id = note.id
let stored = try await notes.getNote(query)
print("read back: \(stored.title) \(stored.tags)")

// A failed call throws a ProtoHTTPError: a code, and a message from the server.
query.id = "n404"
do {
    _ = try await notes.getNote(query)
} catch {
    print("\(error.code): \(error.message)")
}

// The same call with callbacks, which run on the manager's callback queue.
await withCheckedContinuation { done in
    notes.createNote(Notes_CreateNoteRequest(),
                     success: { note, _ in print("created \(note.id)"); done.resume() },
                     failure: { error in print("\(error.code): \(error.message)"); done.resume() })
}
await server.shutdown()
