// HTTPText.swift: the text rules of HTTP field values both sides apply (optional whitespace, line breaks).

/// Small text helpers for header values, shared by client and server.
package enum HTTPText {
    /// `text` without leading and trailing optional whitespace (spaces and tabs, RFC 9110 OWS).
    package static func trimmed<S: StringProtocol>(_ text: S) -> String {
        var slice = Substring(text)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }

    /// Whether `text` holds a CR, LF or NUL, any of which would end or corrupt a header line.
    /// Checked on UTF-8 bytes: "\r\n" is a single `Character`, which a `Character` test misses.
    package static func containsLineBreakOrNUL(_ text: String) -> Bool {
        text.utf8.contains { isLineBreakOrNUL($0) }
    }

    /// Whether `byte` is CR, LF or NUL.
    package static func isLineBreakOrNUL(_ byte: UInt8) -> Bool {
        byte == 13 || byte == 10 || byte == 0
    }
}
