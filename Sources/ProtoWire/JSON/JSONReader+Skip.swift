// JSONReader+Skip.swift: validating and skipping any JSON value (unknown fields, Any look-ahead).

extension JSONReader {
    /// Reads one JSON value of any kind, checked as ``skipValue()`` checks it, and returns its
    /// bytes as they are in the input (leading whitespace left out): for a message whose JSON
    /// another library reads, inside a message ProtoWire reads.
    public mutating func readRawValue() throws(WireError) -> [UInt8] {
        _ = try peek("a value")
        let from = pointer
        try skipValue()
        return Array(UnsafeRawBufferPointer(start: from, count: pointer - from))
    }

    /// Reads past one JSON value of any kind, checking it fully: grammar, UTF-8, duplicate
    /// keys and nesting depth.
    public mutating func skipValue() throws(WireError) {
        let b = try peek("a value")
        switch b {
        case 0x7B:
            try enterNesting()
            pointer += 1
            var first = true
            var keys = Set<[UInt8]>()
            while let key = try nextKey(&first) {
                let inserted = key.withBytes { keys.insert(Array($0)).inserted }
                guard inserted else {
                    throw error(.duplicateJSONKey, at: start + key.offset, "the key '\(key.string)' appears twice in one object")
                }
                try skipValue()
            }
            leaveNesting()
        case 0x5B:
            try enterNesting()
            pointer += 1
            var first = true
            while try nextElement(&first) { try skipValue() }
            leaveNesting()
        case 0x22:
            _ = try readStringToken()
        case 0x74:
            try literal("true")
        case 0x66:
            try literal("false")
        case 0x6E:
            try literal("null")
        case 0x2D, 0x30...0x39:
            let (_, after) = try scanNumber(at: pointer, limit: end)
            pointer = after
        default:
            throw expected("a JSON value")
        }
    }
}
