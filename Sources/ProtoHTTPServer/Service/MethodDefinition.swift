// MethodDefinition.swift: one method: its path, its kind and the type-erased decode → handle → encode step.
public import ProtoWire
public import ProtoHTTPCore

/// One RPC method bound to its handler. The generic request and response types are erased
/// behind its internal invocation: for a unary method a closure that decodes the body in the
/// request's encoding, runs the handler and encodes the response in the same encoding; for a
/// streaming method one that reads request messages from a stream and writes responses to one
/// (`MethodDefinition+Streaming.swift`).
public struct MethodDefinition: Sendable {
    /// The method path, `/pkg.Service/Method`.
    public let path: String
    /// The request message's full protobuf name (for logs and errors).
    public let requestTypeName: String
    /// The response message's full protobuf name.
    public let responseTypeName: String
    /// The method's `option idempotency_level`: `NO_SIDE_EFFECTS` methods also answer Connect GETs.
    public var idempotencyLevel: IdempotencyLevel = .unknown
    /// Unary, or which sides stream.
    public var kind: RPCKind { invocation.kind }
    let invocation: Invocation
    /// The server's and then the service's interceptors, set when the server is made.
    var interceptors = InterceptorChain.empty

    /// How the server runs the handler, by kind.
    enum Invocation: Sendable {
        /// One request body in, one response body out.
        case unary(@Sendable (_ body: [UInt8], _ encoding: BodyEncoding, _ context: ServerContext, _ interceptors: InterceptorChain) async throws -> [UInt8])
        /// Request messages from a stream, response messages to a stream (``StreamInvocation``).
        case streaming(StreamInvocation)

        var kind: RPCKind {
            switch self {
            case .unary: .unary
            case .streaming(let invocation): invocation.kind
            }
        }
    }

    /// A unary method at `path` whose handler turns a `Request` into a `Response`.
    ///
    /// The handler may throw `ProtoHTTPError` (its code, message and details reach the client
    /// in the protocol's error format); any other error becomes `internal` and its text stays
    /// in the server's log.
    public static func unary<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String,
        _ request: Request.Type = Request.self,
        _ response: Response.Type = Response.self,
        handler: @escaping @Sendable (Request, ServerContext) async throws -> Response
    ) -> MethodDefinition {
        MethodDefinition(
            path: path,
            requestTypeName: Request.protoMessageName,
            responseTypeName: Response.protoMessageName,
            invocation: .unary { body, encoding, context, interceptors in
                let request = try decode(Request.self, body, encoding)
                guard !interceptors.isEmpty else { return try encode(try await handler(request, context), encoding) }
                let reply = try await interceptors.run(ServerCall(context: context, kind: .unary, request: request)) { call in
                    try await handler(try InterceptorChain.request(Request.self, of: call, method: path), call.context)
                }
                return try encode(reply, encoding)
            }
        )
    }

    /// `body` as a `Request` in `encoding`, or ``MethodFailure/undecodableRequest(_:_:_:)``.
    static func decode<Request: ProtoMessage>(_: Request.Type, _ body: [UInt8], _ encoding: BodyEncoding) throws(MethodFailure) -> Request {
        do throws(WireError) {
            switch encoding {
            case .binary: return try Request(serializedBytes: body)
            case .json: return try Request(jsonUTF8Bytes: body)
            }
        } catch {
            throw MethodFailure.undecodableRequest(error, Request.protoMessageName, encoding)
        }
    }

    /// `reply` in `encoding`, or ``MethodFailure/unencodableResponse(_:_:)`` when it has no JSON form.
    static func encode<Response: ProtoMessage>(_ reply: Response, _ encoding: BodyEncoding) throws(MethodFailure) -> [UInt8] {
        switch encoding {
        case .binary:
            return reply.serializedBytes()
        case .json:
            do throws(WireError) {
                return try reply.jsonUTF8Bytes()
            } catch {
                throw MethodFailure.unencodableResponse(error, Response.protoMessageName)
            }
        }
    }
}

/// Failures of a method's invocation that are not the handler's: the request body did not
/// decode (the client's fault) or the response had no JSON form (the handler's data).
enum MethodFailure: Error {
    case undecodableRequest(WireError, String, BodyEncoding)
    case unencodableResponse(WireError, String)
}
