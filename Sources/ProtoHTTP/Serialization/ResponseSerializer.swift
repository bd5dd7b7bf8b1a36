// ResponseSerializer.swift: the response serializer strategy protocol, its sugar, and the protobuf/raw strategies.
public import ProtoWire
public import ProtoHTTPCore

/// Turns a validated response into the call's typed output.
///
/// ```swift
/// .message(Reply.self)   // negotiates binary protobuf or proto3 JSON by Content-Type (the default)
/// .protobuf(Reply.self)  // binary protobuf whatever the Content-Type says
/// .json(Reply.self)      // Codable JSON
/// .raw                   // the body bytes
/// ```
public protocol ResponseSerializer<Output>: Sendable {
    /// What the serializer produces.
    associatedtype Output: Sendable
    /// Decodes `body`; `metadata` carries the status and headers (for `Content-Type`).
    func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> Output
}

extension ResponseSerializer {
    /// Binary protobuf, whatever the `Content-Type`.
    public static func protobuf<M: ProtoMessage>(_ type: M.Type) -> ProtobufResponseSerializer<M>
        where Self == ProtobufResponseSerializer<M> { ProtobufResponseSerializer() }

    /// Proto3 JSON (ProtoWire's JSON mapping), whatever the `Content-Type`.
    public static func protoJSON<M: ProtoMessage>(_ type: M.Type) -> ProtoJSONResponseSerializer<M>
        where Self == ProtoJSONResponseSerializer<M> { ProtoJSONResponseSerializer() }

    /// Binary protobuf or proto3 JSON, chosen by the response's `Content-Type`.
    public static func message<M: ProtoMessage>(_ type: M.Type) -> MessageResponseSerializer<M>
        where Self == MessageResponseSerializer<M> { MessageResponseSerializer() }

    /// Codable JSON through Foundation's `JSONDecoder`.
    public static func json<T: Decodable & Sendable>(_ type: T.Type) -> JSONResponseSerializer<T>
        where Self == JSONResponseSerializer<T> { JSONResponseSerializer() }
}

extension ResponseSerializer where Self == RawResponseSerializer {
    /// The body bytes, unchanged.
    public static var raw: RawResponseSerializer { RawResponseSerializer() }
}

/// Decodes binary protobuf with `init(serializedBytes:)`.
public struct ProtobufResponseSerializer<M: ProtoMessage>: ResponseSerializer {
    /// A binary decoder; it has no settings.
    public init() {}

    /// `M(serializedBytes: body)`; a decoding failure is `data_loss`.
    public func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> M {
        do {
            return try M(serializedBytes: body)
        } catch {
            throw ProtoHTTPError(
                code: .dataLoss,
                message: "the \(body.count)-byte response is not a valid binary \(M.protoMessageName) (\(error)); check that the server answers this method with this message type.",
                httpStatus: metadata.status
            )
        }
    }
}

/// Decodes proto3 JSON with ProtoWire's `init(jsonUTF8Bytes:)`.
///
/// This is the seam to the proto3 JSON mapping in ProtoWire (`Sources/ProtoWire/JSON`):
/// requests use ``ProtoJSONRequestSerializer``, responses this type, and
/// ``MessageResponseSerializer`` calls it for JSON content types.
public struct ProtoJSONResponseSerializer<M: ProtoMessage>: ResponseSerializer {
    /// How to read the JSON. The default ignores unknown fields, so a newer server's
    /// additions do not break older clients.
    public var options: JSONDecodingOptions

    /// A JSON decoder reading with `options` (unknown fields ignored by default).
    public init(options: JSONDecodingOptions = ProtoJSONResponseSerializer.lenientOptions) { self.options = options }

    /// Decoding options that ignore unknown fields.
    public static var lenientOptions: JSONDecodingOptions {
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = true
        return options
    }

    /// `M(jsonUTF8Bytes: body)`; a decoding failure is `data_loss`.
    public func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> M {
        do {
            return try M(jsonUTF8Bytes: body, options: options)
        } catch {
            throw ProtoHTTPError(
                code: .dataLoss,
                message: "the \(body.count)-byte response is not valid proto3 JSON for \(M.protoMessageName) (\(error)); check that the server answers this method with this message type.",
                httpStatus: metadata.status
            )
        }
    }
}

/// The default: negotiates by `Content-Type`. Binary protobuf for `application/octet-stream`,
/// `application/x-protobuf`, `application/protobuf` and `application/proto`; proto3 JSON for
/// `application/json` and `*/*+json`; parameters ignored, case-insensitive; anything else
/// (or no `Content-Type`) is an `internal` error naming the type received.
public struct MessageResponseSerializer<M: ProtoMessage>: ResponseSerializer {
    /// How to read binary bodies.
    public var binary = ProtobufResponseSerializer<M>()
    /// How to read JSON bodies.
    public var json = ProtoJSONResponseSerializer<M>()

    /// A decoder choosing binary or JSON by `Content-Type`, each with its default options.
    public init() {}

    /// Decodes the body with the strategy its `Content-Type` calls for: binary protobuf for
    /// the protobuf types, proto3 JSON for `application/json` and `*/*+json`. Under the plain
    /// protocol any other answer, and one without a `Content-Type`, is read as JSON when it
    /// parses (SCAwesomeNetworking's rule: whatever is not `application/octet-stream` is JSON),
    /// so a `text/plain` or `text/json` API works as it is. Connect and Twirp name their types,
    /// so there another type is an error. gRPC and gRPC-Web read `…+json` as JSON and any
    /// other type as binary.
    public func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> M {
        let contentType = metadata.contentType
        switch metadata.messageEncoding {
        case .binary: return try binary.serialize(body, metadata: metadata)
        case .json: return try json.serialize(body, metadata: metadata)
        case nil:
            let announced = contentType.map { "Content-Type \"\($0)\"" } ?? "no Content-Type"
            guard metadata.rpcProtocol == nil || metadata.rpcProtocol == .plain else {
                throw ProtoHTTPError(
                    code: .internal,
                    message: "the response has \(announced); expected binary protobuf (\(MediaType.protobufTypes.sorted().joined(separator: ", "))) or JSON (application/json, */*+json).",
                    httpStatus: metadata.status
                )
            }
            do {
                return try json.serialize(body, metadata: metadata)
            } catch {
                throw ProtoHTTPError(
                    code: .internal,
                    message: "the response has \(announced), so ProtoHTTP read it as JSON, and it is not \(M.protoMessageName) in JSON: \(error.message) Make the server send application/json or a protobuf type, or use the .protobuf response serializer for binary bodies.",
                    httpStatus: metadata.status
                )
            }
        }
    }
}

/// The body bytes, unchanged.
public struct RawResponseSerializer: ResponseSerializer {
    /// A serializer returning the body as it is.
    public init() {}

    /// The body.
    public func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> [UInt8] { body }
}
