// RequestSerializer.swift: the request serializer strategy protocol and its static-member sugar.
public import ProtoWire
public import ProtoHTTPCore

/// Turns a call's input into a request body and its `Content-Type`.
///
/// Pick one with static-member sugar, as in Alamofire:
///
/// ```swift
/// manager.post("/pkg.Svc/Method", input: message, requestSerializer: .protobuf(), responseSerializer: .message(Reply.self))
/// manager.post("/form", input: ["a": "1"], requestSerializer: .formURLEncoded, responseSerializer: .raw)
/// ```
public protocol RequestSerializer<Input>: Sendable {
    /// What the serializer accepts.
    associatedtype Input: Sendable
    /// Serializes `input` for a call whose wire protocol is described by `context`.
    func serialize(_ input: Input, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody
    /// `input` as URL query parameters, for methods that send no body (GET, HEAD). The default
    /// throws: only serializers whose input has named fields (form parameters, messages,
    /// Codable values) can put it in a URL.
    func queryItems(_ input: Input, context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem]
}

extension RequestSerializer {
    /// Throws `invalid_argument`: this serializer's input has no fields to name in a URL.
    public func queryItems(_ input: Input, context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem] {
        throw ProtoHTTPError(
            code: .invalidArgument,
            message: "\(Self.self) cannot put its input in a URL query, and GET and HEAD send no body; use .formURLEncoded, a message serializer or .json, or another HTTP method."
        )
    }
}

extension RequestSerializer {
    /// Binary protobuf, with the protocol's binary `Content-Type`.
    public static func protobuf<M: ProtoMessage>(_ type: M.Type = M.self) -> ProtobufRequestSerializer<M>
        where Self == ProtobufRequestSerializer<M> { ProtobufRequestSerializer() }

    /// Proto3 JSON (ProtoWire's JSON mapping), `application/json`.
    public static func protoJSON<M: ProtoMessage>(_ type: M.Type = M.self) -> ProtoJSONRequestSerializer<M>
        where Self == ProtoJSONRequestSerializer<M> { ProtoJSONRequestSerializer() }

    /// Codable JSON through Foundation's `JSONEncoder`, `application/json`.
    public static func json<T: Encodable & Sendable>(_ type: T.Type = T.self) -> JSONRequestSerializer<T>
        where Self == JSONRequestSerializer<T> { JSONRequestSerializer() }
}

extension RequestSerializer where Self == FormURLEncodedRequestSerializer {
    /// `application/x-www-form-urlencoded` parameters, as AFHTTPRequestSerializer writes them.
    public static var formURLEncoded: FormURLEncodedRequestSerializer { FormURLEncodedRequestSerializer() }
}

extension RequestSerializer where Self == RawRequestSerializer {
    /// The bytes as given, `application/octet-stream`.
    public static var raw: RawRequestSerializer { RawRequestSerializer() }
}

/// Binary protobuf bodies. The `Content-Type` follows the wire protocol
/// (``SerializationContext/binaryContentType``) unless ``contentType`` overrides it.
public struct ProtobufRequestSerializer<M: ProtoMessage>: RequestSerializer {
    /// A `Content-Type` to send instead of the protocol's, e.g. `application/octet-stream`.
    public var contentType: String?

    /// A binary serializer; `contentType`, when set, replaces the protocol's binary type.
    public init(contentType: String? = nil) { self.contentType = contentType }

    /// `message.serializedBytes()`.
    public func serialize(_ input: M, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        SerializedBody(bytes: input.serializedBytes(), contentType: contentType ?? context.binaryContentType)
    }

    /// The message's fields as query parameters (see ``ProtoWire/ProtoMessage/queryItems()``).
    public func queryItems(_ input: M, context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem] {
        try input.queryItems()
    }
}

/// Proto3 JSON bodies through ProtoWire's JSON mapping (`jsonUTF8Bytes()`), with the protocol's
/// JSON `Content-Type`.
public struct ProtoJSONRequestSerializer<M: ProtoMessage>: RequestSerializer {
    /// How to write the JSON.
    public var options: JSONEncodingOptions

    /// A JSON serializer writing with `options`.
    public init(options: JSONEncodingOptions = JSONEncodingOptions()) { self.options = options }

    /// `message.jsonUTF8Bytes(options:)`.
    public func serialize(_ input: M, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        do {
            return SerializedBody(bytes: try input.jsonUTF8Bytes(options: options), contentType: context.jsonContentType)
        } catch {
            throw ProtoHTTPError(
                code: .internal,
                message: "\(M.protoMessageName) cannot be written as proto3 JSON (\(error)); send it as binary protobuf instead."
            )
        }
    }

    /// The message's fields as query parameters (see ``ProtoWire/ProtoMessage/queryItems()``).
    public func queryItems(_ input: M, context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem] {
        try input.queryItems()
    }
}

/// Raw bytes, sent as they are.
public struct RawRequestSerializer: RequestSerializer {
    /// The `Content-Type` to send. Default `application/octet-stream`.
    public var contentType: String?

    /// A serializer sending bytes as `contentType` (no `Content-Type` when `nil`).
    public init(contentType: String? = "application/octet-stream") { self.contentType = contentType }

    /// The input, unchanged.
    public func serialize(_ input: [UInt8], context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        SerializedBody(bytes: input, contentType: contentType)
    }
}
