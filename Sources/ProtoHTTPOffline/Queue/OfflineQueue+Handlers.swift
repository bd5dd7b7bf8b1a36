// OfflineQueue+Handlers.swift: registering where replayed calls' results and dropped entries go, typed for generated methods.
public import ProtoHTTPCore
import ProtoHTTP

extension OfflineQueue {
    /// Runs `handler` with every replayed call to `path` (a method path such as
    /// `/notes.Notes/CreateNote`, or the path a call was made with, its query left out) that
    /// the server answered, success or error, on the manager's callback queue.
    public func onReplay(path: String, handler: @escaping @Sendable (ReplayedCall) -> Void) {
        handlers.add(path: path, handler)
    }

    /// Runs `handler` with every replayed call of `category` (`nil`: calls without one) that
    /// the server answered, after the handlers of its path.
    public func onReplay(category: String?, handler: @escaping @Sendable (ReplayedCall) -> Void) {
        handlers.add(category: category, handler)
    }

    /// Runs `handler` with every replayed call of the generated method `M`, its response
    /// decoded as `M.Output` (binary or JSON by its `Content-Type`), or the server's error.
    ///
    /// ```swift
    /// queue.onReplay(Notes_NotesMetadata.CreateNote.self) { entry, result in
    ///     if case .success(let note) = result { print("created", note.id, "for", entry.idempotencyKey) }
    /// }
    /// ```
    public func onReplay<M: RPCMethod>(_ method: M.Type, handler: @escaping @Sendable (QueuedCall, Result<M.Output, ProtoHTTPError>) -> Void) {
        handlers.add(path: M.path) { replayed in
            let result = replayed.result.flatMap { response -> Result<M.Output, ProtoHTTPError> in
                do throws(ProtoHTTPError) {
                    return .success(try MessageResponseSerializer<M.Output>().serialize(response.body, metadata: response.metadata))
                } catch {
                    return .failure(error)
                }
            }
            handler(replayed.entry, result)
        }
    }

    /// Runs `handler` with every entry that leaves the queue without an answer from the
    /// server (``DroppedCall/Reason``), on the manager's callback queue.
    public func onDropped(_ handler: @escaping @Sendable (DroppedCall) -> Void) {
        handlers.addDropped(handler)
    }
}
