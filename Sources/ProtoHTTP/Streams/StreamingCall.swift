// StreamingCall.swift: one streaming call's engine: its attempts' transfers, request messages framed out, response frames read in, how it ended.
import HTTPTypes
import Synchronization
import ProtoHTTPCore
import ProtoHTTPObservability

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
/// Under a retry policy (``StreamRetry``) a call that fails before its first response message
/// may make further attempts, each a new transfer with its own ``TransportStream`` into which
/// the request messages sent so far are replayed; the reader drops whatever a replaced attempt
/// still held. The failure is judged where it shows first: the transfer's completion (a
/// transport error, gRPC's status, a refusal without a body) or the reader (an end-of-stream
/// message, a refusal's body).
///
/// The first error that is not retried ends the call for both sides: a later `send` throws it,
/// and so does the reader once it has taken the messages that came before it.
final class StreamingCall: Sendable {
    /// One transfer of the call and what it has said so far.
    private struct Attempt: Sendable {
        /// 1 for the first.
        let number: Int
        let stream = TransportStream()
        var transportCall: (any ClientTransportCall)?
        /// The transfer's completion, once it came.
        var completion: Result<TransportResponse, ProtoHTTPError>?
        /// The end the body's own framing gave (Connect, gRPC-Web), once read.
        var end: (error: ProtoHTTPError?, trailers: HTTPFields)?
        var headers: HTTPFields?
        var status = 0
        /// Whether the transfer was started (it starts once, whatever the interceptors do).
        var started = false
    }

    /// What every attempt starts from.
    private struct Launch: Sendable {
        let request: TransportRequest
        let transport: any ClientTransport
        let interceptors: [any CallInterceptor]
        let info: CallInfo?
    }

    private struct State: Sendable {
        var attempt = Attempt(number: 1)
        /// How the call ended, once known to the reader.
        var outcome: Result<ResponseMetadata, ProtoHTTPError>?
        var cancelled = false
        var finishedSending = false
        /// Set when the policy allows more than one attempt.
        var retry: StreamRetry?
        var launch: Launch?
    }

    /// Reading state: touched only by the one reader at a time (``nextPayload()`` is not reentrant).
    private struct Reader: Sendable {
        /// The attempt whose body `frames` holds.
        var attempt: Int
        var frames: FrameReader
        /// A refused answer's body, collected whole.
        var refusalBody: [UInt8]?
    }

    let wire: StreamWire
    let path: String
    private let messageLimit: Int
    private let state: Mutex<State>
    private let reader: Mutex<Reader>
    /// The call's metrics and span (``ManagerConfiguration/observability``), ended with its
    /// outcome: the one place every end goes through is ``settle(_:)``, with ``fail(_:)`` before
    /// the start, ``cancel()``, and the release of a stream nobody read to its end.
    private let observation: RPCCallObservation?

    init(wire: StreamWire, path: String, messageLimit: Int, retry: StreamRetry? = nil, observation: RPCCallObservation? = nil) {
        self.wire = wire
        self.path = path
        self.messageLimit = messageLimit
        self.observation = observation
        var initial = State()
        initial.retry = retry.flatMap { $0.policy.maxAttempts > 1 ? $0 : nil }
        state = Mutex(initial)
        reader = Mutex(Reader(attempt: 1, frames: FrameReader(limit: messageLimit)))
    }

    deinit {
        // A stream dropped before its end (a reader that stopped early) was abandoned: nobody can
        // read or send on it any more, so its transfer stops (the server's handler sees the
        // cancel instead of writing into a stream no one reads until a timeout or shutdown).
        let (call, stream) = state.withLock { ($0.outcome == nil ? $0.attempt.transportCall : nil, $0.attempt.stream) }
        if let call {
            call.cancel()
            stream.complete()
        }
        observation?.finish(code: .canceled, message: "the stream was released before it ended")
    }

    /// Starts the transfer of `request` (its ``TransportRequest/stream`` is set here) on
    /// `transport`, through `interceptors` (outermost first): they see the request before it goes
    /// and the response's status, headers and trailers once the stream has ended (its messages
    /// went to the reader, so the body they see is empty). Each attempt goes through the whole
    /// chain once; an interceptor that calls `next` again gets `failed_precondition` (a stream's
    /// retries are the call's own, before its first response message).
    func start(_ request: TransportRequest, on transport: any ClientTransport,
               interceptors: [any CallInterceptor] = [], info: CallInfo? = nil) {
        state.withLock { $0.launch = Launch(request: request, transport: transport, interceptors: interceptors, info: info) }
        launch(1)
    }

    /// Starts attempt `number`'s transfer, unless the call has moved on.
    private func launch(_ number: Int) {
        let plan = state.withLock { state -> (Launch, TransportRequest, TransportStream)? in
            guard let launch = state.launch, state.attempt.number == number, state.outcome == nil, !state.cancelled else { return nil }
            var request = launch.request
            if number > 1, let remaining = state.retry?.deadline?.remaining() { request = wire.retimed(request, remaining: remaining) }
            return (launch, request, state.attempt.stream)
        }
        guard let (launch, request, stream) = plan else { return }
        let path = self.path
        let terminal: InterceptorNext = { [weak self] request, completion in
            guard let self else {
                completion(.failure(ProtoHTTPError(code: .canceled, message: "the stream \(path) was released before it started.")))
                return
            }
            enum Start { case go, again, replaced }
            let start = self.state.withLock { state -> Start in
                guard state.attempt.number == number, !state.cancelled else { return .replaced }
                guard !state.attempt.started else { return .again }
                state.attempt.started = true
                return .go
            }
            switch start {
            case .replaced:
                completion(.failure(ProtoHTTPError(code: .canceled, message: "the stream \(path) ended before this attempt started.")))
                return
            case .again:
                completion(.failure(ProtoHTTPError(code: .failedPrecondition,
                                                   message: "an interceptor sent the stream \(path) a second time; a stream's transfer starts once (its request messages go out as they are written), so retry it through RetryPolicy, which replays them.")))
                return
            case .go: break
            }
            var request = request
            request.stream = stream
            let call = launch.transport.start(request, handedOff: nil) { result in completion(result) }
            let cancelNow = self.state.withLock { state -> Bool in
                guard state.attempt.number == number else { return true }
                state.attempt.transportCall = call
                return state.cancelled
            }
            if cancelNow { call.cancel() }
        }
        let exchange = launch.info.map { InterceptorChain.build(launch.interceptors, info: $0, terminal: terminal) } ?? terminal
        exchange(request) { [weak self] result in
            self?.completed(number, result)
            stream.complete()
        }
    }

    /// Attempt `number`'s transfer completed: kept for the reader, and judged at once when
    /// another attempt may follow and the body said nothing (the reader judges a body).
    private func completed(_ number: Int, _ result: Result<TransportResponse, ProtoHTTPError>) {
        let failure = state.withLock { state -> (ProtoHTTPError, HTTPFields?)? in
            guard state.attempt.number == number else { return nil }
            if state.attempt.completion == nil { state.attempt.completion = result }
            guard state.outcome == nil, state.retry?.mayFollow(number) == true, !state.attempt.stream.receivedBody else { return nil }
            return wire.failure(withoutBody: result).map { ($0, try? result.get().headers) }
        }
        if let (error, headers) = failure { _ = retryOrSettle(number, error, headers: headers) }
    }

    /// Attempt `number` failed with `error`: starts the next attempt when the policy allows it
    /// (then `nil`), else settles the call and returns the error it ended with. `nil` too when
    /// the attempt was already replaced or the call had ended (its outcome stands).
    private func retryOrSettle(_ number: Int, _ error: ProtoHTTPError, headers: HTTPFields?) -> ProtoHTTPError? {
        enum Step { case stale, settle, retry(Duration, Attempt, StreamRetry) }
        let step = state.withLock { state -> Step in
            guard state.attempt.number == number, state.outcome == nil else { return .stale }
            guard !state.cancelled, let retry = state.retry, retry.mayFollow(number),
                  let wait = retry.wait(after: number, error: error, headers: headers) else { return .settle }
            let replaced = state.attempt
            state.attempt = Attempt(number: number + 1)
            for frame in retry.replay { state.attempt.stream.enqueue(frame) }
            if state.finishedSending { state.attempt.stream.finishWriting() }
            return .retry(wait, replaced, retry)
        }
        switch step {
        case .stale: return nil
        case .settle: return settle(.failure(error))
        case .retry(let wait, let replaced, let retry):
            replaced.transportCall?.cancel()
            replaced.stream.complete()
            retry.clock.run(after: wait, on: retry.queue) { [weak self] in self?.launch(number + 1) }
            return nil
        }
    }

    /// The reader's side of ``retryOrSettle(_:_:headers:)``: throws the error the call ended with,
    /// returns when another attempt follows (the reader moves on to it).
    private func fail(_ error: ProtoHTTPError, attempt number: Int) throws(ProtoHTTPError) {
        let headers = state.withLock { $0.attempt.number == number ? $0.attempt.headers : nil }
        if let ended = retryOrSettle(number, error, headers: headers) { throw ended }
    }

    /// Fails the call before it started (a bad request, a protocol without streams).
    func fail(_ error: ProtoHTTPError) {
        let stream = state.withLock { state in
            state.outcome = .failure(error)
            return state.attempt.stream
        }
        stream.complete()
        observation?.finish(error)
    }

    // MARK: Sending

    /// Sends one request message; returns once the transport can take more.
    func send(_ payload: [UInt8]) async throws(ProtoHTTPError) {
        if let error = endedError { throw error }
        await queue(wire.frame(payload)).waitForRoom()
        if let error = endedError { throw error }
    }

    /// Queues a request message without waiting (the first of a server stream's, before the start).
    func enqueue(_ payload: [UInt8]) { queue(wire.frame(payload)) }

    /// Queues `frame` on the current attempt (and for a replay); returns the stream it went to.
    @discardableResult
    private func queue(_ frame: [UInt8]) -> TransportStream {
        state.withLock { state in
            state.retry?.record(frame)
            state.attempt.stream.enqueue(frame)
            return state.attempt.stream
        }
    }

    /// Ends the request stream.
    func finishSending() {
        let stream = state.withLock { state in
            state.finishedSending = true
            return state.attempt.stream
        }
        stream.finishWriting()
    }

    /// The error a send after the end meets: the call's, or `canceled` for one that ended well
    /// or was cancelled. None while another attempt may follow: the reader decides that, and a
    /// message sent meanwhile is replayed.
    private var endedError: ProtoHTTPError? {
        state.withLock { state in
            if case .failure(let error)? = state.outcome { return error }
            if state.cancelled { return ProtoHTTPError(code: .canceled, message: "the stream \(path) was cancelled.") }
            if state.outcome == nil, state.retry?.mayFollow(state.attempt.number) == true { return nil }
            if case .failure(let error)? = state.attempt.completion { return error }
            if state.outcome != nil || state.attempt.completion != nil {
                return ProtoHTTPError(code: .canceled, message: "the stream \(path) has ended; the server answered before this message was sent.")
            }
            return nil
        }
    }

    /// Cancels the call: both sides end with `canceled`.
    func cancel() {
        let (call, stream) = state.withLock { state in
            state.cancelled = true
            return (state.attempt.transportCall, state.attempt.stream)
        }
        call?.cancel()
        stream.complete()
        observation?.finish(code: .canceled, message: "the stream \(path) was cancelled")
    }

    // MARK: Receiving

    /// The next response message's payload, `nil` once the call ended well (then ``metadata``
    /// is set), or the error it ended with.
    func nextPayload() async throws(ProtoHTTPError) -> [UInt8]? {
        while true {
            let (outcome, number, stream) = state.withLock { ($0.outcome, $0.attempt.number, $0.attempt.stream) }
            if let outcome {
                switch outcome {
                case .success: return nil
                case .failure(let error): throw error
                }
            }
            let messageLimit = self.messageLimit
            reader.withLock { reader in
                if reader.attempt != number { reader = Reader(attempt: number, frames: FrameReader(limit: messageLimit)) }
            }
            if let payload = try takeFrame(number) {
                let current = state.withLock { state -> Bool in
                    guard state.attempt.number == number else { return false }
                    state.retry?.commit()
                    return true
                }
                if current { return payload }
                continue
            }
            guard let event = await stream.next() else {
                try finish(number)
                continue
            }
            guard isCurrent(number) else { continue }  // a replaced attempt's leftovers
            switch event {
            case .head(let status, let headers):
                state.withLock { state in
                    guard state.attempt.number == number else { return }
                    state.attempt.status = status
                    state.attempt.headers = headers
                }
                guard status == 200 else {
                    reader.withLock { $0.refusalBody = [] }
                    continue
                }
                if let error = checkContentType(headers) {
                    try fail(error, attempt: number)
                    continue
                }
                if wire.wireProtocol == .grpc, headers[.grpcStatus] != nil,
                   let error = wire.grpcStatus([:], headers: headers, status: status) {
                    // Trailers-only: the call is over before any message, whatever becomes of the
                    // upload (a server refusing an unknown method resets the stream while the
                    // client is still sending, and curl then reports that reset).
                    try fail(error, attempt: number)
                    continue
                }
            case .data(let bytes):
                reader.withLock { reader in
                    if reader.refusalBody != nil {
                        reader.refusalBody! += bytes
                    } else {
                        reader.frames.append(contentsOf: bytes)
                    }
                }
            }
        }
    }

    private func isCurrent(_ number: Int) -> Bool { state.withLock { $0.attempt.number == number } }

    /// The next whole frame's message of attempt `number`, settling the call at an end frame or
    /// a framing error; `nil` for none yet (or once another attempt follows).
    private func takeFrame(_ number: Int) throws(ProtoHTTPError) -> [UInt8]? {
        let (headers, status) = state.withLock { ($0.attempt.headers ?? [:], $0.attempt.status) }
        while true {
            let next = reader.withLock { $0.frames.next() }
            switch next {
            case .success(nil):
                return nil
            case .failure(let failure):
                try fail(ProtoHTTPError(code: .resourceExhausted, message: "a response message of \(path) is too large: \(failure); raise TransportConfiguration.maxResponseSize."),
                         attempt: number)
                return nil
            case .success(let frame?):
                switch wire.read(frame, headers: headers, status: status) {
                case .failure(let error):
                    try fail(error, attempt: number)
                    return nil
                case .success(.message(let payload)): return payload
                case .success(.end(let error, let trailers)):
                    state.withLock { state in
                        if state.attempt.number == number { state.attempt.end = (error, trailers) }
                    }
                    // What follows the end is not read; the transfer's completion settles the call.
                }
            }
        }
    }

    /// Attempt `number`'s body has ended: how the call ended, from the completion and what the
    /// body said; returns when another attempt follows or this one was replaced.
    private func finish(_ number: Int) throws(ProtoHTTPError) {
        let read = state.withLock { state in
            state.attempt.number == number ? (state.attempt.completion, state.attempt.end, state.cancelled, state.attempt.headers) : nil
        }
        guard let (completion, end, cancelled, headers) = read else { return }
        if cancelled, end == nil {
            throw settle(.failure(ProtoHTTPError(code: .canceled, message: "the stream \(path) was cancelled.")))
        }
        guard let completion else {
            throw settle(.failure(ProtoHTTPError(code: .canceled, message: "the stream \(path) ended before it completed.")))
        }
        let response: TransportResponse
        switch completion {
        case .failure(let error) where end == nil:
            try fail(error, attempt: number)
            return
        case .failure:
            response = TransportResponse(status: 200, headers: headers ?? [:], body: [])
        case .success(let value): response = value
        }
        if let body = reader.withLock({ $0.refusalBody }) {
            try fail(wire.refusal(status: response.status, headers: response.headers, body: body), attempt: number)
            return
        }
        if let leftover = reader.withLock({ $0.frames.leftover }), end == nil {
            try fail(wire.malformed("the response stream ended inside a message (\(leftover))"), attempt: number)
            return
        }
        var metadata = ResponseMetadata(status: response.status, headers: response.headers, attempts: number)
        metadata.rpcProtocol = wire.wireProtocol
        metadata.metrics = response.metrics
        switch wire.wireProtocol {
        case .grpc:
            metadata.trailers = response.trailers
            if let error = wire.grpcStatus(response.trailers, headers: response.headers, status: response.status) {
                try fail(error, attempt: number)
                return
            }
        default:
            guard let end else {
                try fail(wire.malformed("the response stream ended without its end (\(wire.wireProtocol == .connect ? "the end-of-stream message" : "the trailer frame"))"),
                         attempt: number)
                return
            }
            metadata.trailers = end.trailers
            if let error = end.error {
                try fail(error, attempt: number)
                return
            }
        }
        _ = settle(.success(metadata))
    }

    /// Records how the call ended (the first outcome stands) and returns its error.
    @discardableResult
    private func settle(_ outcome: Result<ResponseMetadata, ProtoHTTPError>) -> ProtoHTTPError {
        let (settled, call) = state.withLock { state in
            if state.outcome == nil { state.outcome = outcome }
            return (state.outcome!, state.attempt.transportCall)
        }
        if case .failure = settled {
            call?.cancel()  // the server may still be sending: stop the transfer
        }
        switch settled {  // the observation, too, counts the first outcome only
        case .failure(let error):
            observation?.finish(error)
            return error
        case .success:
            observation?.finish(nil)
            return ProtoHTTPError(code: .internal, message: "the stream \(path) ended well")
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
