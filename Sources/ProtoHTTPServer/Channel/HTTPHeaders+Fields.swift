// HTTPHeaders+Fields.swift: NIO's HTTPHeaders to HTTPFields and back, once per request and per response.
import NIOHTTP1
import HTTPTypes

extension HTTPFields {
    /// The fields of a request head NIO decoded, in order. NIO's decoders pass only token
    /// names, so none is dropped in practice; a name HTTPField.Name refused would be. Names
    /// keep their spelling (`rawName`); HTTPField.Name canonicalizes them itself, at no cost
    /// for the lowercase names HTTP/2 carries.
    init(_ headers: HTTPHeaders) {
        self.init()
        reserveCapacity(headers.count)
        for (name, value) in headers {
            // HTTPFields traps past 65,535 fields; NIO's head size limit keeps far below it.
            guard count < Self.maxRequestFields, let fieldName = Self.commonName(name) ?? HTTPField.Name(name) else { continue }
            append(HTTPField(name: fieldName, value: value))
        }
    }

    /// The names nearly every request carries, spelled as clients send them over HTTP/1.1,
    /// made once: `HTTPField.Name(_:)` checks and lowercases a name on every request (about a
    /// thousand instructions for a mixed-case one, callgrind). The six have six lengths, so a
    /// name is compared with one of them at most (a string comparison that fails costs about a
    /// hundred instructions); a name not here, or spelled otherwise, is made as before.
    static func commonName(_ name: String) -> HTTPField.Name? {
        switch name.utf8.count {
        case 4: name == "Host" ? CommonNames.host : nil
        case 6: name == "Accept" ? CommonNames.accept : nil
        case 10: name == "User-Agent" ? CommonNames.userAgent : nil
        case 12: name == "Content-Type" ? CommonNames.contentType : nil
        case 14: name == "Content-Length" ? CommonNames.contentLength : nil
        case 15: name == "Accept-Encoding" ? CommonNames.acceptEncoding : nil
        default: nil
        }
    }

    /// The names of ``commonName(_:)``, their spelling kept.
    private enum CommonNames {
        static let host = HTTPField.Name("Host")
        static let userAgent = HTTPField.Name("User-Agent")
        static let accept = HTTPField.Name("Accept")
        static let contentType = HTTPField.Name("Content-Type")
        static let contentLength = HTTPField.Name("Content-Length")
        static let acceptEncoding = HTTPField.Name("Accept-Encoding")
    }

    /// The most fields a request keeps (NIO's default head limit, 80 KiB, allows about 20,000).
    static let maxRequestFields = 30_000
}

extension HTTPHeaders {
    /// `fields` as NIO writes them, in order, names as given.
    init(_ fields: HTTPFields, reservingExtra extra: Int) {
        self.init()
        reserveCapacity(fields.count + extra)
        for field in fields { add(name: field.name.rawName, value: field.value) }
    }
}
