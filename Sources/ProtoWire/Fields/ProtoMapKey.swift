// ProtoMapKey.swift: the Swift types that can key a protobuf map, and their deterministic order.

/// A type allowed as a protobuf map key (integers, `Bool`, `String`), with the order used
/// for deterministic encoding.
public protocol ProtoMapKey: Hashable, Sendable {
    /// Ascending order for deterministic output: numeric for integers, `false < true`, and
    /// byte-wise UTF-8 for strings.
    static func protoKeyPrecedes(_ lhs: Self, _ rhs: Self) -> Bool
}

extension Int32: ProtoMapKey {
    @inlinable public static func protoKeyPrecedes(_ lhs: Int32, _ rhs: Int32) -> Bool { lhs < rhs }
}
extension Int64: ProtoMapKey {
    @inlinable public static func protoKeyPrecedes(_ lhs: Int64, _ rhs: Int64) -> Bool { lhs < rhs }
}
extension UInt32: ProtoMapKey {
    @inlinable public static func protoKeyPrecedes(_ lhs: UInt32, _ rhs: UInt32) -> Bool { lhs < rhs }
}
extension UInt64: ProtoMapKey {
    @inlinable public static func protoKeyPrecedes(_ lhs: UInt64, _ rhs: UInt64) -> Bool { lhs < rhs }
}
extension Bool: ProtoMapKey {
    @inlinable public static func protoKeyPrecedes(_ lhs: Bool, _ rhs: Bool) -> Bool { !lhs && rhs }
}
extension String: ProtoMapKey {
    @inlinable public static func protoKeyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

/// Visits map entries in dictionary order, or in key order when deterministic output is asked for.
@usableFromInline
enum MapOrder {
    @inlinable
    static func forEach<K: ProtoMapKey, V>(_ map: [K: V], sorted: Bool, _ body: (K, V) -> Void) {
        if sorted && map.count > 1 {
            for key in map.keys.sorted(by: K.protoKeyPrecedes) {
                if let value = map[key] { body(key, value) }
            }
        } else {
            for (key, value) in map { body(key, value) }
        }
    }
}
