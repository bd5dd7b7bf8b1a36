// MultipartRequestSerializer.swift: the request serializer that sends a MultipartForm as multipart/form-data.
public import ProtoHTTPCore


/// Sends a ``MultipartForm`` as a `multipart/form-data` body, built by libcurl's MIME API
/// (file parts streamed from disk). Pick it with `requestSerializer: .multipart`, or call
/// ``ProtoHTTPManager/upload(_:form:responseSerializer:options:completion:success:failure:finished:)``.
///
/// The response comes back through any response serializer, as for every other call.
public struct MultipartRequestSerializer: RequestSerializer {
    /// A multipart serializer.
    public init() {}

    /// The form, for the transport to encode; the boundary and `Content-Type` come from libcurl.
    ///
    /// - Throws: `invalid_argument` when the form has no parts.
    public func serialize(_ input: MultipartForm, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        guard !input.parts.isEmpty else {
            throw ProtoHTTPError(code: .invalidArgument, message: "the multipart form has no parts; append at least one part before sending it.")
        }
        return SerializedBody(form: input)
    }
}

extension RequestSerializer where Self == MultipartRequestSerializer {
    /// `multipart/form-data` from a ``MultipartForm``, file parts streamed from disk.
    public static var multipart: MultipartRequestSerializer { MultipartRequestSerializer() }
}
