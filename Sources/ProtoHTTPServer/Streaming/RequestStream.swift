// RequestStream.swift: the request messages of a client-streaming or bidirectional call, as a handler reads them.
public import ProtoWire
import ProtoHTTPCore

/// The messages a client streams to a handler, in order, as they arrive:
///
/// ```swift
/// func importNotes(_ requests: RequestStream<CreateNoteRequest>, context: ServerContext) async throws -> ImportSummary {
///     var count = 0
///     for try await request in requests { try store.add(request); count += 1 }
///     return ImportSummary.with { $0.count = Int32(count) }
/// }
/// ```
///
/// The loop ends when the client has finished sending. It throws a `ProtoHTTPError` when a
/// message does not decode (`invalid_argument`), is larger than the server's limit
/// (`resource_exhausted`), or the stream breaks off (`canceled` when the client went away).
/// Reading is back-pressure: while the handler does not take messages, the server stops reading
/// the connection after a few have arrived, so a fast client cannot fill the server's memory.
/// A stream can be iterated once.
public struct RequestStream<Message: ProtoMessage>: AsyncSequence, Sendable {
    public typealias Element = Message

    private enum Source: Sendable {
        case wire(RequestPayloads, BodyEncoding)
        case messages([Message])
    }

    private let source: Source

    init(payloads: RequestPayloads, encoding: BodyEncoding) {
        source = .wire(payloads, encoding)
    }

    /// A stream of `messages`, for testing handlers without a server.
    public init(_ messages: [Message]) {
        source = .messages(messages)
    }

    /// Makes the stream's iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .wire(let payloads, let encoding): AsyncIterator(.wire(payloads.makeAsyncIterator(), encoding))
        case .messages(let messages): AsyncIterator(.messages(messages.makeIterator()))
        }
    }

    /// Reads the stream's messages one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate enum Position {
            case wire(RequestPayloads.Producer.AsyncIterator, BodyEncoding)
            case messages(IndexingIterator<[Message]>)
        }

        private var position: Position
        private var index = 0

        fileprivate init(_ position: Position) {
            self.position = position
        }

        /// The next message, or `nil` once the client has finished sending.
        public mutating func next() async throws -> Message? {
            switch position {
            case .messages(var iterator):
                defer { position = .messages(iterator) }
                return iterator.next()
            case .wire(let iterator, let encoding):
                let payload = try await iterator.next()  // NIO's iterator is a handle: nothing to store back
                guard let payload else { return nil }
                index += 1
                do {
                    return try MethodDefinition.decode(Message.self, payload, encoding)
                } catch .undecodableRequest(let cause, _, _) {
                    let form = encoding == .json ? "proto3 JSON" : "binary protobuf"
                    throw ProtoHTTPError(code: .invalidArgument,
                                         message: "request message \(index) is not a valid \(Message.protoMessageName) in \(form): \(cause); send the messages the method expects.")
                } catch {
                    throw ProtoHTTPError(code: .invalidArgument, message: "request message \(index) did not decode: \(error)")
                }
            }
        }
    }
}
