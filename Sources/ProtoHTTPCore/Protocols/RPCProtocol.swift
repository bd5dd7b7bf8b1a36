// RPCProtocol.swift: the three wire protocols (Connect, Twirp, plain) and their content-type tables.

/// The wire protocols ProtoHTTP speaks, and the content types each uses for a body encoding.
///
/// ```
/// protocol  path                          binary                      JSON
/// connect   /pkg.Service/Method           application/proto           application/json
/// twirp     /twirp/pkg.Service/Method     application/protobuf        application/json
/// plain     any path                      application/x-protobuf (*)  application/json
/// ```
/// (*) plain also accepts `application/octet-stream`, `application/protobuf` and
/// `application/proto` (any of ``MediaType/protobufTypes``).
///
/// The server decides a request's protocol from its route and `Content-Type`; the client's
/// Connect and Twirp strategies take their content types from these tables.
public enum RPCProtocol: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Connect unary.
    case connect
    /// Twirp.
    case twirp
    /// Plain HTTP: a body in, a body out; errors as an HTTP status with a Connect-shaped JSON body.
    case plain

    /// `"connect"`, `"twirp"` or `"plain"`.
    public var description: String { rawValue }

    /// The `Content-Type` this protocol gives a body in `encoding` (plain: `application/x-protobuf`).
    public func contentType(for encoding: BodyEncoding) -> String {
        switch (self, encoding) {
        case (_, .json): MediaType.json
        case (.connect, .binary): MediaType.connectProto
        case (.twirp, .binary): MediaType.twirpProtobuf
        case (.plain, .binary): MediaType.xProtobuf
        }
    }

    /// The encoding a request body of media type `essence` (lowercased, no parameters) has
    /// under this protocol, or `nil` when the protocol does not take that media type.
    /// Connect takes `application/proto` and `application/json`; Twirp `application/protobuf`
    /// and `application/json`; plain any binary protobuf type, `application/json` and `*/*+json`.
    public func encoding(ofMediaType essence: String) -> BodyEncoding? {
        switch self {
        case .connect:
            switch essence {
            case MediaType.connectProto: .binary
            case MediaType.json: .json
            default: nil
            }
        case .twirp:
            switch essence {
            case MediaType.twirpProtobuf: .binary
            case MediaType.json: .json
            default: nil
            }
        case .plain:
            switch MediaType(essence).kind {
            case .protobuf: .binary
            case .json: .json
            case .other: nil
            }
        }
    }

    /// The media types of request bodies this protocol takes, binary first, for
    /// `Accept-Post` and error messages.
    public var acceptedMediaTypes: [String] {
        switch self {
        case .connect: [MediaType.connectProto, MediaType.json]
        case .twirp: [MediaType.twirpProtobuf, MediaType.json]
        case .plain: [MediaType.xProtobuf, MediaType.json]
        }
    }
}
