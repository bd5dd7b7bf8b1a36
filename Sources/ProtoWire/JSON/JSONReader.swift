// JSONReader.swift: reads JSON tokens from contiguous UTF-8 memory, borrowing it, with positioned errors.

/// Reads proto3 JSON from a contiguous, borrowed byte buffer, one token at a time.
///
/// Generated `_protoMergeJSON` methods drive it: ``beginObject()``, then ``nextField(_:_:)``
/// for each key, then one `read*` call for the value. The reader never copies the input
/// (strings without escapes are decoded straight from it), never trusts it (every token is
/// checked against the JSON grammar, strings against UTF-8), bounds nesting by
/// ``JSONDecodingOptions/maxDepth``, and reports every failure as a ``WireError`` whose offset
/// is the byte position and whose message adds the line and column:
///
/// ```
/// input:  {"a": 1, "b": [true, "x"]}
///                  ^pointer          ^end
/// ```
public struct JSONReader {
    @usableFromInline let start: UnsafeRawPointer
    @usableFromInline var pointer: UnsafeRawPointer
    @usableFromInline let end: UnsafeRawPointer
    /// Open messages, objects and arrays.
    @usableFromInline var depth: Int = 0
    @usableFromInline let maxDepth: Int
    /// Whether unknown keys and unknown enum names are skipped instead of rejected.
    public let ignoreUnknownFields: Bool
    /// The options the decode started with.
    public let options: JSONDecodingOptions
    /// The depth of the object that is the payload of an `Any`, whose `"@type"` key the
    /// payload's message skips; -1 outside `Any`.
    @usableFromInline var anyTypeDepth: Int = -1
    /// The name inside `[...]` of the extension key last returned by ``nextField(_:_:)``.
    @usableFromInline var pendingExtensionName: String = ""

    @inlinable
    init(_ buffer: UnsafeRawBufferPointer, options: JSONDecodingOptions) {
        // An empty buffer may have no base address; no byte is ever read from it then.
        let base = buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 0x10)!
        start = base
        pointer = base
        end = base + buffer.count
        maxDepth = options.maxDepth
        ignoreUnknownFields = options.ignoreUnknownFields
        self.options = options
    }

    /// The byte offset of the read position from the start of the input.
    @inlinable
    public var offset: Int { pointer - start }

    /// An error at `p`, whose message gains the line and column of `p`.
    @usableFromInline
    func error(_ code: WireError.Code, at p: UnsafeRawPointer, _ message: String) -> WireError {
        var line = 1
        var column = 1
        var q = start
        while q < p && q < end {
            if q.load(as: UInt8.self) == 0x0A { line += 1; column = 1 } else { column += 1 }
            q += 1
        }
        return WireError(code, offset: p - start, "\(message) (line \(line), column \(column))")
    }

    /// A grammar error at the read position naming what was expected.
    @usableFromInline
    func expected(_ what: String) -> WireError {
        if pointer >= end {
            return error(.malformedJSON, at: pointer, "expected \(what) but the input ended; the JSON was cut short")
        }
        let b = pointer.load(as: UInt8.self)
        let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
        return error(.malformedJSON, at: pointer, "expected \(what) but found \(shown)")
    }

    // MARK: Whitespace and single bytes

    /// Skips JSON whitespace (space, tab, CR, LF).
    @inlinable
    mutating func skipWhitespace() {
        while pointer < end {
            let b = pointer.load(as: UInt8.self)
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            pointer += 1
        }
    }

    /// The next non-whitespace byte, not consumed; throws at the end of the input.
    @inlinable
    mutating func peek(_ what: @autoclosure () -> String) throws(WireError) -> UInt8 {
        skipWhitespace()
        guard pointer < end else { throw expected(what()) }
        return pointer.load(as: UInt8.self)
    }

    /// Consumes the literal `word` (`true`, `false`, `null`) at the read position.
    @usableFromInline
    mutating func literal(_ word: StaticString) throws(WireError) {
        let n = word.utf8CodeUnitCount
        guard end - pointer >= n, memcmp(pointer, word.utf8Start, n) == 0 else { throw expected("'\(word)'") }
        pointer += n
        if pointer < end {
            let b = pointer.load(as: UInt8.self)
            if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) {
                throw error(.malformedJSON, at: pointer - n, "'\(word)' runs into further letters; this is not a JSON literal")
            }
        }
    }

    // MARK: Nesting

    /// Counts one more open message, object or array against ``JSONDecodingOptions/maxDepth``.
    @inlinable
    public mutating func enterNesting() throws(WireError) {
        guard depth < maxDepth else {
            throw error(.depthLimitExceeded, at: pointer,
                        "JSON is nested deeper than the limit of \(maxDepth); raise JSONDecodingOptions.maxDepth if this input is trusted")
        }
        depth &+= 1
    }

    /// Closes what ``enterNesting()`` opened.
    @inlinable
    public mutating func leaveNesting() { depth &-= 1 }

    // MARK: Objects and arrays

    /// Consumes the `{` that opens an object.
    @inlinable
    public mutating func beginObject() throws(WireError) {
        guard try peek("'{'") == 0x7B else { throw expected("a JSON object '{'") }
        pointer += 1
    }

    /// Moves to the next key of the object opened by ``beginObject()``, consuming the `,`
    /// before it and the `:` after it; returns `nil` after consuming the closing `}`.
    /// `first` must be `true` for the first call on an object.
    @inlinable
    public mutating func nextKey(_ first: inout Bool) throws(WireError) -> JSONString? {
        var b = try peek("a key or '}'")
        if b == 0x7D {
            pointer += 1
            return nil
        }
        if first {
            first = false
        } else {
            guard b == 0x2C else { throw expected("',' or '}' after an object member") }
            pointer += 1
            b = try peek("a key")
        }
        guard b == 0x22 else { throw expected("a key string") }
        let key = try readStringToken()
        guard try peek("':'") == 0x3A else { throw expected("':' after a key") }
        pointer += 1
        return key
    }

    /// Consumes the `[` that opens an array.
    @inlinable
    public mutating func beginArray() throws(WireError) {
        guard try peek("'['") == 0x5B else { throw expected("a JSON array '['") }
        pointer += 1
    }

    /// Moves to the next element of the array opened by ``beginArray()``, consuming the `,`
    /// before it; returns `false` after consuming the closing `]`.
    @inlinable
    public mutating func nextElement(_ first: inout Bool) throws(WireError) -> Bool {
        let b = try peek("an array element or ']'")
        if b == 0x5D {
            pointer += 1
            return false
        }
        if first {
            first = false
            return true
        }
        guard b == 0x2C else { throw expected("',' or ']' after an array element") }
        pointer += 1
        if try peek("an array element") == 0x5D { throw expected("an array element after ','") }
        return true
    }

    /// Whether the next value is the literal `null`; consumes it if so.
    @inlinable
    public mutating func readNull() throws(WireError) -> Bool {
        guard try peek("a value") == 0x6E else { return false }
        try literal("null")
        return true
    }

    /// Reads `true` or `false`.
    @inlinable
    public mutating func readBool() throws(WireError) -> Bool {
        switch try peek("a boolean") {
        case 0x74: try literal("true"); return true
        case 0x66: try literal("false"); return false
        default: throw invalidValue("a boolean (true or false)")
        }
    }

    /// An ``WireError/Code/invalidJSONValue`` error at the read position.
    @usableFromInline
    func invalidValue(_ expectedKind: String) -> WireError {
        if pointer >= end { return expected(expectedKind) }
        return error(.invalidJSONValue, at: pointer, "expected \(expectedKind)")
    }

    /// Checks that only whitespace follows the top-level value.
    @usableFromInline
    mutating func finish() throws(WireError) {
        skipWhitespace()
        guard pointer == end else { throw expected("the end of the input after the top-level value") }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
