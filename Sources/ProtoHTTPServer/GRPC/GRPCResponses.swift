// GRPCResponses.swift: the answers of gRPC and gRPC-Web: HTTP 200, the message framed, the status in trailers.
import HTTPTypes
import ProtoHTTPGzip
import ProtoWire
import ProtoHTTPCore

/// Builds gRPC and gRPC-Web responses. Both always answer HTTP 200 and say how the call ended
/// in `grpc-status`, `grpc-message` and `grpc-status-details-bin`: gRPC in HTTP/2 trailers,
/// gRPC-Web in a trailer frame at the end of the body (base64 with the body in the text form).
enum GRPCResponses {
    /// The answer carrying `message`: gzipped per message when the client's
    /// `grpc-accept-encoding` takes gzip and `compression` covers its size. The handler's
    /// `extraHeaders` follow the protocol's, and its `trailers` the status.
    static func success(_ message: [UInt8], negotiated: Negotiated, requestHeaders: HTTPFields, compression: GzipPolicy,
                        extraHeaders: HTTPFields = [:], trailers: HTTPFields = [:]) -> RPCResponse {
        var headers = HTTPFields()
        headers.reserveCapacity(3 + extraHeaders.count)
        headers.append(HTTPField(name: .contentType, value: negotiated.responseContentType))
        headers.append(HTTPField(name: .grpcAcceptEncoding, value: GRPCRequestBody.acceptedEncodings))
        var frame = GRPCFrame(payload: message)
        if compression.covers(bodyOf: message.count), acceptsGzip(requestHeaders),
           let compressed = Gzip.compress(message, level: compression.level), compressed.count < message.count {
            frame = GRPCFrame(flags: GRPCFrame.compressedFlag, payload: compressed)
            headers.append(HTTPField(name: .grpcEncoding, value: "gzip"))
        }
        headers.appendFields(extraHeaders)
        return response(headers: headers, body: frame.bytes, status: trailers.isEmpty ? okStatus : okStatus + trailers,
                        negotiated.wireProtocol, base64: negotiated.base64Body)
    }

    /// `grpc-status: 0`, made once.
    private static let okStatus: HTTPFields = [.grpcStatus: "0"]

    /// The answer for `error`: no message, the status trailers (with `extraHeaders`, such as
    /// `grpc-accept-encoding` beside an unknown compression, among the headers), and the
    /// handler's `trailers` after the status.
    static func failure(_ error: ProtoHTTPError, _ wireProtocol: RPCProtocol, contentType: String?, extraHeaders: HTTPFields,
                        trailers: HTTPFields = [:]) -> RPCResponse {
        let type = contentType ?? wireProtocol.contentType(for: .binary)
        let headers: HTTPFields = [.contentType: type] + extraHeaders
        return response(headers: headers, body: [], status: statusFields(error) + trailers, wireProtocol, base64: type.hasPrefix(MediaType.grpcWebText))
    }

    /// `grpc-status`, the percent-encoded `grpc-message` and, when the error has details,
    /// `grpc-status-details-bin`.
    static func statusFields(_ error: ProtoHTTPError) -> HTTPFields {
        var fields: HTTPFields = [.grpcStatus: String(error.code.rawValue), .grpcMessage: GRPCStatusMessage.encode(error.message)]
        if !error.details.isEmpty { fields[.grpcStatusDetailsBin] = GRPCStatusDetails.encode(error) }
        return fields
    }

    private static func response(headers: HTTPFields, body: [UInt8], status: HTTPFields, _ wireProtocol: RPCProtocol, base64: Bool) -> RPCResponse {
        guard wireProtocol == .grpcWeb else {
            return RPCResponse(status: 200, headers: headers, body: body, trailers: status)
        }
        var framed = body
        GRPCFrame(flags: GRPCFrame.trailersFlag, payload: GRPCWebTrailers.encode(status)).write(into: &framed)
        if base64 { framed = Array(Base64.standardString(framed).utf8) }
        return RPCResponse(status: 200, headers: headers, body: framed)
    }

    /// Whether `grpc-accept-encoding` lists gzip.
    private static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        headers[values: .grpcAcceptEncoding].contains { value in
            value.split(separator: ",").contains { HTTPText.trimmed($0).lowercased() == "gzip" }
        }
    }
}
