// StreamWire.swift: a client stream's framing per protocol: its content type and headers, each message framed, how the answer ended.
import HTTPTypes
import ProtoHTTPGzip
import ProtoWire
import ProtoHTTPCore

/// How a streaming call looks on the wire under its protocol, on the client's side:
///
/// ```
/// Connect   application/connect+proto|+json; messages as envelopes; ends with the end-stream envelope (0x02)
/// gRPC      application/grpc|+json over HTTP/2; messages as frames; ends with trailers
/// gRPC-Web  application/grpc-web+proto|+json; messages as frames; ends with the trailer frame (0x80)
/// ```
struct StreamWire: Sendable {
    let wireProtocol: RPCProtocol
    let encoding: BodyEncoding

    /// The wire of `wireProtocol`, or the error for a protocol without streams.
    static func of(_ wireProtocol: RPCProtocol, encoding: BodyEncoding, kind: RPCKind, path: String) -> Result<StreamWire, ProtoHTTPError> {
        guard wireProtocol.carriesStreams else {
            return .failure(ProtoHTTPError(code: .unimplemented,
                                           message: "\(path) is a \(kind) method and \(wireProtocol) has no streams; call it over Connect, gRPC or gRPC-Web (CallOptions.wireProtocol or ManagerConfiguration.wireProtocol)."))
        }
        return .success(StreamWire(wireProtocol: wireProtocol, encoding: encoding))
    }

    /// The request's Content-Type.
    var contentType: String { wireProtocol.streamContentType(for: encoding) ?? MediaType.connectStreamProto }

    /// The protocol's request headers; `timeout` is the call's deadline, sent to the server.
    func headers(timeout: Duration?) -> HTTPFields {
        switch wireProtocol {
        case .connect:
            var headers: HTTPFields = [.connectProtocolVersion: ConnectHeaders.protocolVersionValue, .connectAcceptEncoding: "gzip"]
            if let timeout { headers[.connectTimeout] = ConnectHeaders.timeoutValue(timeout) }
            return headers
        default:
            guard wireProtocol != .grpc else { return GRPCClientFraming.headers(first: HTTPField(name: .te, value: "trailers"), timeout: timeout) }
            var headers = GRPCClientFraming.headers(first: HTTPField(name: .xGRPCWeb, value: "1"), timeout: timeout)
            // gRPC-Web servers behind WSGI (sonora) answer in the type the request accepts.
            headers.append(HTTPField(name: .accept, value: contentType))
            return headers
        }
    }

    /// `request` for a later attempt of the call, with `remaining` as its deadline: the header
    /// that tells the server and the transfer's own backstop.
    func retimed(_ request: TransportRequest, remaining: Duration) -> TransportRequest {
        var request = request
        let name: HTTPField.Name = wireProtocol == .connect ? .connectTimeout : .grpcTimeout
        request.headers[name] = headers(timeout: remaining)[name]
        request.timeout = remaining + CallDeadline.transferBackstop
        return request
    }

    /// The error a transfer that brought no body stands for, from its completion alone: the
    /// transport's failure, a refusal's status, or gRPC's status in its trailers or headers.
    /// `nil` when only a body could say (Connect and gRPC-Web end inside theirs).
    func failure(withoutBody result: Result<TransportResponse, ProtoHTTPError>) -> ProtoHTTPError? {
        switch result {
        case .failure(let error): return error
        case .success(let response):
            if response.status != 200 { return refusal(status: response.status, headers: response.headers, body: []) }
            guard wireProtocol == .grpc || response.headers[.grpcStatus] != nil else { return nil }
            return grpcStatus(response.trailers, headers: response.headers, status: response.status)
        }
    }

    /// One request message as it goes on the wire.
    func frame(_ payload: [UInt8]) -> [UInt8] { GRPCFrame(payload: payload).bytes }

    /// What one response frame is.
    enum Frame {
        /// A message's payload (inflated).
        case message([UInt8])
        /// The end of the stream: the error, or `nil` for OK, and the trailers it carried.
        case end(ProtoHTTPError?, HTTPFields)
    }

    /// Reads one response frame, under the response's `headers`. A compressed frame is inflated
    /// first, whatever it holds: a Connect server compresses its end-of-stream message too.
    func read(_ frame: GRPCFrame, headers: HTTPFields, status: Int) -> Result<Frame, ProtoHTTPError> {
        let payload: [UInt8]
        switch inflated(frame, headers: headers) {
        case .success(let value): payload = value
        case .failure(let error): return .failure(error)
        }
        if wireProtocol == .connect, frame.flags & ConnectEndStream.endStreamFlag != 0 {
            guard let end = ConnectEndStream.decode(payload) else {
                return .failure(malformed("the end-of-stream message is not Connect's JSON object"))
            }
            return .success(.end(end.error.map { withStatus($0, status) }, end.metadata))
        }
        if wireProtocol == .grpcWeb, frame.isTrailers {
            guard let trailers = GRPCWebTrailers.decode(payload) else { return .failure(malformed("the trailer frame is not header lines")) }
            return .success(.end(grpcStatus(trailers, headers: headers, status: status), trailers))
        }
        return .success(.message(payload))
    }

    /// A frame's payload, inflated when its flags say it is compressed (in the response's encoding).
    private func inflated(_ frame: GRPCFrame, headers: HTTPFields) -> Result<[UInt8], ProtoHTTPError> {
        guard frame.isCompressed else { return .success(frame.payload) }
        let header: HTTPField.Name = wireProtocol == .connect ? .connectContentEncoding : .grpcEncoding
        let compression = HTTPText.trimmed(headers.firstValue(header) ?? "identity").lowercased()
        guard compression == "gzip" else {
            return .failure(ProtoHTTPError(code: .internal, message: "a response message is compressed with \"\(compression)\", which this client does not read (it accepts gzip)."))
        }
        switch Gzip.inflate(frame.payload, limit: .max) {
        case .success(let inflated): return .success(inflated)
        case .failure(let failure): return .failure(malformed("a compressed response message is not valid gzip (\(failure))"))
        }
    }

    /// How a gRPC call ended, from its trailers (or, trailers-only, its headers): the error, or `nil` for OK.
    func grpcStatus(_ trailers: HTTPFields, headers: HTTPFields, status: Int) -> ProtoHTTPError? {
        var response = TransportResponse(status: status, headers: headers, body: [])
        response.trailers = trailers
        return GRPCClientFraming.error(from: response, web: false)
    }

    /// The error of an answer that is not a stream at all: a status other than 200 (Connect's
    /// JSON error, or gRPC's table), read from its whole `body`.
    func refusal(status: Int, headers: HTTPFields, body: [UInt8]) -> ProtoHTTPError {
        if wireProtocol == .connect {
            if let error = ConnectProtocol.structuredError(status: status, headers: headers, body: body) { return error }
            return ProtoHTTPError(code: ProtoHTTPError.Code(httpStatus: status), message: "the server answered HTTP \(status) to a Connect stream.",
                                  httpStatus: status, responseBody: body)
        }
        return GRPCClientFraming.error(from: TransportResponse(status: status, headers: headers, body: body), web: wireProtocol == .grpcWeb)
            ?? ProtoHTTPError(code: .unknown, message: "the server answered HTTP \(status) to a gRPC stream.", httpStatus: status, responseBody: body)
    }

    private func withStatus(_ error: ProtoHTTPError, _ status: Int) -> ProtoHTTPError {
        var error = error
        error.httpStatus = status
        return error
    }

    func malformed(_ what: String) -> ProtoHTTPError {
        ProtoHTTPError(code: .internal, message: "\(what); check that the URL points to a \(wireProtocol) server.")
    }
}
