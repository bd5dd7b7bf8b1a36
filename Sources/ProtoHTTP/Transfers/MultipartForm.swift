// MultipartForm.swift: a multipart/form-data body: named parts of bytes, text, messages or files.
public import ProtoWire
public import HTTPTypes
public import ProtoHTTPCore

/// A `multipart/form-data` request body, as AFNetworking's `AFMultipartFormData` builds it:
/// an ordered list of named parts, each bytes, text, a protobuf message or a file.
///
/// The transport sends it with libcurl's MIME API, which writes the boundary, the part headers
/// and the `Content-Type: multipart/form-data; boundary=…` header itself. File parts are read
/// from disk while the request is sent, in small pieces: a 1 GiB file costs no more memory than
/// a 1 KiB one. The form holds paths, not open files, so a retried call reads them again.
///
/// ```swift
/// var form = MultipartForm()
/// form.append(.string("title", "Holiday"))
/// form.append(try .message("meta", photoInfo, encoding: .json))
/// form.append(.file("photo", path: "/tmp/beach.jpg", contentType: "image/jpeg"))
/// manager.upload("/photos", form: form, responseSerializer: .message(Photos_UploadReply.self),
///                success: { reply, _ in … }, failure: { error in … })
/// ```
public struct MultipartForm: Sendable, Hashable {
    /// The parts, in the order they are sent.
    public var parts: [MultipartPart]

    /// A form with `parts` (none by default).
    public init(_ parts: [MultipartPart] = []) { self.parts = parts }

    /// Adds `part` after the others.
    public mutating func append(_ part: MultipartPart) { parts.append(part) }
}

/// One part of a ``MultipartForm``: a name, optionally a file name, a content type and extra
/// headers, and its content.
public struct MultipartPart: Sendable, Hashable {
    /// Where a part's bytes come from.
    public enum Content: Sendable, Hashable {
        /// These bytes, copied into the request.
        case bytes([UInt8])
        /// The file at this path, streamed from disk while the request is sent.
        case file(path: String)
    }

    /// The form field name (`Content-Disposition: form-data; name="…"`).
    public var name: String
    /// The file name the server sees (`filename="…"`), or `nil` for none.
    public var fileName: String?
    /// The part's `Content-Type`, or `nil` for none (servers then read `text/plain`).
    public var contentType: String?
    /// Extra header fields of this part.
    public var headers: HTTPFields
    /// The part's content.
    public var content: Content

    /// A part with every field given.
    public init(name: String, content: Content, fileName: String? = nil, contentType: String? = nil, headers: HTTPFields = [:]) {
        self.name = name
        self.content = content
        self.fileName = fileName
        self.contentType = contentType
        self.headers = headers
    }

    /// A part of raw bytes, `application/octet-stream` unless `contentType` says otherwise.
    public static func bytes(_ name: String, _ bytes: [UInt8], fileName: String? = nil,
                             contentType: String? = MediaType.octetStream) -> MultipartPart {
        MultipartPart(name: name, content: .bytes(bytes), fileName: fileName, contentType: contentType)
    }

    /// A text field: `value` as UTF-8, with no `Content-Type` unless one is given (a plain
    /// form field, as an HTML form sends it).
    public static func string(_ name: String, _ value: String, contentType: String? = nil) -> MultipartPart {
        MultipartPart(name: name, content: .bytes(Array(value.utf8)), contentType: contentType)
    }

    /// A file streamed from `path`. The file name sent defaults to the path's last component;
    /// pass `fileName: nil` explicitly through ``init(name:content:fileName:contentType:headers:)``
    /// to send none.
    public static func file(_ name: String, path: String, fileName: String? = nil,
                            contentType: String? = MediaType.octetStream) -> MultipartPart {
        let lastComponent = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        return MultipartPart(name: name, content: .file(path: path), fileName: fileName ?? lastComponent, contentType: contentType)
    }

    /// A protobuf message: binary (`application/x-protobuf`) or proto3 JSON (`application/json`).
    ///
    /// - Throws: `ProtoHTTPError` (`internal`) when the message cannot be written as JSON.
    public static func message<M: ProtoMessage>(_ name: String, _ message: M, encoding: BodyEncoding = .binary,
                                                fileName: String? = nil) throws(ProtoHTTPError) -> MultipartPart {
        switch encoding {
        case .binary:
            return MultipartPart(name: name, content: .bytes(message.serializedBytes()), fileName: fileName, contentType: MediaType.xProtobuf)
        case .json:
            do {
                return MultipartPart(name: name, content: .bytes(try message.jsonUTF8Bytes()), fileName: fileName, contentType: MediaType.json)
            } catch {
                throw ProtoHTTPError(
                    code: .internal,
                    message: "multipart part \"\(name)\": \(M.protoMessageName) cannot be written as proto3 JSON (\(error)); send it with encoding .binary instead."
                )
            }
        }
    }
}
