// WireError.swift: the one error type of ProtoWire, with a code, a byte offset and a message.

/// An error thrown while decoding protobuf data (binary, JSON or text format), or while
/// encoding JSON.
///
/// Every failure names what went wrong (``code``), where it went wrong (``offset``, the byte
/// offset from the start of the input handed to the decoder) and a sentence that explains the
/// problem and what to do about it (``message``).
///
/// ```swift
/// do {
///     let msg = try MyMessage(serializedBytes: bytes)
/// } catch let error as WireError where error.code == .truncated {
///     print(error)  // "truncated input at byte 12: a varint ends past the end of the input ..."
/// }
/// ```
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. Compare against the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Raw: String, Hashable, Sendable {
            case truncated = "truncated input"
            case malformedVarint = "malformed varint"
            case invalidWireType = "invalid wire type"
            case invalidFieldNumber = "invalid field number"
            case invalidLength = "invalid length"
            case unmatchedEndGroup = "end-group without start-group"
            case mismatchedGroup = "mismatched group"
            case invalidUTF8 = "invalid UTF-8"
            case depthLimitExceeded = "nesting too deep"
            case missingRequiredFields = "missing required fields"
            case typeMismatch = "type mismatch"
            case malformedJSON = "malformed JSON"
            case invalidJSONValue = "invalid JSON value"
            case unknownJSONField = "unknown JSON field"
            case duplicateJSONKey = "duplicate JSON key"
            case notRepresentableInJSON = "not representable in JSON"
            case malformedText = "malformed text format"
            case invalidTextValue = "invalid text format value"
            case unknownTextField = "unknown text format field"
            case duplicateTextField = "duplicate text format field"
        }
        private let raw: Raw
        private init(_ raw: Raw) { self.raw = raw }

        /// The input ended in the middle of a tag, a value, a length-delimited field or a group.
        public static let truncated = Code(.truncated)
        /// A varint ran longer than 10 bytes, or a tag varint did not fit 32 bits.
        public static let malformedVarint = Code(.malformedVarint)
        /// A tag carried wire type 6 or 7, which protobuf does not define.
        public static let invalidWireType = Code(.invalidWireType)
        /// A tag carried field number 0 or one above 2^29-1.
        public static let invalidFieldNumber = Code(.invalidFieldNumber)
        /// A length prefix was above `Int32.max` or a packed payload had a bad length.
        public static let invalidLength = Code(.invalidLength)
        /// An end-group tag appeared where no group was open.
        public static let unmatchedEndGroup = Code(.unmatchedEndGroup)
        /// An end-group tag closed a different field number than the open group.
        public static let mismatchedGroup = Code(.mismatchedGroup)
        /// A `string` field held bytes that are not valid UTF-8.
        public static let invalidUTF8 = Code(.invalidUTF8)
        /// Messages or groups were nested deeper than ``DecodingOptions/maxDepth``.
        public static let depthLimitExceeded = Code(.depthLimitExceeded)
        /// A proto2 `required` field was absent and partial decoding was not allowed.
        public static let missingRequiredFields = Code(.missingRequiredFields)
        /// A `google.protobuf.Any` held a message of another type than the one asked for.
        public static let typeMismatch = Code(.typeMismatch)
        /// JSON input broke the JSON grammar: an unexpected character, an unterminated string,
        /// a bad escape or number, or content after the top-level value.
        public static let malformedJSON = Code(.malformedJSON)
        /// A well-formed JSON value did not fit its field: a wrong kind of value, a fraction or
        /// out-of-range number for an integer field, bad base64, an unknown enum name, a bad
        /// timestamp, or an `Any` whose type the registry does not know.
        public static let invalidJSONValue = Code(.invalidJSONValue)
        /// A JSON object named a field the message does not have, and
        /// ``JSONDecodingOptions/ignoreUnknownFields`` was off.
        public static let unknownJSONField = Code(.unknownJSONField)
        /// A JSON object named the same key twice (or a field by both of its names, or two
        /// members of one `oneof`).
        public static let duplicateJSONKey = Code(.duplicateJSONKey)
        /// A message cannot be written as proto3 JSON: a timestamp or duration out of range, a
        /// field mask path that does not round-trip, or an `Any` of an unregistered type.
        public static let notRepresentableInJSON = Code(.notRepresentableInJSON)
        /// Text format input broke the text format's grammar: an unexpected token, an
        /// unterminated string, a bad escape or number, a missing `:` or closing bracket.
        public static let malformedText = Code(.malformedText)
        /// A well-formed text format value did not fit its field: an integer out of range, a
        /// float for an integer field, an unknown enum name or number, a list for a singular
        /// field, or an `Any` type or extension the registry does not know.
        public static let invalidTextValue = Code(.invalidTextValue)
        /// Text format input named a field the message does not have.
        public static let unknownTextField = Code(.unknownTextField)
        /// Text format input gave a non-repeated field twice, or two members of one `oneof`.
        public static let duplicateTextField = Code(.duplicateTextField)

        /// A short human-readable name of the code.
        public var description: String { raw.rawValue }
    }

    /// What kind of failure this is.
    public let code: Code
    /// The byte offset into the decoder's input where the problem was found, if known.
    public let offset: Int?
    /// What happened and how to fix it.
    public let message: String
    /// The 1-based line of ``offset`` in text format input; `nil` for other inputs.
    public let line: Int?
    /// The 1-based column (in bytes) of ``offset`` in text format input; `nil` for other inputs.
    public let column: Int?

    /// Creates an error; ProtoWire and generated code throw these, users rarely need to.
    public init(_ code: Code, offset: Int?, _ message: String) {
        self.init(code, offset: offset, line: nil, column: nil, message)
    }

    /// Creates an error at a line and column of text input (the message should name them too).
    public init(_ code: Code, offset: Int?, line: Int?, column: Int?, _ message: String) {
        self.code = code
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// `"<code> at byte <offset>: <message>"`.
    public var description: String {
        if let offset { return "\(code) at byte \(offset): \(message)" }
        return "\(code): \(message)"
    }
}
