// EncodedMessageSerializers.swift: already-encoded message bodies (binary protobuf or proto3 JSON bytes) in and out, for callers without generated types.
public import ProtoHTTPCore


/// A message body that is already encoded: its bytes and whether they are binary protobuf or
/// proto3 JSON. What a caller without generated types (a command-line tool working from
/// descriptors, a proxy) sends and receives through
/// ``ProtoHTTPManager/unaryEncoded(_:_:options:)``.
public struct EncodedMessage: Sendable, Hashable {
    /// The encoded message.
    public var bytes: [UInt8]
    /// How ``bytes`` are encoded.
    public var encoding: BodyEncoding

    /// A message of `encoding` held in `bytes`.
    public init(bytes: [UInt8], encoding: BodyEncoding) {
        self.bytes = bytes
        self.encoding = encoding
    }
}

/// Sends an ``EncodedMessage`` as it is, with the wire protocol's `Content-Type` for its
/// encoding (``SerializationContext/binaryContentType`` or ``SerializationContext/jsonContentType``),
/// so Connect, Twirp and plain calls look exactly as typed calls in that encoding.
public struct EncodedMessageRequestSerializer: RequestSerializer {
    /// A serializer; it has no settings.
    public init() {}

    /// The bytes, with the protocol's content type for their encoding.
    public func serialize(_ input: EncodedMessage, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        SerializedBody(bytes: input.bytes, contentType: input.encoding == .binary ? context.binaryContentType : context.jsonContentType)
    }
}

/// Hands back the response body undecoded, as an ``EncodedMessage`` whose encoding the
/// `Content-Type` gives, by the same table as ``MessageResponseSerializer``: binary protobuf for
/// `application/proto`, `application/protobuf`, `application/x-protobuf` and
/// `application/octet-stream`, JSON for `application/json` and `*/*+json`. No `Content-Type`,
/// or any other, is an `internal` error naming what arrived.
public struct EncodedMessageResponseSerializer: ResponseSerializer {
    /// A serializer; it has no settings.
    public init() {}

    /// The body and its encoding.
    public func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> EncodedMessage {
        if let encoding = metadata.messageEncoding { return EncodedMessage(bytes: body, encoding: encoding) }
        guard let contentType = metadata.contentType else {
            throw ProtoHTTPError(
                code: .internal,
                message: "the response has no Content-Type, so ProtoHTTP cannot tell binary protobuf from JSON; make the server send one.",
                httpStatus: metadata.status
            )
        }
        throw ProtoHTTPError(
            code: .internal,
            message: "unexpected response Content-Type \"\(contentType)\"; expected binary protobuf (\(MediaType.protobufTypes.sorted().joined(separator: ", "))) or JSON (application/json, */*+json).",
            httpStatus: metadata.status
        )
    }
}
