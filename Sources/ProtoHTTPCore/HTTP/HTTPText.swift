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

    /// Whether `a` and `b` are equal ignoring ASCII case, as header names compare.
    package static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool {
        let x = a.utf8
        let y = b.utf8
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
