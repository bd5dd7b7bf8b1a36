// InProcessRequest.swift: a TransportRequest as the server's dispatcher takes it: method, path and query, headers, body.
import Foundation
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

/// What an ``InProcessTransport`` hands the server for one ``ProtoHTTP/TransportRequest``.
struct InProcessRequest {
    var method: HTTPMethod
    /// The URL's path and query (`/notes.Notes/GetNote?…`).
    var uri: String
    var headers: HTTPFields
    var body: [UInt8]

    /// - Throws: `invalid_argument` for a URL without a scheme and host; `unimplemented` for a
    ///   multipart form or a response body to a file; `invalid_argument` for a file body that
    ///   cannot be read.
    init(_ request: TransportRequest) throws(ProtoHTTPError) {
        guard let schemeEnd = request.url.range(of: "://") else {
            throw ProtoHTTPError(code: .invalidArgument, message: "the URL \(request.url) has no scheme and host; give the manager a base URL such as http://in-process.")
        }
        let afterAuthority = request.url[schemeEnd.upperBound...].drop { $0 != "/" && $0 != "?" }
        var uri = String(afterAuthority.prefix { $0 != "#" })
        if uri.isEmpty || uri.hasPrefix("?") { uri = "/" + uri }
        if request.multipart != nil {
            throw ProtoHTTPError(code: .unimplemented, message: "the in-process transport does not encode multipart forms (libcurl does); send the form through HTTPTransport.")
        }
        if request.bodyFile != nil {
            throw ProtoHTTPError(code: .unimplemented, message: "the in-process transport keeps response bodies in memory; download to a file through HTTPTransport.")
        }
        var body = request.body ?? []
        if let path = request.uploadFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ProtoHTTPError(code: .invalidArgument, message: "cannot upload \(path): it cannot be read; check the path and its permissions.")
            }
            body = [UInt8](data)
        }
        self.method = request.method
        self.uri = uri
        self.headers = request.headers
        self.body = body
    }
}
