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
