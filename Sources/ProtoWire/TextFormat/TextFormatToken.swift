// TextFormatToken.swift: one token of text format input: identifier, number, string, symbol or the end.

/// A token the ``TextFormatScanner`` read, with its byte range in the input.
struct TextFormatToken {
    enum Kind: Equatable {
        /// `[A-Za-z_][A-Za-z0-9_]*`: field names, enum names, `true`, `inf`, ...
        case identifier
        /// An integer: decimal, hexadecimal (`0x1F`) or octal (`017`), without a sign.
        case integer(radix: Int)
        /// A decimal number with a fraction, an exponent or an `f`/`F` suffix, without a sign.
        case float
        /// One quoted string, its escapes already decoded into ``TextFormatToken/bytes``.
        case string
        /// One punctuation character: `{ } < > [ ] : , ; / . -`.
        case symbol(UInt8)
        /// The end of the input.
        case end
    }

    let kind: Kind
    /// Where the token begins and ends in the input (byte offsets).
    let start: Int
    let end: Int
    /// A string's decoded bytes; empty for other tokens.
    var bytes: [UInt8] = []

    /// Whether this is the punctuation character `c`.
    func isSymbol(_ c: UInt8) -> Bool { kind == .symbol(c) }
}
