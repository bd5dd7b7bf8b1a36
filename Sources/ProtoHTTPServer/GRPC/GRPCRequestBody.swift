// GRPCRequestBody.swift: a unary gRPC or gRPC-Web request body to its one message: base64 text, frames, per-message gzip.
import HTTPTypes
import ProtoHTTPGzip
import ProtoWire
import ProtoHTTPCore

/// Reads the request message of a unary gRPC or gRPC-Web call out of its body.
enum GRPCRequestBody {
    /// The message encodings this server reads, for `grpc-accept-encoding`.
    static let acceptedEncodings = "gzip,identity"

    /// The one message of `body`: the text form's base64 undone, exactly one frame (no more
    /// than `limit` bytes, before and after inflation), inflated when its compressed flag is set
    /// and `grpc-encoding` is gzip. Anything else is the error to answer.
    static func message(of body: [UInt8], headers: HTTPFields, negotiated: Negotiated, limit: Int, maxRatio: Int? = nil) -> Result<[UInt8], ServerError> {
        let wireProtocol = negotiated.wireProtocol
        var framed = body
        if negotiated.base64Body {
            guard let decoded = decodeText(body) else {
                return .failure(ServerError(wireProtocol, .invalidArgument,
                                            "the \(MediaType.grpcWebText) request body is not base64; encode the framed message with standard base64."))
            }
            framed = decoded
        }
        let frames: [GRPCFrame]
        switch GRPCFrame.parse(framed, limit: limit) {
        case .success(let parsed): frames = parsed
        case .failure(.tooLarge(let announced, _)):
            return .failure(ServerError(wireProtocol, .resourceExhausted,
                                        "the request message is \(announced) bytes, more than this server's limit of \(limit); send a smaller message or raise ServerConfiguration.maxRequestBodySize."))
        case .failure(let failure):
            return .failure(ServerError(wireProtocol, .invalidArgument, "the request body is not a whole gRPC message: \(failure); send each message with its 5-byte prefix."))
        }
        guard frames.count == 1, let frame = frames.first, !frame.isTrailers else {
            let what = frames.isEmpty ? "no message" : frames.contains(where: \.isTrailers) ? "a trailer frame" : "\(frames.count) messages"
            return .failure(ServerError(wireProtocol, .invalidArgument,
                                        "the request carries \(what); a unary method takes exactly one request message (streaming calls are not served yet)."))
        }
        guard frame.isCompressed else { return .success(frame.payload) }
        let encoding = HTTPText.trimmed(headers.firstValue(.grpcEncoding) ?? "identity").lowercased()
        switch encoding {
        case "gzip":
            switch Gzip.inflate(frame.payload, limit: limit, maxRatio: maxRatio) {
            case .success(let inflated): return .success(inflated)
            case .failure(.tooLarge):
                return .failure(ServerError(wireProtocol, .resourceExhausted,
                                            "the gzip request message inflates to more than this server's limit of \(limit) bytes; send a smaller message or raise ServerConfiguration.maxRequestBodySize."))
            case .failure(.tooCompressed(let ratio)):
                return .failure(ServerError(wireProtocol, .resourceExhausted, ContentEncoding.tooCompressed(ratio)))
            case .failure(.corrupt(let reason)):
                return .failure(ServerError(wireProtocol, .internal, "the compressed request message is not valid gzip (\(reason)); compress it with gzip or send it uncompressed."))
            }
        case "identity":
            return .failure(ServerError(wireProtocol, .internal,
                                        "the request message is flagged compressed but grpc-encoding is identity (or missing); name its compression in grpc-encoding."))
        default:
            var failure = ServerError(wireProtocol, .unimplemented,
                                      "request messages compressed with \"\(encoding)\" are not accepted; compress them with gzip or send them uncompressed.")
            failure.headers = [.grpcAcceptEncoding: acceptedEncodings]
            return .failure(failure)
        }
    }

    /// gRPC-Web text: base64, possibly several padded chunks one after the other (a client may
    /// encode each frame on its own). Line breaks and spaces are skipped.
    static func decodeText(_ text: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var chunk: [UInt8] = []
        var index = 0
        func flush() -> Bool {
            defer { chunk.removeAll(keepingCapacity: true) }
            if chunk.isEmpty { return true }
            guard let bytes = chunk.withUnsafeBytes({ Base64.decode($0) }) else { return false }
            out += bytes
            return true
        }
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "="):
                chunk.append(byte)
                while index < text.count, text[index] == UInt8(ascii: "=") {
                    chunk.append(text[index])
                    index += 1
                }
                guard flush() else { return nil }
            default:
                chunk.append(byte)
            }
        }
        return flush() ? out : nil
    }
}
