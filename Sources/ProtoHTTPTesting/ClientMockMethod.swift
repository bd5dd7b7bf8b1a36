// ClientMockMethod.swift: one method of a generated client mock: the handler that answers it and the requests it got.
public import ProtoHTTPCore
import Synchronization

/// One RPC method of a generated `<Prefix><Service>ClientMock` (generator option `Mocks=true`):
/// the handler that answers its calls, and a record of the requests, in call order.
///
/// ```swift
/// let notes = Notes_NotesClientMock()
/// notes.getNote.handler = { request in
///     guard request.id == "n1" else { throw ProtoHTTPError(code: .notFound, message: "no note \(request.id)") }
///     var note = Notes_Note()
///     note.id = "n1"
///     return note
/// }
/// let screen = NoteScreen(notes: notes)            // code under test takes Notes_NotesClientProtocol
/// …
/// #expect(notes.getNote.requests.map(\.id) == ["n1"])
/// ```
///
/// Without a handler a call fails with `unimplemented`, naming the method.
public final class ClientMockMethod<Method: RPCMethod>: Sendable {
    /// Answers one call: returns the response or throws the `ProtoHTTPError` the caller gets.
    public typealias Handler = @Sendable (Method.Input) async throws(ProtoHTTPError) -> Method.Output

    private struct State {
        var handler: Handler?
        var requests: [Method.Input] = []
    }

    private let state: Mutex<State>

    /// A method answered by `handler` (or, with `nil`, by `unimplemented` until one is set).
    public init(handler: Handler? = nil) {
        state = Mutex(State(handler: handler))
    }

    /// What answers the calls from now on; `nil` fails them with `unimplemented`.
    public var handler: Handler? {
        get { state.withLock { $0.handler } }
        set { state.withLock { $0.handler = newValue } }
    }

    /// Every request this method was called with, in call order (cancelled calls included).
    public var requests: [Method.Input] { state.withLock { $0.requests } }

    /// How many calls were made.
    public var callCount: Int { state.withLock { $0.requests.count } }

    /// Forgets the recorded requests; the handler stays.
    public func resetRecording() {
        state.withLock { $0.requests.removeAll() }
    }

    /// Records `request` and returns what answers it.
    func record(_ request: Method.Input) -> Handler {
        let handler = state.withLock { state in
            state.requests.append(request)
            return state.handler
        }
        if let handler { return handler }
        let error = ProtoHTTPError(
            code: .unimplemented,
            message: "the mock has no handler for \(Method.path); set one before calling it: `mock.<method>.handler = { request in … }`."
        )
        return { (_: Method.Input) async throws(ProtoHTTPError) -> Method.Output in throw error }
    }
}
