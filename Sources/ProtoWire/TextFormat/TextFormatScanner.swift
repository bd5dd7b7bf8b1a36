// TextFormatScanner.swift: splits text format input into tokens, skipping whitespace and # comments.

/// Reads text format tokens from UTF-8 input, with positioned errors.
///
/// ```
/// input:   optional_int32: -0x10  # a comment
/// tokens:  identifier  ':'  '-'  integer(16)  end
/// ```
///
/// Numbers follow protobuf's tokenizer: `0x` hexadecimal, a leading `0` octal, decimal with
/// an optional fraction and exponent, `.5`, and an `f`/`F` suffix that makes a float; a sign
/// is a separate `-` token. Strings take single or double quotes and C escapes (see
/// ``scanString(quote:)``) and never span lines.
struct TextFormatScanner {
    let input: [UInt8]
    var position = 0

    init(_ input: [UInt8]) {
        self.input = input
    }

    // MARK: Errors

    /// The 1-based line and column (in bytes) of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var i = 0
        while i < offset && i < input.count {
            if input[i] == 0x0A { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        return (line, column)
    }

    /// An error at byte `offset`, its message ending with the line and column.
    func error(_ code: WireError.Code, at offset: Int, _ message: String) -> WireError {
        let (line, column) = location(of: offset)
        return WireError(code, offset: offset, line: line, column: column, "\(message) (line \(line), column \(column))")
    }

    /// How a token reads in an error message.
    func describe(_ token: TextFormatToken) -> String {
        switch token.kind {
        case .end: return "the end of the input"
        case .string: return "a string"
        case .symbol(let c): return "'\(Character(Unicode.Scalar(c)))'"
        case .identifier, .integer, .float:
            return "'\(String(decoding: input[token.start..<token.end], as: UTF8.self))'"
        }
    }

    /// The token's text as written.
    func text(of token: TextFormatToken) -> String {
        String(decoding: input[token.start..<token.end], as: UTF8.self)
    }

    // MARK: Tokens

    private func byte(at i: Int) -> UInt8? { i < input.count ? input[i] : nil }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }

    /// Reads the next token.
    mutating func next() throws(WireError) -> TextFormatToken {
        skipWhitespaceAndComments()
        let start = position
        guard let b = byte(at: position) else { return TextFormatToken(kind: .end, start: start, end: start) }
        if Self.isLetter(b) {
            while let c = byte(at: position), Self.isLetter(c) || Self.isDigit(c) { position += 1 }
            return TextFormatToken(kind: .identifier, start: start, end: position)
        }
        if Self.isDigit(b) || (b == 0x2E && byte(at: position + 1).map(Self.isDigit) == true) {
            return try scanNumber()
        }
        if b == 0x22 || b == 0x27 {
            position += 1
            let bytes = try scanString(quote: b)
            return TextFormatToken(kind: .string, start: start, end: position, bytes: bytes)
        }
        switch b {
        case 0x7B, 0x7D, 0x3C, 0x3E, 0x5B, 0x5D, 0x3A, 0x2C, 0x3B, 0x2F, 0x2E, 0x2D:
            position += 1
            return TextFormatToken(kind: .symbol(b), start: start, end: position)
        default:
            let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
            throw error(.malformedText, at: start, "unexpected character \(shown); expected a field name, a value or one of { } < > [ ] : , ;")
        }
    }

    private mutating func skipWhitespaceAndComments() {
        while let b = byte(at: position) {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
            case 0x23:  // '#' to the end of the line
                while let c = byte(at: position), c != 0x0A { position += 1 }
            default:
                return
            }
        }
    }

    private mutating func scanNumber() throws(WireError) -> TextFormatToken {
        let start = position
        var kind = TextFormatToken.Kind.integer(radix: 10)
        if byte(at: position) == 0x30, let x = byte(at: position + 1), x | 0x20 == 0x78 {
            position += 2
            guard let h = byte(at: position), Self.isHexDigit(h) else {
                throw error(.malformedText, at: start, "'0x' must be followed by hexadecimal digits")
            }
            while let c = byte(at: position), Self.isHexDigit(c) { position += 1 }
            kind = .integer(radix: 16)
        } else if byte(at: position) == 0x30, let d = byte(at: position + 1), Self.isDigit(d) {
            while let c = byte(at: position), Self.isDigit(c) {
                if c >= 0x38 {
                    throw error(.malformedText, at: start, "a number that starts with 0 is octal, and \(Character(Unicode.Scalar(c))) is not an octal digit")
                }
                position += 1
            }
            kind = .integer(radix: 8)
        } else {
            while let c = byte(at: position), Self.isDigit(c) { position += 1 }
            if byte(at: position) == 0x2E {
                position += 1
                kind = .float
                while let c = byte(at: position), Self.isDigit(c) { position += 1 }
            }
            if let e = byte(at: position), e | 0x20 == 0x65 {
                position += 1
                kind = .float
                if let sign = byte(at: position), sign == 0x2B || sign == 0x2D { position += 1 }
                guard let d = byte(at: position), Self.isDigit(d) else {
                    throw error(.malformedText, at: start, "the exponent of '\(String(decoding: input[start..<position], as: UTF8.self))' has no digits")
                }
                while let c = byte(at: position), Self.isDigit(c) { position += 1 }
            }
            if let f = byte(at: position), f | 0x20 == 0x66 {
                position += 1
                kind = .float
            }
        }
        if let c = byte(at: position), Self.isLetter(c) || Self.isDigit(c) || c == 0x2E {
            throw error(.malformedText, at: start, "a number runs into '\(Character(Unicode.Scalar(c)))'; put a space or separator after it")
        }
        return TextFormatToken(kind: kind, start: start, end: position)
    }
}
