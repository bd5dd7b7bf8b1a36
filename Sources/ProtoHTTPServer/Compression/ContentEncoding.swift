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
            switch Gzip.inflate(body, limit: limit, maxRatio: maxRatio) {
            case .success(let inflated):
                return .success(inflated)
            case .failure(.tooLarge):
                return .failure(ServerError(
                    wireProtocol, .resourceExhausted,
                    "the gzip request body inflates to more than this server's limit of \(limit) bytes; send a smaller message or raise ServerConfiguration.maxRequestBodySize.",
                    httpStatus: 413
                ))
            case .failure(.tooCompressed(let ratio)):
                return .failure(ServerError(wireProtocol, .resourceExhausted, tooCompressed(ratio), httpStatus: 413))
            case .failure(.corrupt(let reason)):
                var failure = ServerError(wireProtocol, .invalidArgument, "the request body is not valid gzip (\(reason)); compress it with gzip or send it uncompressed.")
                failure.twirpCodeOverride = "malformed"
                return .failure(failure)
            }
        default:
            return .failure(ServerError(
                wireProtocol, .unimplemented,
                "request bodies with Content-Encoding \"\(contentEncoding ?? "")\" are not accepted; send them with gzip or uncompressed.",
                httpStatus: wireProtocol == .connect ? nil : 415,
                headers: [.acceptEncoding: accepted]
            ))
        }
    }
}
