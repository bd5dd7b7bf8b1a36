// SizeCache.swift: the sizes of nested length-delimited payloads, computed once per encode.

/// Remembers the size of every nested length-delimited payload (submessage, map entry, packed
/// varint run) so that each is computed exactly once per encode.
///
/// Encoding is two passes over the same value:
///
/// ```
/// pass 1 (size):  root ─ reserve slot 0 ─ child ─ reserve slot 1 ─ grandchild ...
/// pass 2 (write): root ─ read slot 0 (length prefix) ─ child ─ read slot 1 ─ ...
/// ```
///
/// Both passes walk fields in the same order, so slots are read back in the order they were
/// reserved (pre-order). This keeps encoding linear in the size of the message tree, where
/// re-sizing each submessage at every level would be quadratic in nesting depth.
public struct SizeCache: Sendable {
    @usableFromInline
    package var sizes: ContiguousArray<Int> = []
    /// Whether map entries are visited in key order (see ``EncodingOptions/deterministic``).
    /// Sizing and writing must visit entries in the same order, so both read this flag.
    public let deterministic: Bool

    /// Creates an empty cache.
    @inlinable
    public init(deterministic: Bool = false) {
        self.deterministic = deterministic
    }

    /// Reserves the next slot; fill it with ``store(_:at:)`` once the payload is sized.
    @inlinable
    public mutating func reserve() -> Int {
        sizes.append(0)
        return sizes.count &- 1
    }

    /// Records the payload size for a slot handed out by ``reserve()``.
    @inlinable
    public mutating func store(_ size: Int, at slot: Int) {
        sizes[slot] = size
    }
}
