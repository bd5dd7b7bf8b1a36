// NotesService.swift: the demo's notes.Notes handler: create, get, list and delete notes kept in memory.
public import Foundation
import ProtoHTTPCore
public import ProtoHTTPServer
public import ProtoWire

/// The `notes.Notes` service of `Protos/demo/notes.proto`, implementing the generated
/// `Notes_NotesHandler` protocol (`Servers=true`), so registering it is one line:
///
/// ```swift
/// let server = try ProtoHTTPServer(configuration: ServerConfiguration(port: 8080), services: [NotesService()])
/// ```
///
/// Notes live in memory (one store per `NotesService` value and its copies) and get ids `n1`,
/// `n2`, … in creation order. Failures are `ProtoHTTPError`s, which reach the client in the
/// protocol's error format: an empty title is `invalid_argument`; an unknown id is `not_found`,
/// with the request as a Connect detail and `meta {"id": …}` for Twirp.
public struct NotesService: Notes_NotesHandler {
    private let store = NotesStore()
    private let now: @Sendable () -> Google_Protobuf_Timestamp

    /// A service with no notes; `now` stamps `created_at` (the system clock by default).
    public init(now: @escaping @Sendable () -> Google_Protobuf_Timestamp = { Google_Protobuf_Timestamp(date: Date()) }) {
        self.now = now
    }

    /// Stores a new note: the request's fields, the next id and the current time.
    public func createNote(_ request: Notes_CreateNoteRequest, context: ServerContext) async throws -> Notes_Note {
        guard !request.title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ProtoHTTPError(code: .invalidArgument, message: "a note needs a title; set CreateNoteRequest.title to some visible text.")
        }
        var note = Notes_Note()
        note.title = request.title
        note.tags = request.tags
        note.labels = request.labels
        switch request.content {
        case .text(let text)?: note.content = .text(text)
        case .checklist(let checklist)?: note.content = .checklist(checklist)
        case nil: break
        }
        note.priority = request.priority
        note.createdAt = now()
        let stored = store.insert(note)
        context.logger.debug("created \(stored.id)")
        return stored
    }

    /// The note with the request's id.
    public func getNote(_ request: Notes_GetNoteRequest, context: ServerContext) async throws -> Notes_Note {
        guard let note = store.note(id: request.id) else { throw Self.notFound(request.id, request) }
        return note
    }

    /// The notes carrying the request's tag (all notes when it is empty) and a count per tag.
    public func listNotes(_ request: Notes_ListNotesRequest, context: ServerContext) async throws -> Notes_ListNotesResponse {
        var response = Notes_ListNotesResponse()
        response.notes = store.all().filter { request.tag.isEmpty || $0.tags.contains(request.tag) }
        for note in response.notes {
            for tag in note.tags { response.tagCounts[tag, default: 0] += 1 }
        }
        return response
    }

    /// Removes the note with the request's id and says how many remain.
    public func deleteNote(_ request: Notes_DeleteNoteRequest, context: ServerContext) async throws -> Notes_DeleteNoteResponse {
        guard let (note, remaining) = store.remove(id: request.id) else { throw Self.notFound(request.id, request) }
        var response = Notes_DeleteNoteResponse()
        response.deleted = note
        response.remaining = Int32(clamping: remaining)
        return response
    }

    /// `not_found` for `id`, with `request` as a Connect detail and the id as Twirp meta.
    private static func notFound<Request: ProtoMessage>(_ id: String, _ request: Request) -> ProtoHTTPError {
        ProtoHTTPError(
            code: .notFound,
            message: "no note has the id \"\(id)\"; ListNotes shows the ids there are.",
            details: [ErrorDetail(type: Request.protoMessageName, value: request.serializedBytes())],
            meta: ["id": id]
        )
    }
}
