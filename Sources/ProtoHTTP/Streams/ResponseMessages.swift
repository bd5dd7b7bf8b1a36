// ResponseMessages.swift: the response messages of a streaming call, as an async sequence that ends with the call.
public import ProtoWire
public import ProtoHTTPCore

/// The messages a server streams back, in order, as they arrive:
///
/// ```swift
/// for try await note in stream { print(note.title) }   // ends when the server ends the stream
/// ```
///
/// The loop ends when the call ends well; it throws the call's `ProtoHTTPError` when it ends
/// with one (the server's code, message and details, `deadline_exceeded`, `canceled`, or a
/// transport failure), after the messages that came before it. Reading is back-pressure: while
/// the loop does not take messages, the transfer pauses once a few hundred KiB wait, so a fast
/// server cannot fill the client's memory. Iterate it once.
public struct ResponseMessages<Message: ProtoMessage>: AsyncSequence, Sendable {
    public typealias Element = Message
    public typealias Failure = ProtoHTTPError

    let call: StreamingCall
    let encoding: BodyEncoding

    /// Makes the sequence's iterator.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(call: call, encoding: encoding) }

    /// Reads the messages one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = Message
        public typealias Failure = ProtoHTTPError

        let call: StreamingCall
        let encoding: BodyEncoding
        private var index = 0

        init(call: StreamingCall, encoding: BodyEncoding) {
            self.call = call
            self.encoding = encoding
        }

        /// The next message, or `nil` once the call has ended well.
        public mutating func next() async throws(ProtoHTTPError) -> Message? {
            guard let payload = try await call.nextPayload() else { return nil }
            index += 1
            do throws(WireError) {
                switch encoding {
                case .binary: return try Message(serializedBytes: payload)
                case .json: return try Message(jsonUTF8Bytes: payload)
                }
            } catch {
                call.cancel()
                throw ProtoHTTPError(code: .internal,
                                     message: "response message \(index) of \(call.path) is not a valid \(Message.protoMessageName): \(error); check that the client and the server use the same .proto.")
            }
        }
    }
}
