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
        withUTF8(text) { bytes in bytes.contains { isLineBreakOrNUL($0) } }
    }

    /// Whether `bytes` start with `prefix` (ASCII), letters A–Z compared without case when
    /// `ignoringCase` (a scheme, a status line's protocol name).
    package static func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString, ignoringCase: Bool = false) -> Bool {
        prefix.withUTF8Buffer { expected in
            guard bytes.count >= expected.count else { return false }
            for index in 0..<expected.count {
                let (byte, wanted) = (bytes[index], expected[index])
                guard byte == wanted || (ignoringCase && asciiLowercased(byte) == asciiLowercased(wanted)) else { return false }
            }
            return true
        }
    }

    /// `byte` with A–Z lowered; every other byte as it is.
    package static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Runs `body` over `text`'s UTF-8 where it lies (native and small strings lend it); only a
    /// bridged string is copied first. Stepping `String.UTF8View` instead costs a bounds and
    /// representation check per byte, on every header of every call.
    package static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let answer = try text.utf8.withContiguousStorageIfAvailable(body) { return answer }
        var text = text
        return try text.withUTF8(body)
    }

    /// Whether `byte` is CR, LF or NUL.
    package static func isLineBreakOrNUL(_ byte: UInt8) -> Bool {
        byte == 13 || byte == 10 || byte == 0
    }
}
