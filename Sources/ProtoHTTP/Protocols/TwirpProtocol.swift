// TwirpProtocol.swift: Twirp: POST /twirp/pkg.Service/Method and the {code, msg, meta} error body.
/// Twirp calls (twitchtv.github.io/twirp/docs/spec_v7.html): `POST <prefix>/pkg.Service/Method`
/// with `application/protobuf` or `application/json`. A non-200 response is an error whose JSON
/// body `{"code", "msg", "meta"}` gives the code (Twirp's names, mapped to Connect's codes;
/// both `data_loss` and `dataloss` are accepted), message and metadata.
public import HTTPTypes
public import ProtoHTTPCore

public struct TwirpProtocol: WireProtocol {
    /// `RPCProtocol.twirp`.
    public var rpcProtocol: RPCProtocol { .twirp }
    /// The route prefix. Default `/twirp`; empty for servers mounted at the root.
    public var prefix: String

    /// `application/protobuf` and `application/json`.
    public var serializationContext: SerializationContext {
        SerializationContext(binaryContentType: RPCProtocol.twirp.contentType(for: .binary), jsonContentType: MediaType.json)
    }

    /// Twirp under `prefix`: `/twirp` by default, empty for a server mounted at the root.
    public init(prefix: String = "/twirp") { self.prefix = prefix }

    /// `<prefix>/pkg.Service/Method`.
    public func route(_ path: String) -> String { prefix + (path.hasPrefix("/") ? path : "/" + path) }

    /// None.
    public func headers(timeout: Duration?) -> HTTPFields { [:] }

    /// The error of a non-200 response.
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        guard response.status != 200 else { return nil }
        return Self.decodeError(status: response.status, body: response.body)
    }

    /// Reads a Twirp error body, falling back to the HTTP status table.
    static func decodeError(status: Int, body: [UInt8]) -> ProtoHTTPError {
        if let error = TwirpErrorBody.decode(body, httpStatus: status) { return error }
        return ProtoHTTPError(
            code: ProtoHTTPError.Code(httpStatus: status),
            message: "the server answered HTTP \(status) without a Twirp error body\(StatusCodeValidator.snippet(body)); is the URL a Twirp endpoint under \"/twirp\"?",
            httpStatus: status,
            responseBody: body
        )
    }
}
