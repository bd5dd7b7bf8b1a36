// RPCProtocol.swift: the wire protocols (Connect, Twirp, plain, gRPC, gRPC-Web) and their content-type tables.

/// The wire protocols ProtoHTTP speaks, and the content types each uses for a body encoding.
///
/// ```
/// protocol  path                          binary                      JSON
/// connect   /pkg.Service/Method           application/proto           application/json
/// twirp     /twirp/pkg.Service/Method     application/protobuf        application/json
/// plain     any path                      application/x-protobuf (*)  application/json
/// grpc      /pkg.Service/Method (HTTP/2)  application/grpc (**)       application/grpc+json
/// grpc-web  /pkg.Service/Method           application/grpc-web+proto  application/grpc-web+json
/// ```
/// (*) plain also accepts `application/octet-stream`, `application/protobuf` and
/// `application/proto` (any of ``MediaType/protobufTypes``). (**) gRPC also takes
/// `application/grpc+proto`; gRPC-Web takes `application/grpc-web` and the base64 text forms
/// `application/grpc-web-text` and `application/grpc-web-text+proto`. Both carry each message
/// length-prefixed (``GRPCFrame``) and the status in trailers.
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
    /// gRPC over HTTP/2: length-prefixed messages, the status in HTTP trailers.
    case grpc
    /// gRPC-Web over HTTP/1.1 or HTTP/2: length-prefixed messages, the status in a trailer
    /// frame at the end of the body.
    case grpcWeb = "grpc-web"

    /// `"connect"`, `"twirp"`, `"plain"`, `"grpc"` or `"grpc-web"`.
    public var description: String { rawValue }

    /// The `Content-Type` this protocol gives a body in `encoding` (plain: `application/x-protobuf`).
    public func contentType(for encoding: BodyEncoding) -> String {
        switch (self, encoding) {
        case (.connect, .json), (.twirp, .json), (.plain, .json): MediaType.json
        case (.connect, .binary): MediaType.connectProto
        case (.twirp, .binary): MediaType.twirpProtobuf
        case (.plain, .binary): MediaType.xProtobuf
        case (.grpc, .binary): MediaType.grpc
        case (.grpc, .json): MediaType.grpcJSON
        case (.grpcWeb, .binary): MediaType.grpcWebProto
        case (.grpcWeb, .json): MediaType.grpcWebJSON
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
        case .grpc:
            switch essence {
            case MediaType.grpc, MediaType.grpcProto: .binary
            case MediaType.grpcJSON: .json
            default: nil
            }
        case .grpcWeb:
            switch essence {
            case MediaType.grpcWeb, MediaType.grpcWebProto, MediaType.grpcWebText, MediaType.grpcWebTextProto: .binary
            case MediaType.grpcWebJSON, "application/grpc-web-text+json": .json
            default: nil
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
        case .grpc: [MediaType.grpc, MediaType.grpcProto, MediaType.grpcJSON]
        case .grpcWeb: [MediaType.grpcWeb, MediaType.grpcWebProto, MediaType.grpcWebJSON, MediaType.grpcWebText, MediaType.grpcWebTextProto]
        }
    }

    /// Whether the protocol frames each message with a length prefix and sends its status in
    /// trailers (gRPC and gRPC-Web), rather than answering a body with an HTTP status.
    public var usesTrailers: Bool {
        switch self {
        case .grpc, .grpcWeb: true
        case .connect, .twirp, .plain: false
        }
    }

    /// The framed protocol a request of media type `essence` speaks on a method path: `.grpc`
    /// for `application/grpc…`, `.grpcWeb` for `application/grpc-web…`, `nil` otherwise.
    public static func framed(mediaType essence: String) -> RPCProtocol? {
        if RPCProtocol.grpc.encoding(ofMediaType: essence) != nil { return .grpc }
        if RPCProtocol.grpcWeb.encoding(ofMediaType: essence) != nil { return .grpcWeb }
        return nil
    }
}
