// TokenRefreshInterceptor.swift: signs calls with a bearer token; on `unauthenticated`, refreshes it once for all waiting calls and retries each once.
import Synchronization
public import ProtoHTTPCore

/// Adds `Authorization: Bearer <token>` to every attempt, and when the server answers
/// `unauthenticated` (HTTP 401), gets a new token and sends the call once more with it.
///
/// Many calls can fail together when a token expires; they share one refresh: the first starts
/// it, the others wait for it, and a call whose token was already replaced while it was in
/// flight retries with the new one without refreshing again. A call is retried at most once; a
/// failed refresh fails the waiting calls with the refresh's error.
///
/// ```swift
/// let auth = TokenRefreshInterceptor(token: storedToken) { done in
///     authClient.refresh(refreshToken, success: { reply, _ in done(.success(reply.accessToken)) },
///                        failure: { done(.failure($0)) })
/// }
/// config.interceptors = [auth]
/// ```
public final class TokenRefreshInterceptor: CallInterceptor, Sendable {
    /// Gets a new token and reports it once, from any thread.
    public typealias Refresh = @Sendable (_ done: @escaping @Sendable (Result<String, ProtoHTTPError>) -> Void) -> Void

    private struct State: Sendable {
        var token: String?
        /// Bumped on every new token, so a call can tell whether its token is still current.
        var generation = 0
        /// The calls waiting for the refresh in progress, if one is.
        var waiters: [@Sendable (Result<(String, Int), ProtoHTTPError>) -> Void]?
    }

    private let state: Mutex<State>
    private let refresh: Refresh

    /// An interceptor starting with `token` (`nil`: calls go unsigned until the first refresh)
    /// and getting new ones from `refresh`.
    public init(token: String?, refresh: @escaping Refresh) {
        self.state = Mutex(State(token: token))
        self.refresh = refresh
    }

    /// The current token.
    public var token: String? { state.withLock { $0.token } }

    /// Signs the request, sends it, and on a 401 refreshes (or waits for the refresh in
    /// progress) and sends it once more.
    public func intercept(_ request: TransportRequest, info: CallInfo, next: @escaping InterceptorNext,
                          completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void) {
        let (token, generation) = state.withLock { ($0.token, $0.generation) }
        next(Self.signed(request, token)) { result in
            guard case .success(let response) = result, response.status == 401 else {
                completion(result)
                return
            }
            self.freshToken(newerThan: generation) { fresh in
                switch fresh {
                case .success(let (token, _)): next(Self.signed(request, token), completion)
                case .failure(let error): completion(.failure(error))
                }
            }
        }
    }

    /// A token newer than `generation`: the current one if it already is, else the result of
    /// the refresh in progress or of a new one.
    private func freshToken(newerThan generation: Int, _ done: @escaping @Sendable (Result<(String, Int), ProtoHTTPError>) -> Void) {
        enum Step { case have(String, Int), wait, start }
        let step: Step = state.withLock { state in
            if state.generation > generation, let token = state.token { return .have(token, state.generation) }
            if state.waiters != nil {
                state.waiters?.append(done)
                return .wait
            }
            state.waiters = [done]
            return .start
        }
        switch step {
        case .have(let token, let current): done(.success((token, current)))
        case .wait: break
        case .start:
            refresh { result in
                let (waiters, outcome): ([@Sendable (Result<(String, Int), ProtoHTTPError>) -> Void], Result<(String, Int), ProtoHTTPError>) =
                    self.state.withLock { state in
                        let waiters = state.waiters ?? []
                        state.waiters = nil
                        switch result {
                        case .success(let token):
                            state.token = token
                            state.generation += 1
                            return (waiters, .success((token, state.generation)))
                        case .failure(let error):
                            return (waiters, .failure(error))
                        }
                    }
                waiters.forEach { $0(outcome) }
            }
        }
    }

    private static func signed(_ request: TransportRequest, _ token: String?) -> TransportRequest {
        guard let token else { return request }
        var request = request
        request.headers[.authorization] = nil
        request.headers.append(.bearerAuthorization(token))
        return request
    }
}
