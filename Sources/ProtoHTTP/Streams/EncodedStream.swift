// EncodedStream.swift: a streaming call named by its descriptor whose messages are already encoded: bytes out, bytes in.
public import ProtoHTTPCore

/// A streaming call of any kind whose request and response messages are bytes in the call's
/// ``encoding``, for callers without generated types (the `protohttp call` command encodes and
/// decodes through descriptors). Made by ``ProtoHTTPManager/encodedStream(_:options:)``.
///
/// ```swift
/// let method = MethodDescriptor(path: "/notes.NoteFeed/WatchNotes", inputTypeName: "notes.ListNotesRequest",
///                               outputTypeName: "notes.Note", isServerStreaming: true)
/// let feed = manager.encodedStream(method, options: CallOptions(encoding: .json))
/// try await feed.send(Array("{}".utf8))
/// feed.finishSending()
/// for try await note in feed.responses { print(String(decoding: note, as: UTF8.self)) }
/// ```
///
/// The method's kind decides what it may do: a unary or server-streaming call takes exactly one
/// request and a client-streaming one answers exactly one response; the server enforces it, and
/// the call ends with its error. Flow control, deadline and cancellation are those of the typed
/// streams (``ServerStream``, ``ClientStream``, ``BidirectionalStream``).
public struct EncodedStream: Sendable {
    let call: StreamingCall
    /// The encoding of every message of the call, both ways.
    public let encoding: BodyEncoding

    /// Sends one request message, already in ``encoding``; returns once the transport can take
    /// more. Throws the call's error once it has ended.
    public func send(_ message: [UInt8]) async throws(ProtoHTTPError) {
        try await call.send(message)
    }

    /// Ends the requests; the responses go on until the server ends the stream.
    public func finishSending() { call.finishSending() }

    /// The response messages, as they arrive, each in ``encoding``.
    public var responses: EncodedResponses { EncodedResponses(call: call) }

    /// Stops the call: both directions end with `canceled`.
    public func cancel() { call.cancel() }

    /// The response's status, headers and trailers, once the stream has ended well.
    public var metadata: ResponseMetadata? { call.metadata }
}

/// The response messages of an ``EncodedStream``, undecoded, in order, as they arrive; the loop
/// ends when the call ends well and throws its `ProtoHTTPError` otherwise. Iterate it once.
public struct EncodedResponses: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public typealias Failure = ProtoHTTPError

    let call: StreamingCall

    /// Makes the sequence's iterator.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(call: call) }

    /// Reads the messages one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = [UInt8]
        public typealias Failure = ProtoHTTPError

        let call: StreamingCall

        /// The next message, or `nil` once the call has ended well.
        public mutating func next() async throws(ProtoHTTPError) -> [UInt8]? {
            try await call.nextPayload()
        }
    }
}

extension ProtoHTTPManager {
    /// Starts a streaming call of `method` (its kind from its `isClientStreaming` /
    /// `isServerStreaming`) whose messages the caller encodes and decodes: send each request in
    /// the returned stream's ``EncodedStream/encoding`` (the call's, else the manager's), then
    /// ``EncodedStream/finishSending()``, and read ``EncodedStream/responses``.
    ///
    /// Protocols, settings and deadline as for ``serverStream(_:_:options:)``; a unary method
    /// may go this way too, over a streaming protocol's framing.
    public func encodedStream(_ method: MethodDescriptor, options: CallOptions = CallOptions()) -> EncodedStream {
        let kind = RPCKind(clientStreaming: method.isClientStreaming, serverStreaming: method.isServerStreaming)
        let (call, encoding) = startStream(method, kind: kind, options: options) { _, _ in }
        return EncodedStream(call: call, encoding: encoding)
    }
}
