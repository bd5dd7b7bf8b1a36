// TwirpProtocol.swift: Twirp: POST /twirp/pkg.Service/Method and the {code, msg, meta} error body.
import Foundation

/// Twirp calls (twitchtv.github.io/twirp/docs/spec_v7.html): `POST <prefix>/pkg.Service/Method`
/// with `application/protobuf` or `application/json`. A non-200 response is an error whose JSON
/// body `{"code", "msg", "meta"}` gives the code (Twirp's names, mapped to Connect's codes;
/// both `data_loss` and `dataloss` are accepted), message and metadata.
public struct TwirpProtocol: WireProtocol {
    /// `"twirp"`.
    public var name: String { "twirp" }
    /// The route prefix. Default `/twirp`; empty for servers mounted at the root.
    public var prefix: String

    /// `application/protobuf` and `application/json`.
    public var serializationContext: SerializationContext {
        SerializationContext(binaryContentType: "application/protobuf", jsonContentType: "application/json")
    }

    /// Creates the protocol.
    public init(prefix: String = "/twirp") { self.prefix = prefix }

    /// `<prefix>/pkg.Service/Method`.
    public func route(_ path: String) -> String { prefix + (path.hasPrefix("/") ? path : "/" + path) }

    /// None.
    public func headers(timeout: Duration?) -> [HTTPHeader] { [] }

    /// The error of a non-200 response.
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        guard response.status != 200 else { return nil }
        return Self.decodeError(status: response.status, body: response.body)
    }

    /// The Twirp error JSON body.
    struct WireError: Decodable {
        var code: String?
        var msg: String?
        var meta: [String: String]?
    }

    /// The Connect code for a Twirp error code name, or `nil` for an unknown name.
    static func code(twirpName name: String) -> ProtoHTTPError.Code? {
        switch name {
        case "dataloss", "data_loss": .dataLoss
        case "bad_route": .unimplemented
        case "malformed": .invalidArgument
        default: ProtoHTTPError.Code(name: name)
        }
    }

    /// Reads a Twirp error body, falling back to the HTTP status table.
    static func decodeError(status: Int, body: [UInt8]) -> ProtoHTTPError {
        if let wire = try? JSONDecoder().decode(WireError.self, from: Data(body)), let name = wire.code {
            return ProtoHTTPError(
                code: code(twirpName: name) ?? .unknown,
                message: wire.msg ?? "",
                httpStatus: status,
                meta: wire.meta ?? [:],
                responseBody: body
            )
        }
        return ProtoHTTPError(
            code: ProtoHTTPError.Code(httpStatus: status),
            message: "the server answered HTTP \(status) without a Twirp error body\(StatusCodeValidator.snippet(body)); is the URL a Twirp endpoint under \"/twirp\"?",
            httpStatus: status,
            responseBody: body
        )
    }
}
