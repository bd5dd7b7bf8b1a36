import ProtoHTTPCore
import ProtoHTTPServer
import Synchronization

/// The notes service: notes kept in memory, with the ids n1, n2, … in the order they were made.
final class NotesService: Notes_NotesHandler, Sendable {
    private let notes = Mutex<[String: Notes_Note]>([:])

    func createNote(_ request: Notes_CreateNoteRequest, context: ServerContext) async throws -> Notes_Note {
        guard !request.title.isEmpty else {
            throw ProtoHTTPError(code: .invalidArgument, message: "a note needs a title")
        }
        return notes.withLock { notes in
            var note = Notes_Note()
            note.id = "n\(notes.count + 1)"
            note.title = request.title
            note.tags = request.tags
            notes[note.id] = note
            return note
        }
    }

    func getNote(_ request: Notes_GetNoteRequest, context: ServerContext) async throws -> Notes_Note {
        guard let note = notes.withLock({ $0[request.id] }) else {
            throw ProtoHTTPError(code: .notFound, message: "no note has the id \"\(request.id)\"")
        }
        return note
    }
}
