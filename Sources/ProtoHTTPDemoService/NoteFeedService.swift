// NoteFeedService.swift: the demo's notes.NoteFeed handler: the notes of a NotesService as a server stream, and a bidirectional sync.
public import ProtoHTTPServer

/// The `notes.NoteFeed` service of `Protos/demo/notes.proto` over the notes of a
/// ``NotesService`` (the same store), implementing the generated `Notes_NoteFeedHandler`:
///
/// ```swift
/// let notes = NotesService()
/// let server = try ProtoHTTPServer(configuration: configuration, services: [notes, notes.feed])
/// ```
public struct NoteFeedService: Notes_NoteFeedHandler {
    let notes: NotesService

    /// Sends the notes `ListNotes` would list, one message each.
    public func watchNotes(_ request: Notes_ListNotesRequest, response: ProtoHTTPServer.Writer<Notes_Note>,
                           context: ProtoHTTPServer.Context) async throws {
        for note in try await notes.listNotes(request, context: context).notes { try await response.send(note) }
    }

    /// Stores each note as it arrives and answers it with the stored note (its id and time).
    public func syncNotes(_ requests: ProtoHTTPServer.Requests<Notes_CreateNoteRequest>, response: ProtoHTTPServer.Writer<Notes_Note>,
                          context: ProtoHTTPServer.Context) async throws {
        for try await request in requests { try await response.send(try await notes.createNote(request, context: context)) }
    }
}

extension NotesService {
    /// The `notes.NoteFeed` service over this service's notes.
    public var feed: NoteFeedService { NoteFeedService(notes: self) }
}
