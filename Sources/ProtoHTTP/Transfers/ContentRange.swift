// ContentRange.swift: a parsed `Content-Range: bytes first-last/complete` header (RFC 9110 §14.4).

/// A `Content-Range` header of a 206 or 416 response, in the `bytes` unit.
struct ContentRange: Equatable, Sendable {
    /// The first byte's offset and the last byte's (inclusive), or `nil` for `bytes */N` (416).
    var range: ClosedRange<Int64>?
    /// The complete length, or `nil` for `*` (unknown).
    var completeLength: Int64?

    /// A range as given.
    init(range: ClosedRange<Int64>?, completeLength: Int64?) {
        self.range = range
        self.completeLength = completeLength
    }

    /// Parses `bytes 100-199/1000`, `bytes 100-199/*` or `bytes */1000`; `nil` for anything else
    /// (other units, missing parts, last before first, a range past the complete length).
    init?(_ value: String) {
        let text = value.trimmingSpaces
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst(6).trimmingSpaces
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[1] == "*" {
            completeLength = nil
        } else {
            guard let length = Self.number(parts[1]) else { return nil }
            completeLength = length
        }
        if parts[0] == "*" {
            guard completeLength != nil else { return nil }
            range = nil
        } else {
            let bounds = parts[0].split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]), first <= last else { return nil }
            if let completeLength, last >= completeLength { return nil }
            range = first...last
        }
    }

    /// A non-negative decimal number of at most 18 digits (fits Int64), or `nil`.
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(text)
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
