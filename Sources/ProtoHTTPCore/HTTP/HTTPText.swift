// HTTPText.swift: the text rules of HTTP field values both sides apply (optional whitespace).

/// Small text helpers for header values, shared by client and server.
package enum HTTPText {
    /// `text` without leading and trailing optional whitespace (spaces and tabs, RFC 9110 OWS).
    package static func trimmed<S: StringProtocol>(_ text: S) -> String {
        var slice = Substring(text)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
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
