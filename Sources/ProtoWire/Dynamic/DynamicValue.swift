// DynamicValue.swift: the value of one field of a dynamic message, and the keys of its maps.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The value of one field of a ``DynamicMessage``, shaped by its ``FieldSchema``:
///
/// ```
/// schema kind                       value
/// int32, sint32, sfixed32           .int32
/// int64, sint64, sfixed64           .int64
/// uint32, fixed32                   .uint32
/// uint64, fixed64                   .uint64
/// float, double, bool, string       .float, .double, .bool, .string
/// bytes                             .bytes
/// enum                              .enumeration(number)
/// message, group                    .message
/// repeated field                    .list of element values
/// map field                         .map of values by key
/// ```
public enum DynamicValue: Sendable, Hashable {
    case int32(Int32)
    case int64(Int64)
    case uint32(UInt32)
    case uint64(UInt64)
    case float(Float)
    case double(Double)
    case bool(Bool)
    case string(String)
    case bytes(Data)
    /// An enum value by number (open enums keep numbers they do not declare).
    case enumeration(Int32)
    case message(DynamicMessage)
    /// The elements of a repeated field.
    case list([DynamicValue])
    /// The entries of a map field.
    case map([DynamicMapKey: DynamicValue])
}

/// The key of a map entry: protobuf maps are keyed by integers, booleans or strings.
public enum DynamicMapKey: Sendable, Hashable {
    case int32(Int32)
    case int64(Int64)
    case uint32(UInt32)
    case uint64(UInt64)
    case bool(Bool)
    case string(String)

    /// The key as a field value of the entry's key field.
    public var value: DynamicValue {
        switch self {
        case .int32(let v): .int32(v)
        case .int64(let v): .int64(v)
        case .uint32(let v): .uint32(v)
        case .uint64(let v): .uint64(v)
        case .bool(let v): .bool(v)
        case .string(let v): .string(v)
        }
    }

    /// The key holding `value`, or `nil` for values that cannot key a map.
    public init?(_ value: DynamicValue) {
        switch value {
        case .int32(let v): self = .int32(v)
        case .int64(let v): self = .int64(v)
        case .uint32(let v): self = .uint32(v)
        case .uint64(let v): self = .uint64(v)
        case .bool(let v): self = .bool(v)
        case .string(let v): self = .string(v)
        default: return nil
        }
    }

    /// The deterministic order generated maps use: numbers ascending, `false` first,
    /// strings by their UTF-8 bytes.
    static func precedes(_ a: DynamicMapKey, _ b: DynamicMapKey) -> Bool {
        switch (a, b) {
        case (.int32(let x), .int32(let y)): x < y
        case (.int64(let x), .int64(let y)): x < y
        case (.uint32(let x), .uint32(let y)): x < y
        case (.uint64(let x), .uint64(let y)): x < y
        case (.bool(let x), .bool(let y)): !x && y
        case (.string(let x), .string(let y)): x.utf8.lexicographicallyPrecedes(y.utf8)
        default: false
        }
    }
}
