// JSONValueSplitter.swift: concatenated JSON values ({"a":1} {"a":2}, or one per line), split into the values a piece at a time.
/// Splits a stream of JSON texts written one after the other (whitespace between them, or
/// none: `{"id":"a"}{"id":"b"}`) into the texts, as their bytes arrive, so a streaming call
/// can send each request message as soon as it is whole. It only finds where each value ends
/// (nesting, strings and their escapes, bare scalars); whether a value is valid JSON of the
/// method's type is for the conversion that follows.
struct JSONValueSplitter {
    private var current: [UInt8] = []
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// A bare number, `true`, `false` or `null` at the top level, which only a delimiter ends.
    private var inScalar = false

    /// The values `bytes` completes, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        var values: [[UInt8]] = []
        for byte in bytes {
            if let value = take(byte) { values.append(value) }
        }
        return values
    }

    /// What remains once the input has ended: a last bare scalar, or `nil` when every value
    /// was whole. An object, array or string left open is an error naming where it started.
    mutating func finish() throws(CLIError) -> [UInt8]? {
        if inScalar { return emit() }
        guard current.isEmpty else {
            let start = String(decoding: current.prefix(40), as: UTF8.self)
            throw CLIError(.usage, "the request data ends inside a JSON value (it starts \(start)…); close its braces, brackets and quotes.")
        }
        return nil
    }

    private mutating func take(_ byte: UInt8) -> [UInt8]? {
        if inString {
            current.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if depth == 0 { return emit() }
            }
            return nil
        }
        let delimits = Self.isWhitespace(byte) || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"")
        if inScalar {
            guard delimits else {
                current.append(byte)
                return nil
            }
            let scalar = emit()
            // The delimiter opens the next value (or is whitespace): take it on its own.
            _ = take(byte)
            return scalar
        }
        switch byte {
        case _ where Self.isWhitespace(byte):
            if depth > 0 { current.append(byte) }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            current.append(byte)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            current.append(byte)
            depth -= 1
            // A closer with nothing open is a value of its own, for the conversion to refuse.
            if depth <= 0 { return emit() }
        case UInt8(ascii: "\""):
            inString = true
            current.append(byte)
        default:
            if depth == 0 { inScalar = true }
            current.append(byte)
        }
        return nil
    }

    private mutating func emit() -> [UInt8] {
        defer {
            current = []
            depth = 0
            inScalar = false
        }
        return current
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
