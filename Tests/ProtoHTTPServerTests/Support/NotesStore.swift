// NotesStore.swift: notes.Notes served from memory, its ServiceDefinition built by hand from the generated messages.
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoWire
import Synchronization
import ProtoHTTPCore
import ProtoHTTPDemoService

/// An in-memory `notes.Notes` service. Notes get ids `n1`, `n2`, … in creation order and the
/// creation time `2023-11-14T22:13:20Z` plus their number in seconds, plus 0.123 s, so every
/// answer is predictable.
///
/// `GetNote` and `DeleteNote` of an unknown id fail with `not_found`, carrying the request as a
/// Connect detail (`notes.GetNoteRequest` or `notes.DeleteNoteRequest`) and `meta {"id": id}`.
final class NotesStore: Sendable {
    private struct State {
        var notes: [Notes_Note] = []
        var created = 0
    }
    private let state = Mutex(State())

    /// The service, ready to register; bound to the generated metadata, so GetNote and
    /// ListNotes (NO_SIDE_EFFECTS) also answer Connect GETs.
    var definition: ServiceDefinition {
        ServiceDefinition(name: Notes_NotesMetadata.serviceName, methods: [
            .unary(Notes_NotesMetadata.CreateNote.self) { request, _ in
                try self.create(request)
            },
            .unary(Notes_NotesMetadata.GetNote.self) { request, _ in
                guard let note = self.state.withLock({ $0.notes.first { $0.id == request.id } }) else {
                    throw Self.notFound(request.id, request)
                }
                return note
            },
            .unary(Notes_NotesMetadata.ListNotes.self) { request, _ in
                self.list(request)
            },
            .unary(Notes_NotesMetadata.DeleteNote.self) { request, _ in
                try self.delete(request)
            },
        ], fileDescriptors: Notes_NotesMetadata.fileDescriptors)
    }

    /// How many notes are stored.
    var count: Int { state.withLock { $0.notes.count } }
    /// The notes, in creation order.
    var all: [Notes_Note] { state.withLock { $0.notes } }

    private func create(_ request: Notes_CreateNoteRequest) throws(ProtoHTTPError) -> Notes_Note {
        guard !request.title.isEmpty else {
            throw ProtoHTTPError(code: .invalidArgument, message: "a note needs a title")
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
        return state.withLock { state in
            state.created += 1
            note.id = "n\(state.created)"
            note.createdAt = Google_Protobuf_Timestamp(seconds: 1_700_000_000 + Int64(state.created), nanos: 123_000_000)
            state.notes.append(note)
            return note
        }
    }

    private func list(_ request: Notes_ListNotesRequest) -> Notes_ListNotesResponse {
        var response = Notes_ListNotesResponse()
        response.notes = state.withLock { $0.notes }.filter { request.tag.isEmpty || $0.tags.contains(request.tag) }
        for note in response.notes {
            for tag in note.tags { response.tagCounts[tag, default: 0] += 1 }
        }
        return response
    }

    private func delete(_ request: Notes_DeleteNoteRequest) throws(ProtoHTTPError) -> Notes_DeleteNoteResponse {
        let removed = state.withLock { state -> (Notes_Note, Int)? in
            guard let index = state.notes.firstIndex(where: { $0.id == request.id }) else { return nil }
            return (state.notes.remove(at: index), state.notes.count)
        }
        guard let (note, remaining) = removed else { throw Self.notFound(request.id, request) }
        var response = Notes_DeleteNoteResponse()
        response.deleted = note
        response.remaining = Int32(remaining)
        return response
    }

    private static func notFound<M: ProtoMessage>(_ id: String, _ request: M) -> ProtoHTTPError {
        ProtoHTTPError(
            code: .notFound, message: "no note has id \(id)",
            details: [ErrorDetail(type: M.protoMessageName, value: request.serializedBytes())],
            meta: ["id": id]
        )
    }
}
