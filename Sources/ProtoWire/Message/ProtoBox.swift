// ProtoBox.swift: copy-on-write heap storage for recursive message fields.

/// Holds a value on the heap with value semantics, so that a message can contain a field of
/// its own type (`message Node { Node child = 1; }`).
///
/// Copies share one allocation until one of them is mutated; the mutation then copies first
/// (copy-on-write), so a `ProtoBox` behaves exactly like the value it holds.
public struct ProtoBox<Value: Hashable & Sendable>: Hashable, Sendable {
    // Safe to send: `value` is only mutated through `ProtoBox.value`'s accessors, which copy the
    // storage first unless this box holds the only reference, so no shared instance is mutated.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Unchecked: every access goes through ProtoBox, whose mutations copy shared storage
        // first, so accesses never overlap. A checked access scans the thread's access set, which
        // grows with nesting depth: encoding a recursive chain in place was quadratic in depth.
        @usableFromInline @exclusivity(unchecked) var value: Value
        @inlinable init(_ value: Value) { self.value = value }
    }

    @usableFromInline var storage: Storage

    /// Boxes a value.
    @inlinable
    public init(_ value: Value) { storage = Storage(value) }

    /// The boxed value; mutating it copies the storage first if it is shared.
    @inlinable
    public var value: Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
        set {
            if isKnownUniquelyReferenced(&storage) {
                storage.value = newValue
            } else {
                storage = Storage(newValue)
            }
        }
    }

    /// Boxes compare by the values they hold.
    @inlinable
    public static func == (lhs: ProtoBox, rhs: ProtoBox) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    /// Boxes hash by the values they hold.
    @inlinable
    public func hash(into hasher: inout Hasher) { storage.value.hash(into: &hasher) }
}
