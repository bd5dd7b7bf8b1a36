// FormURLEncodedRequestSerializer.swift: application/x-www-form-urlencoded bodies, as AFHTTPRequestSerializer writes them.
public import ProtoHTTPCore


/// Form bodies: `key=value` pairs joined by `&`, keys sorted, both sides percent-escaped as
/// AFNetworking's `AFPercentEscapedStringFromString` does (RFC 3986: everything but unreserved
/// characters, `/` and `?` is escaped).
public struct FormURLEncodedRequestSerializer: RequestSerializer {
    /// A form serializer; it has no settings.
    public init() {}

    /// The encoded pairs, `Content-Type: application/x-www-form-urlencoded; charset=utf-8`.
    public func serialize(_ input: [String: String], context: SerializationContext) throws(ProtoHTTPError) -> SerializedBody {
        SerializedBody(
            bytes: Array(Self.encode(input).utf8),
            contentType: "application/x-www-form-urlencoded; charset=utf-8"
        )
    }

    /// The pairs as query parameters, keys sorted.
    public func queryItems(_ input: [String: String], context: SerializationContext) throws(ProtoHTTPError) -> [QueryItem] {
        input.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
    }

    /// `a=1&b=x%20y`, keys sorted.
    public static func encode(_ parameters: [String: String]) -> String {
        parameters.sorted { $0.key < $1.key }
            .map { "\(percentEscape($0.key))=\(percentEscape($0.value))" }
            .joined(separator: "&")
    }

    /// Escapes every byte except RFC 3986 unreserved characters, `/` and `?`.
    public static func percentEscape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "/"), UInt8(ascii: "?"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
