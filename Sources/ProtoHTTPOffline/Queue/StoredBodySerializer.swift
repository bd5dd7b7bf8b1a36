// StoredBodySerializer.swift: the request serializer of replays: a stored body sent as it was, with its stored Content-Type.
import ProtoHTTP
import ProtoHTTPCore


/// A stored body, sent as it was serialized, with its stored `Content-Type`; for GET and HEAD
/// the query is already in the stored path.
struct StoredBodySerializer: RequestSerializer {
    let contentType: String?

    func serialize(_ input: [UInt8], context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        SerializedBody(bytes: input, contentType: contentType)
    }

    func queryItems(_ input: [UInt8], context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem] { [] }
}

