// MethodDefinition.swift: one unary method: its path and the type-erased decode → handle → encode step.
public import ProtoWire
public import ProtoHTTPCore

/// One unary RPC method bound to its handler. The generic request and response types are
/// erased behind its internal `invoke` closure, which decodes the body in the request's
/// encoding, runs the handler and encodes the response in the same encoding.
public struct MethodDefinition: Sendable {
    /// The method path, `/pkg.Service/Method`.
    public let path: String
    /// The request message's full protobuf name (for logs and errors).
    public let requestTypeName: String
    /// The response message's full protobuf name.
    public let responseTypeName: String
    /// The method's `option idempotency_level`: `NO_SIDE_EFFECTS` methods also answer Connect GETs.
    public var idempotencyLevel: IdempotencyLevel = .unknown
    let invoke: @Sendable (_ body: [UInt8], _ encoding: BodyEncoding, _ context: ServerContext) async throws -> [UInt8]

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
            responseTypeName: Response.protoMessageName
        ) { body, encoding, context in
            let message: Request
            do throws(WireError) {
                switch encoding {
                case .binary: message = try Request(serializedBytes: body)
                case .json: message = try Request(jsonUTF8Bytes: body)
                }
            } catch {
                throw MethodFailure.undecodableRequest(error, Request.protoMessageName, encoding)
            }
            let reply = try await handler(message, context)
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
}

/// Failures of ``MethodDefinition/invoke`` that are not the handler's: the request body did not
/// decode (the client's fault) or the response had no JSON form (the handler's data).
enum MethodFailure: Error {
    case undecodableRequest(WireError, String, BodyEncoding)
    case unencodableResponse(WireError, String)
}
