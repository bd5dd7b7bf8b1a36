// RPCProtocol+Streaming.swift: which protocols carry streams, and the content types of their streams.

extension RPCProtocol {
    /// Whether the protocol can carry streaming calls at all: Connect (its streaming form),
    /// gRPC and gRPC-Web. Twirp and plain HTTP have no streams.
    public var carriesStreams: Bool {
        switch self {
        case .connect, .grpc, .grpcWeb: true
        case .twirp, .plain: false
        }
    }

    /// The `Content-Type` of a streaming call's bodies in `encoding`: Connect's
    /// `application/connect+proto` / `+json`; gRPC's and gRPC-Web's are those of their unary
    /// calls. `nil` for protocols without streams.
    public func streamContentType(for encoding: BodyEncoding) -> String? {
        switch (self, encoding) {
        case (.connect, .binary): MediaType.connectStreamProto
        case (.connect, .json): MediaType.connectStreamJSON
        case (.grpc, _), (.grpcWeb, _): contentType(for: encoding)
        case (.twirp, _), (.plain, _): nil
        }
    }

    /// The protocol and encoding of a streaming request of media type `essence` (lowercased,
    /// no parameters): Connect's streaming types, or any gRPC or gRPC-Web type; `nil` otherwise.
    public static func streaming(mediaType essence: String) -> (RPCProtocol, BodyEncoding)? {
        switch essence {
        case MediaType.connectStreamProto: return (.connect, .binary)
        case MediaType.connectStreamJSON: return (.connect, .json)
        default:
            guard let framed = framed(mediaType: essence), let encoding = framed.encoding(ofMediaType: essence) else { return nil }
            return (framed, encoding)
        }
    }
}
