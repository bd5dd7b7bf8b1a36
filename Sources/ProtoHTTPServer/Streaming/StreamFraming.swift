// StreamFraming.swift: how each protocol frames a stream: request messages out of frames, response messages and the end into bytes.
import HTTPTypes
import ProtoHTTPGzip
import ProtoWire
import ProtoHTTPCore

/// The framing of one streaming call, by protocol:
///
/// ```
/// Connect   messages as envelopes; the end is an envelope flagged 0x02 whose JSON holds the error and trailers
/// gRPC      messages as frames; the end is HTTP/2 trailers (grpc-status, grpc-message, details)
/// gRPC-Web  messages as frames; the end is a frame flagged 0x80 holding the trailers (base64 in the text form)
/// ```
///
/// Every response is HTTP 200: how the call ended is in the end, never in the status.
struct StreamFraming: Sendable {
    let negotiated: Negotiated
    /// The largest request message, before and after inflation.
    let limit: Int
    /// The compression the client named for its messages (`grpc-encoding` or
    /// `Connect-Content-Encoding`), lowercased; `nil` for none.
    let requestEncoding: String?
    /// How many times its compressed size a request message may inflate to (``ServerConfiguration/maxRequestInflationRatio``).
    var maxRatio: Int? = nil

    var wireProtocol: RPCProtocol { negotiated.wireProtocol }

    // MARK: Requests

    /// The payload of a request frame, inflated when it is flagged compressed, or the error that
    /// ends the call.
    func payload(of frame: GRPCFrame) -> Result<[UInt8], ProtoHTTPError> {
        let allowed = GRPCFrame.compressedFlag
        guard frame.flags & ~allowed == 0 else {
            return .failure(ProtoHTTPError(code: .invalidArgument,
                                           message: "a request message carries flags 0x\(String(frame.flags, radix: 16)); clients may only set the compressed flag (0x01)."))
        }
        guard frame.isCompressed else { return .success(frame.payload) }
        guard let requestEncoding, requestEncoding != "identity" else {
            let header = wireProtocol == .connect ? "Connect-Content-Encoding" : "grpc-encoding"
            return .failure(ProtoHTTPError(code: .internal, message: "a request message is flagged compressed but \(header) names no compression; name it (gzip)."))
        }
        switch Gzip.inflate(frame.payload, limit: limit, maxRatio: maxRatio) {
        case .success(let inflated): return .success(inflated)
        case .failure(.tooLarge):
            return .failure(ProtoHTTPError(code: .resourceExhausted,
                                           message: "a gzip request message inflates to more than this server's limit of \(limit) bytes; send smaller messages or raise ServerConfiguration.maxRequestBodySize."))
        case .failure(.tooCompressed(let ratio)):
            return .failure(ProtoHTTPError(code: .resourceExhausted, message: ContentEncoding.tooCompressed(ratio)))
        case .failure(.corrupt(let reason)):
            return .failure(ProtoHTTPError(code: .internal, message: "a compressed request message is not valid gzip (\(reason)); compress it with gzip or send it uncompressed."))
        }
    }

    /// The error for a stream whose framing broke: an oversize announcement, or the request
    /// ending inside a frame.
    func failure(_ parse: GRPCFrame.ParseFailure) -> ProtoHTTPError {
        switch parse {
        case .tooLarge(let announced, _):
            ProtoHTTPError(code: .resourceExhausted,
                           message: "a request message is \(announced) bytes, more than this server's limit of \(limit); send smaller messages or raise ServerConfiguration.maxRequestBodySize.")
        case .truncatedPrefix, .truncatedPayload:
            ProtoHTTPError(code: .invalidArgument, message: "the request stream is not whole messages: \(parse); send each message with its 5-byte prefix.")
        }
    }

    // MARK: Responses

    /// The response head's fields.
    var headFields: HTTPFields {
        switch wireProtocol {
        case .connect:
            [.contentType: negotiated.responseContentType, .connectAcceptEncoding: GRPCRequestBody.acceptedEncodings]
        default:
            [.contentType: negotiated.responseContentType, .grpcAcceptEncoding: GRPCRequestBody.acceptedEncodings]
        }
    }

    /// A response message as it goes on the wire.
    func message(_ payload: [UInt8]) -> [UInt8] {
        text(GRPCFrame(payload: payload).bytes)
    }

    /// What ends the stream: the last bytes of the body, and the trailers (gRPC only). The
    /// handler's `trailers` follow the status (gRPC, gRPC-Web) or are the end-of-stream
    /// message's `metadata` (Connect).
    func end(_ error: ProtoHTTPError?, trailers: HTTPFields = [:]) -> (body: [UInt8], trailers: HTTPFields?) {
        let status = (error.map(GRPCResponses.statusFields) ?? [.grpcStatus: "0"]) + trailers
        switch wireProtocol {
        case .connect:
            return (ConnectEndStream(error: error, metadata: trailers).envelope, nil)
        case .grpcWeb:
            return (text(GRPCFrame(flags: GRPCFrame.trailersFlag, payload: GRPCWebTrailers.encode(status)).bytes), nil)
        default:
            return ([], status)
        }
    }

    /// The whole answer of a call refused before its handler ran: the head, no message, the end.
    /// The accepted encodings are among the head's fields, for a client whose compression was refused.
    func refusal(_ error: ProtoHTTPError, extraHeaders: HTTPFields = [:]) -> RPCResponse {
        let (body, trailers) = end(error)
        return RPCResponse(status: 200, headers: headFields + extraHeaders, body: body, trailers: trailers)
    }

    /// gRPC-Web's text form sends each frame as base64 of its own (padded, so the pieces join).
    private func text(_ bytes: [UInt8]) -> [UInt8] {
        negotiated.base64Body ? Array(Base64.standardString(bytes).utf8) : bytes
    }
}
