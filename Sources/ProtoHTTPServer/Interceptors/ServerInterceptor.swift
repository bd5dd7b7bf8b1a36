// ServerInterceptor.swift: code that runs around every handler the server calls: auth, logging, timing, per-call values.
public import ProtoHTTPCore
public import ProtoWire

/// Runs around the handlers of a server (``ServerConfiguration/interceptors``) or of one
/// service (``ProtoHTTPService/intercepted(by:)``), in order: the first is the outermost.
///
/// An interceptor sees the call before its handler runs (the method, the request headers, the
/// deadline and, for unary and server-streaming calls, the decoded request message) and may
/// reject it by throwing (a `ProtoHTTPError` reaches the client with its code and message),
/// change the context the handler gets, set response headers and trailers, bind task-local
/// values the handler reads, or time and log the call around `next`:
///
/// ```swift
/// struct RequireToken: ServerInterceptor {
///     let token: String
///     func intercept<Output: Sendable>(
///         _ call: ServerCall, next: @Sendable (ServerCall) async throws -> Output
///     ) async throws -> Output {
///         guard call.context.header(.authorization) == "Bearer \(token)" else {
///             throw ProtoHTTPError(code: .unauthenticated, message: "send Authorization: Bearer <token>")
///         }
///         return try await next(call)
///     }
/// }
/// ```
///
/// `Output` is what the handler returns: the response message for unary and client-streaming
/// calls (`output as? Note` reads it), `Void` for calls whose server streams. Interceptors run
/// inside the call's deadline: when it passes, the task running them is cancelled.
public protocol ServerInterceptor: Sendable {
    /// Runs the call: calls `next` (at most once) to go on to the next interceptor and then the
    /// handler, or throws to refuse it.
    func intercept<Output: Sendable>(
        _ call: ServerCall,
        next: @Sendable (ServerCall) async throws -> Output
    ) async throws -> Output
}

/// A call as interceptors see it before its handler runs.
public struct ServerCall: Sendable {
    /// The handler's context: method, protocol, request headers, deadline, logger, and the
    /// response headers and trailers. An interceptor may change it for the handler (its
    /// logger's metadata, say) by passing a changed copy to `next`.
    public var context: ServerContext
    /// Unary, or which sides stream.
    public var kind: RPCKind
    /// The decoded request message of a unary or server-streaming call; `nil` when the client
    /// streams (the handler reads the messages as they come). An interceptor may replace it
    /// with another message of the same type; a message of another type fails the call with
    /// `internal`.
    public var request: (any ProtoMessage)?

    /// A call of `kind` with `context` and, when the client sends one message, `request`.
    public init(context: ServerContext, kind: RPCKind, request: (any ProtoMessage)? = nil) {
        self.context = context
        self.kind = kind
        self.request = request
    }
}

extension ProtoHTTPService {
    /// This service with `interceptors` around each of its handlers, inside the server's own
    /// (``ServerConfiguration/interceptors``): `ProtoHTTPServer(services: [Notes().intercepted(by: [RequireToken(token: t)])])`.
    public func intercepted(by interceptors: [any ServerInterceptor]) -> ServiceDefinition {
        var definition = serviceDefinition
        definition.interceptors += interceptors
        return definition
    }
}
