// BasicAuthorization.swift: the HTTP Basic `Authorization` header (RFC 7617).
import ProtoWire
public import HTTPTypes

extension HTTPField {
    /// `Authorization: Basic <base64(user:password)>` (RFC 7617, UTF-8).
    ///
    /// ```swift
    /// manager.updateConfiguration { $0.headers.append(.basicAuthorization(username: "ann", password: "s3cret")) }
    /// // or per call: CallOptions(headers: HTTPFields([.basicAuthorization(username: "ann", password: "s3cret")]))
    /// ```
    public static func basicAuthorization(username: String, password: String) -> HTTPField {
        HTTPField(name: .authorization, value: "Basic " + Base64.standardString(Array("\(username):\(password)".utf8)))
    }

    /// `Authorization: Bearer <token>` (RFC 6750).
    public static func bearerAuthorization(_ token: String) -> HTTPField {
        HTTPField(name: .authorization, value: "Bearer " + token)
    }
}
