// ResponseWriter.swift: where a server-streaming or bidirectional handler sends its response messages.
public import ProtoWire
import ProtoHTTPCore

/// Sends a handler's response messages to the client, one `send` per message:
///
/// ```swift
/// func watchNotes(_ request: WatchRequest, response: ResponseWriter<Note>, context: ServerContext) async throws {
///     for await note in store.changes(tag: request.tag) { try await response.send(note) }
/// }
/// ```
///
/// Returning from the handler ends the stream with OK; throwing ends it with the error (a
/// `ProtoHTTPError` keeps its code, message and details, anything else is `internal`).
///
/// `send` is back-pressure: it returns once the connection can take more, so a client that reads
/// slowly slows the handler down instead of filling the server's memory. It throws a
/// `ProtoHTTPError` once the call is over: `canceled` when the client went away,
/// `deadline_exceeded` when the call's deadline passed; a handler need not catch it.
public struct ResponseWriter<Message: ProtoMessage>: Sendable {
    private let deliver: @Sendable (Message) async throws -> Void

    init(sink: ResponseSink, encoding: BodyEncoding) {
        deliver = { message in try await sink.send(try MethodDefinition.encode(message, encoding)) }
    }

    /// A writer that hands each message to `deliver`, for testing handlers without a server.
    public init(_ deliver: @escaping @Sendable (Message) async throws -> Void) {
        self.deliver = deliver
    }

    /// Sends `message`; returns once the connection can take the next one.
    public func send(_ message: Message) async throws {
        try await deliver(message)
    }

    /// Sends each of `messages` in order.
    public func send<Messages: Sequence<Message>>(contentsOf messages: Messages) async throws {
        for message in messages { try await deliver(message) }
    }
}
