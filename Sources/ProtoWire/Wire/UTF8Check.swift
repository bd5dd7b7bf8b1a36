// UTF8Check.swift: a word-at-a-time ASCII test that lets string decoding skip its UTF-8 check.

/// Fast byte-class checks used by ``WireReader/readString()``.
@usableFromInline
enum UTF8Check {
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
}
