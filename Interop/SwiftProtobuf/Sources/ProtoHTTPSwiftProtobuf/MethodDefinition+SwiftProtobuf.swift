// MethodDefinition+SwiftProtobuf.swift: server methods whose handlers take and return swift-protobuf messages.
import ProtoHTTPCore
public import ProtoHTTPServer
import ProtoWire
public import SwiftProtobuf

extension MethodDefinition {
    /// A unary method at `path` whose handler turns a swift-protobuf `Request` into a
    /// swift-protobuf `Response`, served over every protocol the server speaks, in binary and
    /// JSON, beside methods on ProtoWire's messages.
    ///
    /// ```swift
    /// let echo = ServiceDefinition(name: "echo.Echo", methods: [
    ///     .unary("/echo.Echo/Say", SwiftProtobuf.Google_Protobuf_StringValue.self, SwiftProtobuf.Google_Protobuf_StringValue.self) { request, _ in request },
    /// ])
    /// ```
    ///
    /// A response swift-protobuf cannot encode fails the call with `internal` (its reason in the
    /// server's log), never as an empty message.
    public static func unary<Request: SwiftProtobuf.Message & Hashable, Response: SwiftProtobuf.Message & Hashable>(
        _ path: String,
        _ request: Request.Type = Request.self,
        _ response: Response.Type = Response.self,
        handler: @escaping @Sendable (Request, ServerContext) async throws -> Response
    ) -> MethodDefinition {
        .unary(path, SwiftProtobufMessage<Request>.self, SwiftProtobufMessage<Response>.self) { request, context in
            try SwiftProtobufMessage(encoding: try await handler(request.message, context))
        }
    }
}
