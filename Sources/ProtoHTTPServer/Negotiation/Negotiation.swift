// Negotiation.swift: the protocol and encoding of a request from its route, Content-Type and Connect headers.
import ProtoHTTPCore


/// The protocol and body encoding a request is served with, and the response Content-Type.
struct Negotiated: Sendable, Equatable {
    var wireProtocol: RPCProtocol
    var encoding: BodyEncoding
    var responseContentType: String
    /// gRPC-Web's text form: the request and response bodies are base64 of the frames.
    var base64Body = false
}

/// Applies ``RPCProtocol``'s content-type tables to a route: the Connect path also serves plain
/// binary clients (a binary type other than `application/proto`, no `Connect-Protocol-Version`),
/// and plain answers a binary request in the binary type it sent.
enum Negotiation {
    /// Decides how to serve a request on `kind` with these headers, or the error to answer.
    static func negotiate(_ kind: Router.Kind, contentType: String?, connectVersion: String?) -> Result<Negotiated, ServerError> {
        let media = MediaType(contentType ?? "").essence
        switch kind {
        case .connectPath:
            if let framed = RPCProtocol.framed(mediaType: media), let encoding = framed.encoding(ofMediaType: media) {
                // gRPC and gRPC-Web answer in the type they were sent (`application/grpc` stays so).
                let base64 = media.hasPrefix(MediaType.grpcWebText)
                return .success(Negotiated(wireProtocol: framed, encoding: encoding, responseContentType: media, base64Body: base64))
            }
            if let encoding = RPCProtocol.connect.encoding(ofMediaType: media) {
                return .success(Negotiated(wireProtocol: .connect, encoding: encoding, responseContentType: RPCProtocol.connect.contentType(for: encoding)))
            }
            if connectVersion == nil, RPCProtocol.plain.encoding(ofMediaType: media) == .binary {
                return .success(Negotiated(wireProtocol: .plain, encoding: .binary, responseContentType: media))
            }
            let accepted = RPCProtocol.connect.acceptedMediaTypes
            return .failure(ServerError(
                .connect, .unimplemented,
                "content type \(describe(contentType)) is not supported here; Connect unary takes \(accepted.joined(separator: " or ")) (plain clients may send \(MediaType.xProtobuf), gRPC clients \(MediaType.grpc), gRPC-Web clients \(MediaType.grpcWebProto)).",
                httpStatus: 415,
                headers: [.acceptPost: accepted.joined(separator: ", ")]
            ))
        case .twirpPath:
            if let encoding = RPCProtocol.twirp.encoding(ofMediaType: media) {
                return .success(Negotiated(wireProtocol: .twirp, encoding: encoding, responseContentType: RPCProtocol.twirp.contentType(for: encoding)))
            }
            var error = ServerError(
                .twirp, .invalidArgument,
                "unexpected Content-Type \(describe(contentType)); Twirp takes \(RPCProtocol.twirp.acceptedMediaTypes.joined(separator: " or ")).",
                httpStatus: 404
            )
            error.twirpCodeOverride = "bad_route"
            return .failure(error)
        case .plainRoute(let encodings):
            guard let encoding = RPCProtocol.plain.encoding(ofMediaType: media), encodings.contains(encoding) else {
                let accepted = [BodyEncoding.binary, .json].filter(encodings.contains).map { RPCProtocol.plain.contentType(for: $0) }
                return .failure(ServerError(
                    .plain, .unimplemented,
                    "content type \(describe(contentType)) is not accepted by this endpoint; send \(accepted.joined(separator: " or ")).",
                    httpStatus: 415,
                    headers: [.acceptPost: accepted.joined(separator: ", ")]
                ))
            }
            let responseType = encoding == .json ? MediaType.json : media
            return .success(Negotiated(wireProtocol: .plain, encoding: encoding, responseContentType: responseType))
        }
    }

    private static func describe(_ contentType: String?) -> String {
        contentType.map { "\"\($0)\"" } ?? "(none)"
    }
}
