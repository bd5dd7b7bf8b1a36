// InterceptorChain.swift: the interceptors of one method, server's then service's, run one inside the next around its handler.
import ProtoWire
import ProtoHTTPCore

/// The interceptors around one method's handler, outermost first. Resolved once, when the
/// server is made; a method with none calls its handler directly.
struct InterceptorChain: Sendable {
    let interceptors: [any ServerInterceptor]

    static let empty = InterceptorChain(interceptors: [])

    var isEmpty: Bool { interceptors.isEmpty }

    /// Runs `call` through the interceptors from `index` on, then `handler`.
    func run<Output: Sendable>(
        _ call: ServerCall, from index: Int = 0,
        handler: @escaping @Sendable (ServerCall) async throws -> Output
    ) async throws -> Output {
        guard index < interceptors.count else { return try await handler(call) }
        return try await interceptors[index].intercept(call) { inner in
            try await self.run(inner, from: index + 1, handler: handler)
        }
    }

    /// The request message an interceptor left in `call`, as the handler's type.
    static func request<Request: ProtoMessage>(_: Request.Type, of call: ServerCall, method: String) throws -> Request {
        guard let request = call.request as? Request else {
            let found = call.request.map { "\(type(of: $0))" } ?? "no message"
            throw ProtoHTTPError(code: .internal,
                                 message: "an interceptor of \(method) passed on \(found) where the handler takes \(Request.protoMessageName); pass on a message of the request's type.")
        }
        return request
    }
}
