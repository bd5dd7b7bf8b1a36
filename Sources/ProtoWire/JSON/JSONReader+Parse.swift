// JSONReader+Parse.swift: a whole-input entry point for package code that reads JSON by hand.

extension JSONReader {
    /// Runs `body` on a reader over `bytes`, then checks that only whitespace follows the value
    /// it read. For package code that reads a fixed JSON shape without a generated message
    /// (the Connect and Twirp error bodies).
    package static func parse<R>(
        _ bytes: [UInt8], options: JSONDecodingOptions = JSONDecodingOptions(),
        _ body: (inout JSONReader) throws(WireError) -> R
    ) throws(WireError) -> R {
        let result: Result<R, WireError> = bytes.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer, options: options)
            return Result { () throws(WireError) in
                let value = try body(&reader)
                try reader.finish()
                return value
            }
        }
        return try result.get()
    }
}

extension JSONReader {
    /// Whether the next value is a JSON string (not consumed), so hand-written readers can
    /// skip values of the wrong type instead of failing the whole input.
    package mutating func nextValueIsString() throws(WireError) -> Bool {
        try peek("a value") == 0x22
    }
}

extension JSONReader {
    /// Reads a JSON object, counted against the nesting limit, calling `member` once per key
    /// with the reader at that key's value; `member` must consume the value (or skip it).
    package mutating func readObject(_ member: (JSONString, inout JSONReader) throws(WireError) -> Void) throws(WireError) {
        try enterNesting()
        try beginObject()
        var first = true
        while let key = try nextKey(&first) { try member(key, &self) }
        leaveNesting()
    }

    /// Reads a JSON array, counted against the nesting limit, calling `element` once per
    /// element with the reader at it; `element` must consume the value.
    package mutating func readArray(_ element: (inout JSONReader) throws(WireError) -> Void) throws(WireError) {
        try enterNesting()
        try beginArray()
        var first = true
        while try nextElement(&first) { try element(&self) }
        leaveNesting()
    }
}

extension JSONReader {
    /// The kind of the next value, without consuming it.
    package enum ValueKind: Sendable {
        case object, array, string, number, bool, null
    }

    /// What the next value is, so hand-written readers can walk JSON of any shape.
    package mutating func nextValueKind() throws(WireError) -> ValueKind {
        switch try peek("a value") {
        case 0x7B: return .object
        case 0x5B: return .array
        case 0x22: return .string
        case 0x74, 0x66: return .bool
        case 0x6E: return .null
        default: return .number
        }
    }

    /// Reads a string, number, boolean or null as text: a string's decoded contents, a
    /// number's token as written (`1`, `-2.5e3`), `true`/`false`, or `nil` for null.
    package mutating func readScalarText() throws(WireError) -> String? {
        switch try nextValueKind() {
        case .string: return try readString()
        case .bool: return try readBool() ? "true" : "false"
        case .null:
            _ = try readNull()
            return nil
        case .number:
            let begin = pointer
            let (_, after) = try scanNumber(at: begin, limit: end)
            pointer = after
            return String(decoding: UnsafeRawBufferPointer(start: begin, count: after - begin), as: UTF8.self)
        case .object, .array:
            throw invalidValue("a string, number, boolean or null")
        }
    }
}
