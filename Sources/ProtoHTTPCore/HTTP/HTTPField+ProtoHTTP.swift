// HTTPField+ProtoHTTP.swift: the header names the protocols define, and checked names from user text.
public import HTTPTypes


extension HTTPField.Name {
    /// `Connect-Protocol-Version`: sent by Connect clients; the value is `1`.
    public static let connectProtocolVersion = HTTPField.Name("Connect-Protocol-Version")!
    /// `Connect-Timeout-Ms`: a Connect call's deadline in milliseconds (1 to 10 ASCII digits).
    public static let connectTimeout = HTTPField.Name("Connect-Timeout-Ms")!
    /// `Connect-Content-Encoding`: the compression of a Connect stream's messages (each one
    /// flagged compressed in its envelope), e.g. `gzip`.
    public static let connectContentEncoding = HTTPField.Name("Connect-Content-Encoding")!
    /// `Connect-Accept-Encoding`: the message compressions a Connect stream's peer reads.
    public static let connectAcceptEncoding = HTTPField.Name("Connect-Accept-Encoding")!
    /// `Accept-Post` (RFC 9110 §15.5.16's companion, from the Linked Data Platform): the media
    /// types a server takes in a POST body, sent with a 415.
    public static let acceptPost = HTTPField.Name("Accept-Post")!
    /// `Idempotency-Key`: one key per logical call, so a server can drop the repeats of a
    /// replayed call (the offline queue sends it).
    public static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// `X-API-Key`: the API key header many services take; the client treats it as a secret
    /// by default, like `Authorization`.
    public static let xAPIKey = HTTPField.Name("X-API-Key")!

    /// The field name `text`, checked against RFC 9110's token grammar.
    ///
    /// Use it for names that come from users (a command line, a configuration file); names in
    /// code are `HTTPField.Name` values such as `.authorization`.
    ///
    /// ```swift
    /// let name = try HTTPField.Name(validating: "X-Trace")   // or a ProtoHTTPError
    /// ```
    ///
    /// - Throws: ``ProtoHTTPError`` with code `invalidArgument` when `text` is empty or holds a
    ///   character a header name may not have (a space, a colon, a line break, …).
    public init(validating text: String) throws(ProtoHTTPError) {
        guard let name = HTTPField.Name(text) else {
            throw ProtoHTTPError(
                code: .invalidArgument,
                message: "\"\(text)\" is not a valid HTTP header name: a name is a token of letters, digits and !#$%&'*+-.^_`|~ "
                    + "(no spaces, colons or line breaks), such as X-Request-Id; fix the header's name."
            )
        }
        self = name
    }
}

extension HTTPFields {
    /// Fields from name-value pairs of text, in order (repeated names kept), every name checked.
    ///
    /// ```swift
    /// let headers = try HTTPFields(validating: ["X-Trace": id, "Accept-Language": "de"])
    /// ```
    ///
    /// - Throws: ``ProtoHTTPError`` with code `invalidArgument` naming the first invalid name,
    ///   or a value with a line break or NUL (which would end the header line).
    public init(validating pairs: KeyValuePairs<String, String>) throws(ProtoHTTPError) {
        self.init()
        for (name, value) in pairs {
            try append(HTTPField(name: HTTPField.Name(validating: name), value: Self.checkedValue(value, of: name)))
        }
    }

    /// `value` for the header `name` as typed: refused, not quietly changed, when it holds a CR,
    /// LF or NUL (`HTTPField` would turn them into spaces).
    package static func checkedValue(_ value: String, of name: String) throws(ProtoHTTPError) -> String {
        if HTTPText.containsLineBreakOrNUL(value) {
            throw ProtoHTTPError(
                code: .invalidArgument,
                message: "the value of header \(name) contains a line break or NUL, which would end the header line; remove it."
            )
        }
        return value
    }

    /// The value of the first field named `name`, or `nil`. Unlike the subscript `self[name]`,
    /// which joins every value of a repeated field with commas, this reads one field: what a
    /// single-valued header such as Content-Type means when a peer sends it twice.
    package func firstValue(_ name: HTTPField.Name) -> String? {
        first { $0.name == name }?.value
    }
}
