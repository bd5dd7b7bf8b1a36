// MediaType.swift: Content-Type parsing and the binary/JSON classification used for negotiation.

/// The essence of a `Content-Type` value and what kind of body it announces.
///
/// Parameters (`; charset=utf-8`) are dropped and the comparison is case-insensitive:
/// `Application/JSON; charset=UTF-8` is `application/json`.
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// The kind of body a media type announces.
    public enum Kind: Sendable, Hashable {
        /// Binary protobuf: `application/octet-stream`, `application/x-protobuf`,
        /// `application/protobuf`, `application/proto`.
        case protobuf
        /// JSON: `application/json` or any `*/*+json`.
        case json
        /// Anything else.
        case other
    }

    /// `application/json`, the JSON body type of every protocol.
    public static let json = "application/json"
    /// `application/proto`, Connect's binary body type.
    public static let connectProto = "application/proto"
    /// `application/connect+proto`, the binary type of Connect streams (enveloped messages).
    public static let connectStreamProto = "application/connect+proto"
    /// `application/connect+json`, the JSON type of Connect streams.
    public static let connectStreamJSON = "application/connect+json"
    /// `application/protobuf`, Twirp's binary body type.
    public static let twirpProtobuf = "application/protobuf"
    /// `application/x-protobuf`, the usual binary type of plain endpoints.
    public static let xProtobuf = "application/x-protobuf"
    /// `application/octet-stream`, the generic binary type plain endpoints also take.
    public static let octetStream = "application/octet-stream"

    /// The binary protobuf media types, lowercased.
    public static let protobufTypes: Set<String> = [
        "application/octet-stream", "application/x-protobuf", "application/protobuf", "application/proto",
    ]

    /// The lowercased `type/subtype`, without parameters.
    public let essence: String

    /// Parses a header value; only the part before the first `;` counts.
    public init(_ headerValue: String) {
        if Self.isEssence(headerValue) {
            essence = headerValue  // the usual case, on every request: nothing to cut or lower
            return
        }
        let head = headerValue.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        essence = HTTPText.trimmed(head).lowercased()
    }

    /// Whether `value` is already an essence: no parameters, no surrounding whitespace, no
    /// uppercase ASCII (one pass over its bytes). The pass runs over the string's contiguous
    /// UTF-8 (``HTTPText/withUTF8(_:_:)``): stepping the `UTF8View` instead cost about 70
    /// instructions a byte, 1,600 per request for `application/x-protobuf` (callgrind).
    private static func isEssence(_ value: String) -> Bool {
        HTTPText.withUTF8(value) { bytes in
            !bytes.contains { byte in
                switch byte {
                case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
                default: false
                }
            }
        }
    }

    /// What kind of body this media type announces.
    public var kind: Kind {
        if Self.protobufTypes.contains(essence) { return .protobuf }
        if essence == Self.json || (essence.hasSuffix("+json") && essence.contains("/")) { return .json }
        return .other
    }

    /// Whether this media type matches `pattern` (`type/subtype`, `type/*` or `*/*`),
    /// ignoring case and parameters.
    public func matches(_ pattern: String) -> Bool {
        let wanted = MediaType(pattern).essence
        if wanted == "*/*" || wanted == essence { return true }
        if wanted.hasSuffix("/*") { return essence.hasPrefix(String(wanted.dropLast())) }
        return false
    }

    /// The essence.
    public var description: String { essence }
}
