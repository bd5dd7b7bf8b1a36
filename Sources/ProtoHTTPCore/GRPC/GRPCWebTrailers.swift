// GRPCWebTrailers.swift: gRPC-Web's trailer block: the trailers as HTTP/1 header lines inside the body's last frame.
public import HTTPTypes

/// The payload of a gRPC-Web trailer frame (``GRPCFrame/trailersFlag``): one `name: value` line
/// per trailer, each ended by CRLF, names in lowercase.
public enum GRPCWebTrailers {
    /// The block for `trailers`.
    public static func encode(_ trailers: HTTPFields) -> [UInt8] {
        var out: [UInt8] = []
        for field in trailers {
            out += field.name.canonicalName.lowercased().utf8
            out += ": ".utf8
            out += field.value.utf8
            out += "\r\n".utf8
        }
        return out
    }

    /// The trailers a block holds, or `nil` when a line has no colon or an invalid name.
    /// Lines end in CRLF or LF; an empty line is skipped.
    public static func decode(_ block: [UInt8]) -> HTTPFields? {
        var fields = HTTPFields()
        for line in block.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var text = Substring(decoding: line, as: UTF8.self)
            if text.hasSuffix("\r") { text = text.dropLast() }
            if text.isEmpty { continue }
            guard let colon = text.firstIndex(of: ":"), let name = HTTPField.Name(HTTPText.trimmed(text[..<colon])) else { return nil }
            fields.append(HTTPField(name: name, value: HTTPText.trimmed(text[text.index(after: colon)...])))
        }
        return fields
    }
}
