// StreamCalls.swift: the three streaming call handles: a server stream, a client stream, and a stream each way.
public import ProtoWire
public import ProtoHTTPCore

/// A server-streaming call under way: iterate it for the responses.
///
/// ```swift
/// let feed = manager.serverStream(Notes_NotesMetadata.WatchNotes.self, request)
/// for try await note in feed { print(note.title) }
/// print(feed.metadata?.trailers ?? [:])
/// ```
public struct ServerStream<Output: ProtoMessage>: AsyncSequence, Sendable {
    public typealias Element = Output
    public typealias Failure = ProtoHTTPError

    let call: StreamingCall
    /// The response messages (the stream itself iterates them).
    public let messages: ResponseMessages<Output>

    /// Makes the iterator of the response messages.
    public func makeAsyncIterator() -> ResponseMessages<Output>.AsyncIterator { messages.makeAsyncIterator() }

    /// Stops the call: the loop over the messages ends with `canceled`.
    public func cancel() { call.cancel() }

    /// The response's status, headers and trailers, once the stream has ended well.
    public var metadata: ResponseMetadata? { call.metadata }
}

/// A client-streaming call under way: send the requests, then ``finish()`` for the one response.
///
/// ```swift
/// let upload = manager.clientStream(Notes_NotesMetadata.ImportNotes.self)
/// for note in notes { try await upload.send(note) }
/// let summary = try await upload.finish()
/// ```
public struct ClientStream<Input: ProtoMessage, Output: ProtoMessage>: Sendable {
    let call: StreamingCall
    let encoding: BodyEncoding

    /// Sends one request message; returns once the transport can take more. Throws the call's
    /// error once it has ended (the server answered early, the deadline passed, it was cancelled).
    public func send(_ message: Input) async throws(ProtoHTTPError) {
        try await call.send(try StreamPayload.encode(message, encoding))
    }

    /// Ends the requests and waits for the response.
    public func finish() async throws(ProtoHTTPError) -> Output {
        try await finishWithMetadata().output
    }

    /// Ends the requests and waits for the response, with its headers and trailers.
    public func finishWithMetadata() async throws(ProtoHTTPError) -> CallResponse<Output> {
        call.finishSending()
        var responses = ResponseMessages<Output>(call: call, encoding: encoding).makeAsyncIterator()
        guard let output = try await responses.next() else {
            throw ProtoHTTPError(code: .internal, message: "\(call.path) ended without its response message; a client-streaming call answers exactly one.")
        }
        guard try await responses.next() == nil, let metadata = call.metadata else {
            throw ProtoHTTPError(code: .internal, message: "\(call.path) answered more than one message; a client-streaming call answers exactly one.")
        }
        return CallResponse(output: output, metadata: metadata)
    }

    /// Stops the call: ``send(_:)`` and ``finish()`` throw `canceled`.
    public func cancel() { call.cancel() }
}

/// A bidirectional call under way: send requests and read responses in any order; over HTTP/2
/// both flow at once.
///
/// ```swift
/// let chat = manager.bidirectionalStream(Chat_ChatMetadata.Talk.self)
/// try await chat.send(line)
/// for try await reply in chat.responses { … }   // elsewhere, or after finishSending()
/// chat.finishSending()
/// ```
public struct BidirectionalStream<Input: ProtoMessage, Output: ProtoMessage>: Sendable {
    let call: StreamingCall
    let encoding: BodyEncoding
    /// The response messages, as they arrive.
    public let responses: ResponseMessages<Output>

    /// Sends one request message; returns once the transport can take more.
    public func send(_ message: Input) async throws(ProtoHTTPError) {
        try await call.send(try StreamPayload.encode(message, encoding))
    }

    /// Ends the requests; the responses go on until the server ends the stream.
    public func finishSending() { call.finishSending() }

    /// Stops the call: both directions end with `canceled`.
    public func cancel() { call.cancel() }

    /// The response's status, headers and trailers, once the stream has ended well.
    public var metadata: ResponseMetadata? { call.metadata }
}

/// A request message in the call's encoding.
enum StreamPayload {
    static func encode<Message: ProtoMessage>(_ message: Message, _ encoding: BodyEncoding) throws(ProtoHTTPError) -> [UInt8] {
        switch encoding {
        case .binary:
            return message.serializedBytes()
        case .json:
            do throws(WireError) {
                return try message.jsonUTF8Bytes()
            } catch {
                throw ProtoHTTPError(code: .invalidArgument, message: "the request message \(Message.protoMessageName) has no JSON form: \(error); send it in binary.")
            }
        }
    }
}
