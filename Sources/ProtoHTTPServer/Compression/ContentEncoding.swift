// ContentEncoding.swift: the request body as the handler sees it: identity as sent, gzip inflated, others refused.
import ProtoHTTPGzip
import ProtoHTTPCore

enum ContentEncoding {
    /// The message for gzip that inflates more than `ratio` times its size.
    static func tooCompressed(_ ratio: Int) -> String {
        "the gzip request inflates more than \(ratio) times its compressed size, as compression bombs do; send it uncompressed, or raise ServerConfiguration.maxRequestInflationRatio."
    }

    /// The encodings request bodies may use, for `Accept-Encoding` on refusals.
    static let accepted = "gzip, identity"

    /// `body` decoded per its `Content-Encoding` header: as is without one (or with
    /// `identity`), inflated for `gzip` (at most `limit` bytes), refused otherwise.
    static func decode(_ body: [UInt8], contentEncoding: String?, _ wireProtocol: RPCProtocol, limit: Int,
                       maxRatio: Int? = nil) -> Result<[UInt8], ServerError> {
        let encoding = HTTPText.trimmed(contentEncoding ?? "").lowercased()
        switch encoding {
        case "", "identity":
            return .success(body)
        case "gzip", "x-gzip":
            return Gzip.inflate(body, limit: limit, maxRatio: maxRatio).mapError { refusal($0, wireProtocol, limit: limit) }
        default:
            return .failure(ServerError(
                wireProtocol, .unimplemented,
                "request bodies with Content-Encoding \"\(contentEncoding ?? "")\" are not accepted; send them with gzip or uncompressed.",
                httpStatus: wireProtocol == .connect ? nil : 415,
                headers: [.acceptEncoding: accepted]
            ))
        }
    }

    /// Why a gzip body (`limit` bytes at most, inflated) is refused, in `wireProtocol`'s terms:
    /// too large or too compressed is `resource_exhausted` (HTTP 413), corrupt is `invalid_argument`.
    static func refusal(_ failure: Gzip.Failure, _ wireProtocol: RPCProtocol, limit: Int) -> ServerError {
        switch failure {
        case .tooLarge:
            return ServerError(
                wireProtocol, .resourceExhausted,
                "the gzip request body inflates to more than this server's limit of \(limit) bytes; send a smaller message or raise ServerConfiguration.maxRequestBodySize.",
                httpStatus: 413
            )
        case .tooCompressed(let ratio):
            return ServerError(wireProtocol, .resourceExhausted, tooCompressed(ratio), httpStatus: 413)
        case .corrupt(let reason):
            var refusal = ServerError(wireProtocol, .invalidArgument, "the request body is not valid gzip (\(reason)); compress it with gzip or send it uncompressed.")
            refusal.twirpCodeOverride = "malformed"
            return refusal
        }
    }

    /// Whether a request with this head has its body inflated by the connection as it arrives
    /// (``Gzip/Inflater``), so a compression bomb is refused after its first kilobytes: a POST
    /// whose whole body is gzip. gRPC and gRPC-Web compress each message instead (`grpc-encoding`).
    static func inflatesOnArrival(method: HTTPMethod, contentType: String?, contentEncoding: String?) -> Bool {
        guard method == .post, let contentEncoding else { return false }
        let encoding = HTTPText.trimmed(contentEncoding).lowercased()
        guard encoding == "gzip" || encoding == "x-gzip" else { return false }
        return RPCProtocol.framed(mediaType: MediaType(contentType ?? "").essence) == nil
    }
}
