// ProtoHTTPManager+SwiftProtobuf.swift: unary calls whose request and response are swift-protobuf messages.
public import ProtoHTTP
public import ProtoHTTPCore
import ProtoWire
public import SwiftProtobuf

extension ProtoHTTPManager {
    /// Calls the unary method at `path` with a swift-protobuf `request` and decodes the answer as
    /// a swift-protobuf `Response`: the manager's protocols, encodings, deadlines, retries and
    /// interceptors apply as to its own messages.
    ///
    /// ```swift
    /// let reply = try await manager.post("/echo.Echo/Say", SwiftProtobuf.Google_Protobuf_StringValue.with { $0.value = "hi" },
    ///                                    as: SwiftProtobuf.Google_Protobuf_StringValue.self)
    /// ```
    ///
    /// - Throws: `ProtoHTTPError`: the call's, or `invalid_argument` when swift-protobuf cannot
    ///   encode `request` (nothing is sent then).
    public func post<Request: SwiftProtobuf.Message & Hashable, Response: SwiftProtobuf.Message & Hashable>(
        _ path: String, _ request: Request, as responseType: Response.Type, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> Response {
        try await postForResponse(path, request, as: responseType, options: options).output
    }

    /// ``post(_:_:as:options:)`` with the response's status and headers.
    public func postForResponse<Request: SwiftProtobuf.Message & Hashable, Response: SwiftProtobuf.Message & Hashable>(
        _ path: String, _ request: Request, as responseType: Response.Type, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<Response> {
        let wrapped: SwiftProtobufMessage<Request>
        do {
            wrapped = try SwiftProtobufMessage(encoding: request)
        } catch {
            throw ProtoHTTPError(code: .invalidArgument, message: "the request to \(path) could not be encoded: \(error.message)")
        }
        let response = try await postForResponse(path, wrapped, as: SwiftProtobufMessage<Response>.self, options: options)
        return CallResponse(output: response.output.message, metadata: response.metadata)
    }
}
