// IdempotencyInterceptor.swift: a server interceptor that runs each unary call with an Idempotency-Key once and answers its repeats from a store.
public import HTTPTypes
import ProtoHTTPCore
import ProtoWire

/// Makes unary calls that carry an `Idempotency-Key` header run at most once per key: a repeat
/// with the same request (a retry, an offline queue's replay after a lost answer) gets the
/// answer the first call got, with `idempotent-replayed: true`, and its handler does not run.
///
/// ```swift
/// configuration.interceptors = [IdempotencyInterceptor(store: MemoryIdempotencyStore(retention: .seconds(3600)))]
/// ```
///
/// - A repeat while the first call still runs is refused with `unavailable` and `Retry-After: 1`,
///   which ProtoHTTP's retry policies and offline queue wait out and ask again: the repeat then
///   gets the first call's answer. (An HTTP API would answer 409; a 503 is what RPC clients
///   already retry.)
/// - A key reused with a different request is refused with `failed_precondition`.
/// - Only successes are remembered: after a failure the key is free and a repeat runs again.
/// - Calls without the header, and streams, pass through untouched.
///
/// Keys are per method. ProtoHTTP's client sends one key for all the attempts of a call it
/// retries and the offline queue one per queued call, so their repeats become exactly-once.
public struct IdempotencyInterceptor: ServerInterceptor {
    /// Where the answers are kept.
    public let store: any IdempotencyStore

    /// `idempotent-replayed`: set to `true` on an answer given again from the store.
    public static let replayedHeader = HTTPField.Name("idempotent-replayed")!

    /// An interceptor that keeps the answers in `store`.
    public init(store: any IdempotencyStore) {
        self.store = store
    }

    public func intercept<Output: Sendable>(
        _ call: ServerCall, next: @Sendable (ServerCall) async throws -> Output
    ) async throws -> Output {
        guard call.kind == .unary, let request = call.request, let value = call.context.header(.idempotencyKey),
              let messageType = Output.self as? any ProtoMessage.Type else {
            return try await next(call)
        }
        let key = IdempotencyKey(method: call.context.method, key: value)
        switch try await store.claim(key, fingerprint: request.serializedBytes()) {
        case .answered(let bytes):
            call.context.responseHeaders[Self.replayedHeader] = "true"
            return try Self.decode(bytes, as: messageType, method: key.method) as Output
        case .inProgress:
            // Transient, as an overloaded server's 503: a client's retry policy and the offline
            // queue both ask again after Retry-After, and then get the first call's answer.
            call.context.responseHeaders[.retryAfter] = "1"
            throw ProtoHTTPError(code: .unavailable, message: "a call to \(key.method) with this Idempotency-Key is still running; retry in a moment for its answer.")
        case .mismatch:
            throw ProtoHTTPError(code: .failedPrecondition, message: "this Idempotency-Key was used for a different request to \(key.method); send a new key for a new request.")
        case .owned:
            break
        }
        let output: Output
        do {
            output = try await next(call)
        } catch {
            try? await store.release(key)
            throw error
        }
        if let message = output as? any ProtoMessage {
            try await store.complete(key, answer: message.serializedBytes())
        }
        return output
    }

    /// `bytes` as the handler's response type, which `Output` is.
    private static func decode<Output>(_ bytes: [UInt8], as type: any ProtoMessage.Type, method: String) throws -> Output {
        func open<M: ProtoMessage>(_: M.Type) throws -> Output {
            guard let value = try M(serializedBytes: bytes) as? Output else {
                throw ProtoHTTPError(code: .internal, message: "the stored answer of \(method) is not its response type.")
            }
            return value
        }
        do {
            return try open(type)
        } catch let error as ProtoHTTPError {
            throw error
        } catch {
            throw ProtoHTTPError(code: .dataLoss, message: "the stored answer of \(method) does not decode (\(error)); the store is damaged.")
        }
    }
}
