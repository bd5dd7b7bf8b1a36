// Base64.swift: base64 for JSON bytes fields: standard on output; standard or URL-safe, padded or not, on input.

/// RFC 4648 base64.
@usableFromInline
package enum Base64 {
    @usableFromInline
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 6-bit values of both alphabets; 0xFF for other bytes.
    @usableFromInline
    static let values: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        t[Int(UInt8(ascii: "-"))] = 62
        t[Int(UInt8(ascii: "_"))] = 63
        return t
    }()

    /// Appends the standard, padded encoding of `bytes`.
    @usableFromInline
    static func encode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        let n = bytes.count
        out.reserveCapacity(out.count + (n + 2) / 3 * 4)
        alphabet.withUnsafeBufferPointer { a in
            var i = 0
            while n - i >= 3 {
                let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                out.append(a[Int(v >> 18)])
                out.append(a[Int(v >> 12 & 63)])
                out.append(a[Int(v >> 6 & 63)])
                out.append(a[Int(v & 63)])
                i += 3
            }
            if n - i == 1 {
                let v = UInt32(bytes[i]) << 16
                out.append(a[Int(v >> 18)])
                out.append(a[Int(v >> 12 & 63)])
                out.append(0x3D)
                out.append(0x3D)
            } else if n - i == 2 {
                let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
                out.append(a[Int(v >> 18)])
                out.append(a[Int(v >> 12 & 63)])
                out.append(a[Int(v >> 6 & 63)])
                out.append(0x3D)
            }
        }
    }

    /// The standard, padded encoding of `bytes`, as text.
    package static func standardString(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        bytes.withUnsafeBytes { encode($0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The URL-safe encoding of `bytes` (`-` and `_` for `+` and `/`), without padding: for
    /// bytes in a URL query, as Connect's GET requests carry their message.
    package static func urlSafeString(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        bytes.withUnsafeBytes { encode($0, into: &out) }
        while out.last == 0x3D { out.removeLast() }
        for i in out.indices {
            if out[i] == UInt8(ascii: "+") { out[i] = UInt8(ascii: "-") } else if out[i] == UInt8(ascii: "/") { out[i] = UInt8(ascii: "_") }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes standard or URL-safe base64, with or without `=` padding; `nil` if malformed.
    @usableFromInline
    package static func decode(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        var n = text.count
        if n >= 1 && text[n - 1] == 0x3D {
            guard n % 4 == 0 else { return nil }
            n -= 1
            if text[n - 1] == 0x3D { n -= 1 }
        }
        guard n % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(n / 4 * 3 + 2)
        var acc: UInt32 = 0
        var bits = 0
        let ok = values.withUnsafeBufferPointer { t -> Bool in
            for i in 0..<n {
                let v = t[Int(text[i])]
                if v == 0xFF { return false }
                acc = acc << 6 | UInt32(v)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
                }
            }
            return true
        }
        return ok ? out : nil
    }
}
