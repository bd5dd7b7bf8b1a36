// HandlerDeadline.swift: the deadline of the RPC a server handler is answering, for the calls the handler makes.

/// The deadline of the call a ProtoHTTPServer handler is answering, seen by the code it runs
/// (a task-local, so child tasks see it too): a client call made there gets at most the time
/// that is left, as gRPC propagates deadlines, unless its manager turns that off
/// (`ManagerConfiguration.inheritsHandlerDeadline`).
///
/// ```swift
/// func summary(_ request: SummaryRequest, context: ServerContext) async throws -> Summary {
///     // The caller allowed 2 s and 1.5 s are left: this call gets 1.5 s, not the manager's 60.
///     let notes = try await notesClient.listNotes(.with { $0.owner = request.owner })
///     …
/// }
/// ```
///
/// The server sets it for handlers whose request carries a deadline (`grpc-timeout`,
/// `Connect-Timeout-Ms`); it is `nil` elsewhere.
public enum HandlerDeadline {
    /// The deadline of the handler running in this task, or `nil`.
    @TaskLocal public static var current: ContinuousClock.Instant?

    /// The time left before ``current`` (zero once it has passed), or `nil` without one.
    public static var remaining: Duration? {
        guard let current else { return nil }
        let left = ContinuousClock.now.duration(to: current)
        return left > .zero ? left : .zero
    }
}
