// StreamingCall.swift: one streaming call's engine: the transfer, request messages framed out, response frames read in, how it ended.
import HTTPTypes
import Synchronization
import ProtoHTTPCore

/// The type-erased core of every streaming call (``ServerStream``, ``ClientStream``,
/// ``BidirectionalStream``): it owns the transfer and its ``TransportStream``, frames the
/// request payloads it is given, and reads response payloads out of the body as it arrives.
///
/// ```
/// send(payload) ─► frame ─► TransportStream.write ─► libcurl (engine thread)
/// nextPayload() ◄─ StreamWire.read ◄─ FrameReader ◄─ TransportStream.next ◄─ libcurl
///                  head: a status other than 200 is the error (its body read whole)
///                  end:  Connect's end-stream message, gRPC's trailers, gRPC-Web's trailer frame
/// ```
///
/// The first error ends the call for both sides: a later `send` throws it, and so does the
/// reader once it has taken the messages that came before it.
final class StreamingCall: Sendable {
    private struct State: Sendable {
        var transportCall: (any ClientTransportCall)?
        /// The transfer's completion, once it came.
        var completion: Result<TransportResponse, ProtoHTTPError>?
        /// The end the body's own framing gave (Connect, gRPC-Web), once read.
        var end: (error: ProtoHTTPError?, trailers: HTTPFields)?
        var headers: HTTPFields?
        var status = 0
        /// How the call ended, once known to the reader.
        var outcome: Result<ResponseMetadata, ProtoHTTPError>?
        var cancelled = false
        /// Whether the transfer was started (it starts once, whatever the interceptors do).
        var started = false
    }

    /// Reading state: touched only by the one reader at a time (``nextPayload()`` is not reentrant).
    private struct Reader: Sendable {
        var frames: FrameReader
        /// A refused answer's body, collected whole.
        var refusalBody: [UInt8]?
    }

    let wire: StreamWire
    let path: String
    private let stream = TransportStream()
    private let state = Mutex(State())
    private let reader: Mutex<Reader>

    init(wire: StreamWire, path: String, messageLimit: Int) {
        self.wire = wire
        self.path = path
        reader = Mutex(Reader(frames: FrameReader(limit: messageLimit)))
    }

    /// Starts the transfer of `request` (its ``TransportRequest/stream`` is set here) on
    /// `transport`, through `interceptors` (outermost first): they see the request before it goes
    /// and the response's status, headers and trailers once the stream has ended (its messages
    /// went to the reader, so the body they see is empty). A stream's transfer starts once: an
    /// interceptor that calls `next` again gets `failed_precondition` (retry unary calls only).
    func start(_ request: TransportRequest, on transport: any ClientTransport,
               interceptors: [any CallInterceptor] = [], info: CallInfo? = nil) {
        let stream = self.stream
        let path = self.path
        let terminal: InterceptorNext = { [weak self] request, completion in
            guard let self else {
                completion(.failure(ProtoHTTPError(code: .canceled, message: "the stream \(path) was released before it started.")))
                return
            }
            let first = self.state.withLock { state -> Bool in
                defer { state.started = true }
                return !state.started
            }
            guard first else {
                completion(.failure(ProtoHTTPError(code: .failedPrecondition,
                                                   message: "an interceptor sent the stream \(path) a second time; a stream's transfer starts once (its request messages go out as they are written), so retry only unary calls.")))
                return
            }
            var request = request
            request.stream = stream
            let call = transport.start(request, handedOff: nil) { result in completion(result) }
            let cancelNow = self.state.withLock { state -> Bool in
                state.transportCall = call
                return state.cancelled
            }
            if cancelNow { call.cancel() }
        }
        let exchange = info.map { InterceptorChain.build(interceptors, info: $0, terminal: terminal) } ?? terminal
        exchange(request) { [weak self] result in
            self?.state.withLock { state in
                if state.completion == nil { state.completion = result }
            }
            stream.complete()
        }
    }

    /// Fails the call before it started (a bad request, a protocol without streams).
    func fail(_ error: ProtoHTTPError) {
        state.withLock { $0.outcome = .failure(error) }
        stream.complete()
    }

    // MARK: Sending

    /// Sends one request message; returns once the transport can take more.
    func send(_ payload: [UInt8]) async throws(ProtoHTTPError) {
        if let error = endedError { throw error }
        await stream.write(wire.frame(payload))
        if let error = endedError { throw error }
    }

    /// Queues a request message without waiting (the first of a server stream's, before the start).
    func enqueue(_ payload: [UInt8]) { stream.enqueue(wire.frame(payload)) }

    /// Ends the request stream.
    func finishSending() { stream.finishWriting() }

    /// The error a send after the end meets: the call's, or `canceled` for one that ended well.
    private var endedError: ProtoHTTPError? {
        state.withLock { state in
            if case .failure(let error)? = state.outcome { return error }
            if case .failure(let error)? = state.completion { return error }
            if state.outcome != nil || state.completion != nil {
                return ProtoHTTPError(code: .canceled, message: "the stream \(path) has ended; the server answered before this message was sent.")
            }
            return nil
        }
    }

    /// Cancels the call: both sides end with `canceled`.
    func cancel() {
        let call = state.withLock { state -> (any ClientTransportCall)? in
            state.cancelled = true
            return state.transportCall
        }
        call?.cancel()
        stream.complete()
    }

    // MARK: Receiving

    /// The next response message's payload, `nil` once the call ended well (then ``metadata``
    /// is set), or the error it ended with.
    func nextPayload() async throws(ProtoHTTPError) -> [UInt8]? {
        while true {
            if let outcome = state.withLock({ $0.outcome }) {
                switch outcome {
                case .success: return nil
                case .failure(let error): throw error
                }
            }
            if let payload = try takeFrame() { return payload }
            guard let event = await stream.next() else {
                try finish()
                continue
            }
            switch event {
            case .head(let status, let headers):
                state.withLock { state in
                    state.status = status
                    state.headers = headers
                }
                guard status == 200 else {
                    reader.withLock { $0.refusalBody = [] }
                    continue
                }
                if let error = checkContentType(headers) { throw settle(.failure(error)) }
                if wire.wireProtocol == .grpc, headers[.grpcStatus] != nil,
                   let error = wire.grpcStatus([:], headers: headers, status: status) {
                    // Trailers-only: the call is over before any message, whatever becomes of the
                    // upload (a server refusing an unknown method resets the stream while the
                    // client is still sending, and curl then reports that reset).
                    throw settle(.failure(error))
                }
            case .data(let bytes):
                let collecting = reader.withLock { reader -> Bool in
                    if reader.refusalBody != nil {
                        reader.refusalBody! += bytes
                        return true
                    }
                    reader.frames.append(contentsOf: bytes)
                    return false
                }
                if collecting { continue }
            }
        }
    }

    /// The next whole frame's message, settling the call at an end frame or a framing error.
    private func takeFrame() throws(ProtoHTTPError) -> [UInt8]? {
        let (headers, status) = state.withLock { ($0.headers ?? [:], $0.status) }
        while true {
            let next = reader.withLock { $0.frames.next() }
            switch next {
            case .success(nil):
                return nil
            case .failure(let failure):
                throw settle(.failure(ProtoHTTPError(code: .resourceExhausted, message: "a response message of \(path) is too large: \(failure); raise TransportConfiguration.maxResponseSize.")))
            case .success(let frame?):
                switch wire.read(frame, headers: headers, status: status) {
                case .failure(let error): throw settle(.failure(error))
                case .success(.message(let payload)): return payload
                case .success(.end(let error, let trailers)):
                    state.withLock { $0.end = (error, trailers) }
                    // What follows the end is not read; the transfer's completion settles the call.
                }
            }
        }
    }

    /// The body has ended: how the call ended, from the completion and what the body said.
    private func finish() throws(ProtoHTTPError) {
        let (completion, end, cancelled) = state.withLock { ($0.completion, $0.end, $0.cancelled) }
        if cancelled, end == nil {
            throw settle(.failure(ProtoHTTPError(code: .canceled, message: "the stream \(path) was cancelled.")))
        }
        guard let completion else {
            throw settle(.failure(ProtoHTTPError(code: .canceled, message: "the stream \(path) ended before it completed.")))
        }
        let response: TransportResponse
        switch completion {
        case .failure(let error) where end == nil: throw settle(.failure(error))
        case .failure:
            response = TransportResponse(status: 200, headers: state.withLock { $0.headers } ?? [:], body: [])
        case .success(let value): response = value
        }
        if let body = reader.withLock({ $0.refusalBody }) {
            throw settle(.failure(wire.refusal(status: response.status, headers: response.headers, body: body)))
        }
        if let leftover = reader.withLock({ $0.frames.leftover }), end == nil {
            throw settle(.failure(wire.malformed("the response stream ended inside a message (\(leftover))")))
        }
        var metadata = ResponseMetadata(status: response.status, headers: response.headers)
        metadata.rpcProtocol = wire.wireProtocol
        metadata.metrics = response.metrics
        switch wire.wireProtocol {
        case .grpc:
            metadata.trailers = response.trailers
            if let error = wire.grpcStatus(response.trailers, headers: response.headers, status: response.status) { throw settle(.failure(error)) }
        default:
            guard let end else {
                throw settle(.failure(wire.malformed("the response stream ended without its end (\(wire.wireProtocol == .connect ? "the end-of-stream message" : "the trailer frame"))")))
            }
            metadata.trailers = end.trailers
            if let error = end.error { throw settle(.failure(error)) }
        }
        _ = settle(.success(metadata))
    }

    /// Records how the call ended (the first outcome stands) and returns its error.
    @discardableResult
    private func settle(_ outcome: Result<ResponseMetadata, ProtoHTTPError>) -> ProtoHTTPError {
        let settled = state.withLock { state -> Result<ResponseMetadata, ProtoHTTPError> in
            if state.outcome == nil { state.outcome = outcome }
            return state.outcome!
        }
        if case .failure = settled {
            let call = state.withLock { $0.transportCall }
            call?.cancel()  // the server may still be sending: stop the transfer
        }
        switch settled {
        case .failure(let error): return error
        case .success: return ProtoHTTPError(code: .internal, message: "the stream \(path) ended well")
        }
    }

    /// A 200 answer whose Content-Type is not the stream's: the server is not speaking the protocol.
    private func checkContentType(_ headers: HTTPFields) -> ProtoHTTPError? {
        let media = MediaType(headers.firstValue(.contentType) ?? "").essence
        guard let (wireProtocol, _) = RPCProtocol.streaming(mediaType: media), wireProtocol == wire.wireProtocol else {
            if wire.wireProtocol != .connect, let error = wire.grpcStatus([:], headers: headers, status: 200) { return error }  // trailers-only
            return wire.malformed("the answer's Content-Type is \"\(media)\", not a \(wire.wireProtocol) stream's")
        }
        return nil
    }

    /// The response's headers and trailers, once the call has ended well.
    var metadata: ResponseMetadata? {
        if case .success(let metadata)? = state.withLock({ $0.outcome }) { return metadata }
        return nil
    }
}
