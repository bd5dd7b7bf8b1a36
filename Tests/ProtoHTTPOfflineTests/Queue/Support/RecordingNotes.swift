// RecordingNotes.swift: the demo's notes service, recording what every call carried (Idempotency-Key, secrets) before it answers.
import Foundation
import ProtoHTTPDemoService
import ProtoHTTPServer
import Synchronization
import Testing
import ProtoHTTPCore

/// What the server saw of one call.
struct Sighting: Sendable, Equatable {
    var method: String
    var key: String?
    var title: String
    var authorization: String?
    var cookie: String?
    var custom: String?
    /// `X-Protocol-Variant`, which the tests' custom Connect protocol adds.
    var variant: String? = nil
}

/// `notes.Notes` (the demo's ``NotesService``) that records every call before it answers and
/// can run a hook first (a delay, a kill): the queue tests' server side.
final class RecordingNotes: Notes_NotesHandler {
    private let notes = NotesService()
    private let seen = Mutex<[Sighting]>([])
    private let hook = Mutex<(@Sendable (Sighting) async -> Void)?>(nil)
    private let refusals = Mutex<[ProtoHTTPError]>([])

    /// Every call so far, in arrival order.
    var sightings: [Sighting] { seen.withLock { $0 } }
    /// The Idempotency-Keys so far, in arrival order.
    var keys: [String] { sightings.compactMap(\.key) }

    /// Runs `body` with every call after it is recorded and before it is answered.
    func beforeAnswer(_ body: (@Sendable (Sighting) async -> Void)?) { hook.withLock { $0 = body } }

    /// The next CreateNote calls, one error each in order, are recorded and then fail with
    /// these errors (an overloaded or restarting server).
    func refuseNext(_ errors: [ProtoHTTPError]) { refusals.withLock { $0 += errors } }

    private func record(_ method: String, title: String, _ context: ServerContext) async {
        let sighting = Sighting(method: method, key: context.header(.idempotencyKey), title: title,
                                authorization: context.header(.authorization), cookie: context.header(.cookie),
                                custom: context.header(.named("X-Api-Key")), variant: context.header(.named("X-Protocol-Variant")))
        seen.withLock { $0.append(sighting) }
        if let hook = hook.withLock({ $0 }) { await hook(sighting) }
    }

    func createNote(_ request: Notes_CreateNoteRequest, context: ServerContext) async throws -> Notes_Note {
        await record("CreateNote", title: request.title, context)
        if let refusal = refusals.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw refusal }
        return try await notes.createNote(request, context: context)
    }

    func getNote(_ request: Notes_GetNoteRequest, context: ServerContext) async throws -> Notes_Note {
        await record("GetNote", title: request.id, context)
        return try await notes.getNote(request, context: context)
    }

    func listNotes(_ request: Notes_ListNotesRequest, context: ServerContext) async throws -> Notes_ListNotesResponse {
        await record("ListNotes", title: request.tag, context)
        return try await notes.listNotes(request, context: context)
    }

    func deleteNote(_ request: Notes_DeleteNoteRequest, context: ServerContext) async throws -> Notes_DeleteNoteResponse {
        await record("DeleteNote", title: request.id, context)
        return try await notes.deleteNote(request, context: context)
    }
}
