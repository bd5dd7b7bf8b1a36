// UTF8Validation.swift: a strict UTF-8 validator (no overlongs, surrogates or values above U+10FFFF).

/// Validates UTF-8 as RFC 3629 defines it, for JSON strings that hold non-ASCII bytes.
@usableFromInline
enum UTF8Validation {
    /// Whether `bytes` are well-formed UTF-8.
    @usableFromInline
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            func cont(_ k: Int) -> UInt8? {
                guard i + k < n else { return nil }
                let b = bytes[i + k]
                return b & 0xC0 == 0x80 ? b : nil
            }
            switch b0 {
            case 0xC2...0xDF:
                guard cont(1) != nil else { return false }
                i += 2
            case 0xE0...0xEF:
                guard let b1 = cont(1), cont(2) != nil else { return false }
                if b0 == 0xE0 && b1 < 0xA0 { return false }   // overlong
                if b0 == 0xED && b1 >= 0xA0 { return false }  // surrogates
                i += 3
            case 0xF0...0xF4:
                guard let b1 = cont(1), cont(2) != nil, cont(3) != nil else { return false }
                if b0 == 0xF0 && b1 < 0x90 { return false }   // overlong
                if b0 == 0xF4 && b1 >= 0x90 { return false }  // above U+10FFFF
                i += 4
            default:
                return false
            }
        }
        return true
    }
}
