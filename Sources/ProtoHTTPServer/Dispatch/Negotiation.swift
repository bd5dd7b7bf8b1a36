// Negotiation.swift: the protocol and encoding of a request from its route, Content-Type and Connect headers.
import ProtoHTTP

/// The protocol and body encoding a request is served with, and the response Content-Type.
struct Negotiated: Sendable, Equatable {
    var wireProtocol: ServerProtocol
    var encoding: BodyEncoding
    var responseContentType: String
}

enum Negotiation {
    /// Decides how to serve a request on `kind` with these headers, or the error to answer.
    static func negotiate(_ kind: Router.Kind, contentType: String?, connectVersion: String?) -> Result<Negotiated, ServerError> {
        let media = contentType.map { MediaType($0).essence } ?? ""
        switch kind {
        case .connectPath:
            switch media {
            case "application/proto": return .success(Negotiated(wireProtocol: .connect, encoding: .binary, responseContentType: "application/proto"))
            case "application/json": return .success(Negotiated(wireProtocol: .connect, encoding: .json, responseContentType: "application/json"))
            case "application/x-protobuf", "application/octet-stream", "application/protobuf":
                if connectVersion == nil {
                    return .success(Negotiated(wireProtocol: .plain, encoding: .binary, responseContentType: media))
                }
                fallthrough
            default:
                return .failure(ServerError(
                    .connect, .unimplemented,
                    "content type \(describe(contentType)) is not supported here; Connect unary takes application/proto or application/json (plain clients may send application/x-protobuf).",
                    httpStatus: 415,
                    headers: [HTTPHeader(name: "Accept-Post", value: "application/proto, application/json")]
                ))
            }
        case .twirpPath:
            switch media {
            case "application/protobuf": return .success(Negotiated(wireProtocol: .twirp, encoding: .binary, responseContentType: "application/protobuf"))
            case "application/json": return .success(Negotiated(wireProtocol: .twirp, encoding: .json, responseContentType: "application/json"))
            default:
                var error = ServerError(
                    .twirp, .invalidArgument,
                    "unexpected Content-Type \(describe(contentType)); Twirp takes application/protobuf or application/json.",
                    httpStatus: 404
                )
                error.twirpCodeOverride = "bad_route"
                return .failure(error)
            }
        case .plainRoute(let encodings):
            let kind = MediaType(contentType ?? "").kind
            let encoding: BodyEncoding? = kind == .protobuf ? .binary : kind == .json ? .json : nil
            guard let encoding, encodings.contains(encoding) else {
                let accepted = encodings.sorted { $0 == .binary && $1 == .json }
                    .map { $0 == .binary ? "application/x-protobuf" : "application/json" }
                return .failure(ServerError(
                    .plain, .unimplemented,
                    "content type \(describe(contentType)) is not accepted by this endpoint; send \(accepted.joined(separator: " or ")).",
                    httpStatus: 415,
                    headers: [HTTPHeader(name: "Accept-Post", value: accepted.joined(separator: ", "))]
                ))
            }
            let responseType = encoding == .json ? "application/json" : media
            return .success(Negotiated(wireProtocol: .plain, encoding: encoding, responseContentType: responseType))
        }
    }

    private static func describe(_ contentType: String?) -> String {
        contentType.map { "\"\($0)\"" } ?? "(none)"
    }
}
