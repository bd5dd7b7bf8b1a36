// JSONNameTable.swift: an open-addressing hash table from UTF-8 names to small integers.

/// Maps names (field names, enum value names) to integers with one hash and, on a hit, one
/// `memcmp` against the key bytes as they lie in the input; no `String` is created.
@usableFromInline
struct JSONNameTable: Sendable {
    @usableFromInline let names: [[UInt8]]
    @usableFromInline let values: [Int]
    /// Index into `names` + 1, or 0 for an empty slot; the count is a power of two.
    @usableFromInline let slots: [Int32]
    @usableFromInline let mask: Int

    /// A table of `entries`; a later duplicate name is ignored.
    @usableFromInline
    init(_ entries: [(name: String, value: Int)]) {
        var names: [[UInt8]] = []
        var values: [Int] = []
        var size = 4
        while size < entries.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (name, value) in entries {
            let bytes = Array(name.utf8)
            var slot = bytes.withUnsafeBytes { JSONNameTable.hash($0) } & (size - 1)
            var duplicate = false
            while slots[slot] != 0 {
                if names[Int(slots[slot]) - 1] == bytes { duplicate = true; break }
                slot = (slot + 1) & (size - 1)
            }
            if duplicate { continue }
            names.append(bytes)
            values.append(value)
            slots[slot] = Int32(names.count)
        }
        self.names = names
        self.values = values
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
        var slot = JSONNameTable.hash(key) & mask
        while true {
            let e = Int(slots[slot])
            if e == 0 { return nil }
            let match = names[e - 1].withUnsafeBytes { name in
                name.count == key.count && (key.isEmpty || memcmp(name.baseAddress!, key.baseAddress!, key.count) == 0)
            }
            if match { return values[e - 1] }
            slot = (slot + 1) & mask
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
