// FileRequestSerializer.swift: the request serializer that streams a file from disk as the whole body.
public import ProtoHTTPCore


/// Sends the file at a path as the whole request body (not a form), streamed from disk with its
/// size as `Content-Length`: AFNetworking's `uploadTaskWithRequest:fromFile:`. Pick it with
/// `requestSerializer: .file()`, or call
/// ``ProtoHTTPManager/upload(_:file:contentType:method:responseSerializer:options:completion:success:failure:finished:)``.
///
/// The file is opened when each attempt starts, so a retried call sends it again from its
/// start; a file that is missing, unreadable or not a regular file fails the call with
/// `invalid_argument` naming the path, before anything is sent.
public struct FileRequestSerializer: RequestSerializer {
    /// The `Content-Type` to send. Default `application/octet-stream`; `nil` sends none.
    public var contentType: String?

    /// A serializer sending files as `contentType`.
    public init(contentType: String? = MediaType.octetStream) { self.contentType = contentType }

    /// The path, for the transport to read; nothing is read here.
    ///
    /// - Throws: `invalid_argument` when the path is empty.
    public func serialize(_ input: String, context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        guard !input.isEmpty else {
            throw ProtoHTTPError(code: .invalidArgument, message: "the file to upload has an empty path; pass the path of a regular file.")
        }
        return SerializedBody(filePath: input, contentType: contentType)
    }
}

extension RequestSerializer where Self == FileRequestSerializer {
    /// The file at the input path as the whole body, streamed from disk, sent as `contentType`.
    public static func file(contentType: String? = MediaType.octetStream) -> FileRequestSerializer {
        FileRequestSerializer(contentType: contentType)
    }
}
