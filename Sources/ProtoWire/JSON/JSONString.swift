// JSONString.swift: a decoded JSON string token, borrowed from the input when it has no escapes.

/// The content of one JSON string (a key or a value), without quotes and with escapes decoded.
///
/// Strings without escapes point straight into the reader's input (no copy); strings with
/// escapes own their decoded bytes. Either way the bytes are valid UTF-8. A borrowed token is
/// valid only while the input is, so it never outlives a decode call.
public struct JSONString {
    @usableFromInline let raw: UnsafeRawBufferPointer
    @usableFromInline let decoded: [UInt8]?
    /// The byte offset of the opening quote in the input.
    public let offset: Int

    @inlinable
    init(raw: UnsafeRawBufferPointer, decoded: [UInt8]?, offset: Int) {
        self.raw = raw
        self.decoded = decoded
        self.offset = offset
    }

    /// Calls `body` with the UTF-8 bytes.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(WireError) -> R) throws(WireError) -> R {
        if let decoded {
            let result: Result<R, WireError> = decoded.withUnsafeBytes { buffer in
                Result { () throws(WireError) in try body(buffer) }
            }
            return try result.get()
        }
        return try body(raw)
    }

    /// The bytes, for non-throwing uses.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let decoded { return decoded.withUnsafeBytes(body) }
        return body(raw)
    }

    /// The string.
    @inlinable
    public var string: String {
        withBytes { (b: UnsafeRawBufferPointer) -> String in
            UTF8Validation.string(fromValid: b)
        }
    }

    /// The number of UTF-8 bytes.
    @inlinable
    public var count: Int { decoded?.count ?? raw.count }

    /// Whether the bytes equal `literal`.
    @inlinable
    public func equals(_ literal: StaticString) -> Bool {
        withBytes { (b: UnsafeRawBufferPointer) -> Bool in
            b.count == literal.utf8CodeUnitCount && (b.isEmpty || memcmp(b.baseAddress!, literal.utf8Start, b.count) == 0)
        }
    }
}

extension JSONReader {
    /// Reads a string token at the read position (which must be a `"`), through its closing
    /// quote. Escapes are decoded (surrogate pairs joined; lone surrogates, raw control
    /// characters and invalid UTF-8 rejected).
    @inlinable
    public mutating func readStringToken() throws(WireError) -> JSONString {
        let open = pointer
        pointer += 1
        let begin = pointer
        var high: UInt64 = 0
        // Eight bytes at a time while none is a quote, a backslash, a control character or
        // non-ASCII (which is checked as UTF-8 once the string's end is known).
        while end - pointer >= 8 {
            let w = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))  // byte i in bits 8i..<8i+8
            let lows: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let quote = w ^ (lows &* 0x22)
            let slash = w ^ (lows &* 0x5C)
            let special = (((quote &- lows) & ~quote) | ((slash &- lows) & ~slash) | (w &- lows &* 0x20) | w) & highs
            if special != 0 {
                // The lowest flagged byte is a real one (a borrow only flags bytes above a real
                // one): skip the plain ASCII before it, and let the byte loop take it from there.
                pointer += special.trailingZeroBitCount &>> 3
                break
            }
            pointer += 8
        }
        while pointer < end {
            let b = pointer.load(as: UInt8.self)
            if b == 0x22 {
                let raw = UnsafeRawBufferPointer(start: begin, count: pointer - begin)
                pointer += 1
                // The word loop above stops before any byte with its high bit set, and this loop
                // folds every byte it passes into `high`: it alone tells whether the raw bytes
                // are all ASCII.
                if high & 0x80 != 0 {
                    guard UTF8Validation.isValid(raw) else {
                        throw error(.invalidUTF8, at: open, "a string holds bytes that are not valid UTF-8; JSON text must be UTF-8")
                    }
                }
                return JSONString(raw: raw, decoded: nil, offset: open - start)
            }
            if b == 0x5C || b < 0x20 { return try readEscapedString(open: open, begin: begin) }
            high |= UInt64(b)
            pointer += 1
        }
        throw error(.malformedJSON, at: open, "a string has no closing quote; the JSON was cut short")
    }

    /// The slow path of ``readStringToken()``: the string holds escapes (or a control
    /// character, which is an error); decodes it into owned bytes.
    @usableFromInline
    mutating func readEscapedString(open: UnsafeRawPointer, begin: UnsafeRawPointer) throws(WireError) -> JSONString {
        var out: [UInt8] = []
        out.reserveCapacity(pointer - begin + 16)
        out.append(contentsOf: UnsafeRawBufferPointer(start: begin, count: pointer - begin))
        while pointer < end {
            let b = pointer.load(as: UInt8.self)
            if b == 0x22 {
                pointer += 1
                let valid = out.withUnsafeBytes { UTF8Validation.isValid($0) }
                guard valid else {
                    throw error(.invalidUTF8, at: open, "a string holds bytes that are not valid UTF-8; JSON text must be UTF-8")
                }
                return JSONString(raw: UnsafeRawBufferPointer(start: nil, count: 0), decoded: out, offset: open - start)
            }
            if b < 0x20 {
                throw error(.malformedJSON, at: pointer, "a string holds a raw control character (0x\(String(b, radix: 16))); escape it as \\u00XX")
            }
            if b != 0x5C {
                out.append(b)
                pointer += 1
                continue
            }
            let escape = pointer
            guard end - pointer >= 2 else { break }
            let c = (pointer + 1).load(as: UInt8.self)
            pointer += 2
            switch c {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x2F: out.append(0x2F)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = try readHex4(escape)
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    guard end - pointer >= 6, pointer.load(as: UInt8.self) == 0x5C, (pointer + 1).load(as: UInt8.self) == 0x75 else {
                        throw error(.invalidUTF8, at: escape, "a \\u escape holds a high surrogate without the low surrogate that must follow it")
                    }
                    pointer += 2
                    let low = try readHex4(escape)
                    guard low >= 0xDC00 && low <= 0xDFFF else {
                        throw error(.invalidUTF8, at: escape, "a \\u escape holds a high surrogate followed by something other than a low surrogate")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    throw error(.invalidUTF8, at: escape, "a \\u escape holds a low surrogate without a high surrogate before it")
                }
                appendUTF8(scalar, to: &out)
            default:
                throw error(.malformedJSON, at: escape, "'\\\(Character(Unicode.Scalar(c)))' is not a JSON escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
            }
        }
        throw error(.malformedJSON, at: open, "a string has no closing quote; the JSON was cut short")
    }

    /// Reads four hex digits of a `\u` escape.
    @usableFromInline
    mutating func readHex4(_ escape: UnsafeRawPointer) throws(WireError) -> UInt32 {
        guard end - pointer >= 4 else {
            throw error(.malformedJSON, at: escape, "a \\u escape needs four hex digits")
        }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = pointer.load(as: UInt8.self)
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default: throw error(.malformedJSON, at: escape, "a \\u escape needs four hex digits")
            }
            v = v << 4 | UInt32(d)
            pointer += 1
        }
        return v
    }

    @usableFromInline
    func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Reads a JSON string value.
    @inlinable
    public mutating func readString() throws(WireError) -> String {
        guard try peek("a string") == 0x22 else { throw invalidValue("a string") }
        return try readStringToken().string
    }
}

#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif
