// TextFormatScanner+Strings.swift: quoted strings and their C escapes, decoded to bytes.

extension TextFormatScanner {
    /// Reads a string whose opening `quote` was consumed, up to the matching quote, and
    /// returns its bytes with escapes decoded:
    ///
    /// ```
    /// \a \b \f \n \r \t \v \\ \' \" \?    the usual C escapes
    /// \7  \17  \177                       1 to 3 octal digits, up to \377
    /// \xF  \xFF                           1 or 2 hexadecimal digits
    /// \u00e9  \U0001F600                  a code point as UTF-8 (no surrogates, up to U+10FFFF)
    /// ```
    ///
    /// A string never spans lines. Validity as UTF-8 is the parser's to check (`string`
    /// fields need it, `bytes` fields do not).
    mutating func scanString(quote: UInt8) throws(WireError) -> [UInt8] {
        let opening = position - 1
        var bytes: [UInt8] = []
        while true {
            guard position < input.count, input[position] != 0x0A else {
                throw error(.malformedText, at: opening, "this string is not closed on its line; end it with \(quote == 0x22 ? "\"" : "'") (use \\n for a line break)")
            }
            let b = input[position]
            position += 1
            if b == quote { return bytes }
            if b != 0x5C {
                bytes.append(b)
                continue
            }
            try scanEscape(into: &bytes, at: position - 1)
        }
    }

    private mutating func scanEscape(into bytes: inout [UInt8], at escapeStart: Int) throws(WireError) {
        guard position < input.count else {
            throw error(.malformedText, at: escapeStart, "a backslash ends the input; the string is not closed")
        }
        let c = input[position]
        position += 1
        switch c {
        case 0x61: bytes.append(0x07)                              // \a
        case 0x62: bytes.append(0x08)                              // \b
        case 0x66: bytes.append(0x0C)                              // \f
        case 0x6E: bytes.append(0x0A)                              // \n
        case 0x72: bytes.append(0x0D)                              // \r
        case 0x74: bytes.append(0x09)                              // \t
        case 0x76: bytes.append(0x0B)                              // \v
        case 0x5C, 0x27, 0x22, 0x3F: bytes.append(c)               // \\ \' \" \?
        case 0x30...0x37:
            var value = Int(c - 0x30)
            var digits = 1
            while digits < 3, position < input.count, input[position] >= 0x30 && input[position] <= 0x37 {
                value = value * 8 + Int(input[position] - 0x30)
                position += 1
                digits += 1
            }
            guard value <= 0xFF else {
                throw error(.malformedText, at: escapeStart, "octal escape \\\(String(value, radix: 8)) is above \\377, the largest byte")
            }
            bytes.append(UInt8(value))
        case 0x78, 0x58:                                           // \xHH
            var value = 0
            var digits = 0
            while digits < 2, position < input.count, Self.isHexDigit(input[position]) {
                value = value * 16 + Self.hexValue(input[position])
                position += 1
                digits += 1
            }
            guard digits > 0 else {
                throw error(.malformedText, at: escapeStart, "\\x must be followed by one or two hexadecimal digits")
            }
            bytes.append(UInt8(value))
        case 0x75, 0x55:                                           // \uXXXX, \UXXXXXXXX
            let count = c == 0x75 ? 4 : 8
            var value = 0
            for _ in 0..<count {
                guard position < input.count, Self.isHexDigit(input[position]) else {
                    throw error(.malformedText, at: escapeStart, "\\\(Character(Unicode.Scalar(c))) must be followed by exactly \(count) hexadecimal digits")
                }
                value = value * 16 + Self.hexValue(input[position])
                position += 1
            }
            if value >= 0xD800 && value <= 0xDFFF {
                throw error(.malformedText, at: escapeStart, "\\\(Character(Unicode.Scalar(c)))\(String(value, radix: 16)) is a UTF-16 surrogate, not a code point; write the character itself or \\U with its code point")
            }
            guard let scalar = Unicode.Scalar(UInt32(value)) else {
                throw error(.malformedText, at: escapeStart, "\\U\(String(value, radix: 16)) is above U+10FFFF, the last Unicode code point")
            }
            UTF8.encode(scalar) { bytes.append($0) }
        default:
            let shown = c >= 0x20 && c < 0x7F ? String(Character(Unicode.Scalar(c))) : "byte 0x\(String(c, radix: 16))"
            throw error(.malformedText, at: escapeStart, "unknown escape \\\(shown); use \\\\ for a backslash")
        }
    }

    static func hexValue(_ b: UInt8) -> Int {
        isDigit(b) ? Int(b - 0x30) : Int((b | 0x20) - 0x61 + 10)
    }
}
