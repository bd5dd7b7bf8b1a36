// UTF8Validation.swift: ProtoWire's one UTF-8 validator, for binary and JSON strings alike.

#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// Validates UTF-8 as RFC 3629 and the Unicode standard define it: no overlong forms, no
/// encoded surrogates (U+D800...U+DFFF), nothing above U+10FFFF, no stray continuation bytes.
///
/// Two entry points, one rule:
///
/// ```
/// caller                          entry point        how
/// ─────────────────────────────   ────────────────   ──────────────────────────────────────────
/// WireReader.readString           string(from:)      the stdlib's UTF-8 decoder validates while
///                                                    it copies; ASCII needs no second look
/// JSONReader (non-ASCII strings,  isValid(_:)        a strict scalar check that steps over
///   strings with escapes)                            ASCII runs eight bytes at a time
/// ```
///
/// The binary path builds a `String` anyway, and the stdlib's decoder already checks the same
/// rules while building it, so validating first would read every byte twice (measured about
/// 2x slower on non-ASCII text); the JSON path keeps the bytes as they are and needs a check
/// that builds nothing.
@usableFromInline
enum UTF8Validation {
    /// The bytes as a `String`, or `nil` when they are not well-formed UTF-8.
    @inlinable
    static func string(from bytes: UnsafeRawBufferPointer) -> String? {
        // The result of `repaired` is always valid UTF-8: ASCII needs no repair; otherwise it
        // equals the input byte for byte exactly when the input was valid.
        let string = repaired(bytes)
        return isASCII(bytes) || sameBytes(string, bytes) ? string : nil
    }

    /// The bytes, already known to be valid UTF-8, as a `String`.
    @inlinable
    static func string(fromValid bytes: UnsafeRawBufferPointer) -> String {
        repaired(bytes)
    }

    /// The bytes as a `String`, invalid sequences replaced by U+FFFD. Up to
    /// ``smallStringCapacity`` bytes are filled into the `String`'s inline form, which skips
    /// the general decoder's ASCII scan and copy (for ASCII the stdlib only tests the bytes'
    /// high bits); longer text takes `String(decoding:)`, the stdlib's specialized UTF-8 path.
    @inlinable
    static func repaired(_ bytes: UnsafeRawBufferPointer) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        guard bytes.count <= smallStringCapacity else {
            return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard let target = buffer.baseAddress else { return 0 }
            UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: bytes.count)
            return bytes.count
        }
    }

    /// The longest string the standard library stores inline (no allocation) on 64-bit platforms.
    @inlinable static var smallStringCapacity: Int { MemoryLayout<Int>.size == 8 ? 15 : 10 }

    /// Whether `string`'s UTF-8 is exactly `bytes` (after the stdlib's repair of invalid input it is not).
    @inlinable
    static func sameBytes(_ string: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return string.isEmpty }
        var string = string
        return string.withUTF8 { decoded in
            decoded.count == bytes.count && decoded.baseAddress.map { memcmp($0, base, bytes.count) == 0 } == true
        }
    }

    /// Whether every byte is below 0x80, tested eight bytes at a time.
    @inlinable
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var seen: UInt64 = 0
        var i = 0
        while count - i >= 8 {
            seen |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        while i < count {
            seen |= UInt64(base.load(fromByteOffset: i, as: UInt8.self))
            i &+= 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `bytes` are well-formed UTF-8.
    ///
    /// Multi-byte sequences are checked by their lead byte and the allowed range of the second
    /// byte (E0: A0...BF, no overlongs; ED: 80...9F, no surrogates; F0: 90...BF, no overlongs;
    /// F4: 80...8F, nothing above U+10FFFF); C0, C1 and F5...FF never lead.
    @usableFromInline
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i < n {
            let b0 = base.load(fromByteOffset: i, as: UInt8.self)
            if b0 < 0x80 {
                // Within an ASCII run, step eight bytes at a time up to the next non-ASCII byte.
                i &+= 1
                while n &- i >= 8 && base.load(fromByteOffset: i, as: UInt8.self) < 0x80 {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    let high = word & 0x8080_8080_8080_8080
                    if high != 0 {
                        i &+= high.trailingZeroBitCount &>> 3
                        break
                    }
                    i &+= 8
                }
                continue
            }
            /// The continuation byte `k` places after the lead byte, or `nil`.
            @inline(__always) func continuation(_ k: Int) -> UInt8? {
                guard k < n &- i else { return nil }
                let b = base.load(fromByteOffset: i &+ k, as: UInt8.self)
                return b & 0xC0 == 0x80 ? b : nil
            }
            switch b0 {
            case 0xC2...0xDF:
                guard continuation(1) != nil else { return false }
                i &+= 2
            case 0xE0...0xEF:
                guard let b1 = continuation(1), continuation(2) != nil else { return false }
                if b0 == 0xE0 && b1 < 0xA0 { return false }   // overlong
                if b0 == 0xED && b1 >= 0xA0 { return false }  // surrogates
                i &+= 3
            case 0xF0...0xF4:
                guard let b1 = continuation(1), continuation(2) != nil, continuation(3) != nil else { return false }
                if b0 == 0xF0 && b1 < 0x90 { return false }   // overlong
                if b0 == 0xF4 && b1 >= 0x90 { return false }  // above U+10FFFF
                i &+= 4
            default:
                return false
            }
        }
        return true
    }
}
