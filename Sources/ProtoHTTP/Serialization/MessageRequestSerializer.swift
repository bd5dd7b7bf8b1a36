// MessageRequestSerializer.swift: message bodies in the encoding the call asks for, binary protobuf or proto3 JSON.
public import ProtoWire
public import ProtoHTTPCore

/// Writes a message as binary protobuf or proto3 JSON, as ``encoding`` says, each with the
/// wire protocol's `Content-Type`. The message calls of ``ProtoHTTPManager`` use it with the
/// call's ``CallOptions/encoding`` (else the manager's ``ManagerConfiguration/encoding``).
public struct MessageRequestSerializer<M: ProtoMessage>: RequestSerializer {
    /// The body encoding.
    public var encoding: BodyEncoding
    /// How JSON bodies are written.
    public var jsonOptions: JSONEncodingOptions
    /// Whether the call's encoding (``SerializationContext/encoding``) wins over ``encoding``.
    private var followsCall = false

    /// A serializer for `encoding`.
    public init(encoding: BodyEncoding = .binary, jsonOptions: JSONEncodingOptions = JSONEncodingOptions()) {
        self.encoding = encoding
        self.jsonOptions = jsonOptions
    }

    /// A serializer that writes the encoding the call resolves to (``SerializationContext/encoding``:
    /// the call's ``CallOptions/encoding``, else the manager's), read from the same settings the
    /// rest of the call is prepared from.
    public static var callsEncoding: MessageRequestSerializer {
        var serializer = MessageRequestSerializer()
        serializer.followsCall = true
        return serializer
    }

    /// The message in ``encoding``, or in the call's for ``callsEncoding``.
    public func serialize(_ input: M, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        switch followsCall ? context.encoding : encoding {
        case .binary: try ProtobufRequestSerializer<M>().serialize(input, context: context)
        case .json: try ProtoJSONRequestSerializer<M>(options: jsonOptions).serialize(input, context: context)
        }
    }

    /// The message's fields as query parameters (see ``ProtoWire/ProtoMessage/queryItems()``).
    public func queryItems(_ input: M, context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem] {
        try input.queryItems()
    }
}

extension ProtoMessage {
    /// The message's set fields as URL query parameters, by their proto3 JSON names and
    /// values: `page.size=10` for a nested field, one `ids=…` per element of a repeated
    /// scalar, enums by name, bytes as base64, well-known types in their JSON forms.
    ///
    /// - Throws: `invalid_argument` for what a query cannot hold (a repeated message field).
    public func queryItems() throws(ProtoHTTPError) -> [QueryItem] {
        let json: [UInt8]
        do {
            json = try jsonUTF8Bytes()
        } catch {
            throw ProtoHTTPError(code: .invalidArgument, message: "\(Self.protoMessageName) cannot be written as query parameters (\(error)).")
        }
        return try JSONQuery.items(json, of: Self.protoMessageName)
    }
}
