// JSONNameTable.swift: an open-addressing hash table from UTF-8 names to small integers.

/// Maps names (field names, enum value names) to integers with one hash and, on a hit, one
/// `memcmp` against the key bytes as they lie in the input; no `String` is created.
///
/// The names lie back to back in one byte array, each entry its offset, length and value, so a
/// lookup touches three flat buffers and retains nothing.
@usableFromInline
struct JSONNameTable: Sendable {
    /// One name: where its bytes start in ``bytes``, how many there are, and its value.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var offset: Int
        @usableFromInline var count: Int
        @usableFromInline var value: Int
    }

    /// Every name's UTF-8 bytes, back to back.
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let entries: [Entry]
    /// Index into `entries` + 1, or 0 for an empty slot; the count is a power of two.
    @usableFromInline let slots: [Int32]
    @usableFromInline let mask: Int

    /// A table of `entries`; a later duplicate name is ignored.
    @usableFromInline
    init(_ named: [(name: String, value: Int)]) {
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        var size = 4
        while size < named.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (name, value) in named {
            let utf8 = Array(name.utf8)
            var slot = utf8.withUnsafeBytes { JSONNameTable.hash($0) } & (size - 1)
            var duplicate = false
            while slots[slot] != 0 {
                let other = entries[Int(slots[slot]) - 1]
                if bytes[other.offset..<(other.offset + other.count)].elementsEqual(utf8) { duplicate = true; break }
                slot = (slot + 1) & (size - 1)
            }
            if duplicate { continue }
            entries.append(Entry(offset: bytes.count, count: utf8.count, value: value))
            bytes += utf8
            slots[slot] = Int32(entries.count)
        }
        self.bytes = bytes
        self.entries = entries
        self.slots = slots
        mask = size - 1
    }

    /// FNV-1a.
    @inlinable
    static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// The value of `key`, or `nil`.
    @inlinable
    func value(of key: UnsafeRawBufferPointer) -> Int? {
        let start = JSONNameTable.hash(key) & mask
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                bytes.withUnsafeBytes { bytes in
                    var slot = start
                    while true {
                        let e = Int(slots[slot])
                        if e == 0 { return nil }
                        let entry = entries[e &- 1]
                        if entry.count == key.count
                            && (key.isEmpty || memcmp(bytes.baseAddress! + entry.offset, key.baseAddress!, key.count) == 0) {
                            return entry.value
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }
}

#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif
