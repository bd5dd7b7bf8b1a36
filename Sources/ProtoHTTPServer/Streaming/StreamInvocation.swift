// StreamInvocation.swift: a streaming method with its types erased: request payloads in, response payloads out.
import NIOCore
import ProtoHTTPCore

/// How the server runs a streaming method: `run` reads the request messages' payloads (already
/// unframed and inflated) from ``RequestPayloads`` and hands each response payload to
/// ``ResponseSink``; returning ends the stream with OK, throwing ends it with the error. The
/// method's interceptors run around its handler, once the request message is read for a
/// server stream, at once otherwise.
struct StreamInvocation: Sendable {
    let kind: RPCKind
    let run: @Sendable (_ requests: RequestPayloads, _ responses: ResponseSink, _ context: ServerContext,
                        _ interceptors: InterceptorChain) async throws -> Void
}

/// The request messages of a streaming call as they arrive, each the payload of one frame.
/// Reading slowly holds the connection back: past a few messages waiting, the channel stops
/// reading the socket (``RequestPayloads/highWatermark``) until the handler catches up.
struct RequestPayloads: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    typealias Producer = NIOThrowingAsyncSequenceProducer<
        [UInt8], any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, ReadControl
    >

    /// Messages waiting beyond which the channel stops reading, and at or below which it reads again.
    static let highWatermark = 16
    static let lowWatermark = 4

    /// Tells the channel to read again once the handler has taken messages, from any thread.
    struct ReadControl: NIOAsyncSequenceProducerDelegate {
        let resume: @Sendable () -> Void
        func produceMore() { resume() }
        func didTerminate() {}
    }

    let producer: Producer

    /// A sequence and the source that feeds it; `resume` runs when the reader wants more.
    static func make(resume: @escaping @Sendable () -> Void) -> (source: Producer.Source, payloads: RequestPayloads) {
        let made = Producer.makeSequence(
            backPressureStrategy: .init(lowWatermark: lowWatermark, highWatermark: highWatermark),
            finishOnDeinit: false, delegate: ReadControl(resume: resume)
        )
        return (made.source, RequestPayloads(producer: made.sequence))
    }

    func makeAsyncIterator() -> Producer.AsyncIterator { producer.makeAsyncIterator() }

    /// The one request message of a call whose client does not stream: exactly one must come.
    func single(method: String) async throws -> [UInt8] {
        let iterator = makeAsyncIterator()
        guard let first = try await iterator.next() else {
            throw ProtoHTTPError(code: .invalidArgument, message: "\(method) takes exactly one request message and the request carried none; send one.")
        }
        guard try await iterator.next() == nil else {
            throw ProtoHTTPError(code: .invalidArgument, message: "\(method) takes exactly one request message and the request carried more; send one.")
        }
        return first
    }
}

/// Where a streaming call's response messages go: each payload is framed and written to the
/// connection; `send` returns once the connection can take more (the client reads), and throws
/// once the call has ended (the client went away, or the deadline passed).
struct ResponseSink: Sendable {
    let send: @Sendable (_ payload: [UInt8]) async throws -> Void
}
