// MessageRequestSerializer.swift: message bodies in the encoding the call asks for, binary protobuf or proto3 JSON.
import ProtoWire

/// Writes a message as binary protobuf or proto3 JSON, as ``encoding`` says, each with the
/// wire protocol's `Content-Type`. The message calls of ``ProtoHTTPManager`` use it with the
/// call's ``CallOptions/encoding`` (else the manager's ``ManagerConfiguration/encoding``).
public struct MessageRequestSerializer<M: ProtoMessage>: RequestSerializer {
    /// The body encoding.
    public var encoding: BodyEncoding
    /// How JSON bodies are written.
    public var jsonOptions: JSONEncodingOptions

    /// A serializer for `encoding`.
    public init(encoding: BodyEncoding = .binary, jsonOptions: JSONEncodingOptions = JSONEncodingOptions()) {
        self.encoding = encoding
        self.jsonOptions = jsonOptions
    }

    /// The message in ``encoding``.
    public func serialize(_ input: M, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        switch encoding {
        case .binary: try ProtobufRequestSerializer<M>().serialize(input, context: context)
        case .json: try ProtoJSONRequestSerializer<M>(options: jsonOptions).serialize(input, context: context)
        }
    }
}
