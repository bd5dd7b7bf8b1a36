// BasicAuthorization.swift: the HTTP Basic `Authorization` header (RFC 7617).
import ProtoWire

extension HTTPHeader {
    /// `Authorization: Basic <base64(user:password)>` (RFC 7617, UTF-8).
    ///
    /// ```swift
    /// manager.updateConfiguration { $0.setHeader(HTTPHeader.basicAuthorization(username: "ann", password: "s3cret").value, forName: "Authorization") }
    /// // or per call: CallOptions(headers: [.basicAuthorization(username: "ann", password: "s3cret")])
    /// ```
    public static func basicAuthorization(username: String, password: String) -> HTTPHeader {
        HTTPHeader(name: "Authorization", value: "Basic " + Base64.standardString(Array("\(username):\(password)".utf8)))
    }

    /// `Authorization: Bearer <token>` (RFC 6750).
    public static func bearerAuthorization(_ token: String) -> HTTPHeader {
        HTTPHeader(name: "Authorization", value: "Bearer " + token)
    }
}
