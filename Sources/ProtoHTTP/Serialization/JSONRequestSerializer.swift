// JSONRequestSerializer.swift: Codable JSON request bodies through Foundation's JSONEncoder.
public import Foundation
public import ProtoHTTPCore

/// Codable JSON bodies, written by a `JSONEncoder` (keys sorted by default so bodies are stable).
public struct JSONRequestSerializer<T: Encodable & Sendable>: RequestSerializer {
    /// Makes the encoder for each body (a `JSONEncoder` is not `Sendable`, so it is made per call).
    public var makeEncoder: @Sendable () -> JSONEncoder

    /// A serializer encoding with an encoder from `makeEncoder`, one per body (keys sorted by default).
    public init(makeEncoder: @escaping @Sendable () -> JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }) {
        self.makeEncoder = makeEncoder
    }

    /// `JSONEncoder().encode(input)`, with the protocol's JSON `Content-Type`.
    public func serialize(_ input: T, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        do {
            return SerializedBody(bytes: Array(try makeEncoder().encode(input)), contentType: context.jsonContentType)
        } catch {
            throw ProtoHTTPError(code: .internal, message: "\(T.self) could not be encoded as JSON: \(error).")
        }
    }

    /// The encoded object's members as query parameters (nested members dotted, arrays of
    /// scalars repeated).
    public func queryItems(_ input: T, context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem] {
        try JSONQuery.items(serialize(input, context: context).bytes, of: "\(T.self)")
    }
}
