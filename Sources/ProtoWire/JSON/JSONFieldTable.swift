// JSONFieldTable.swift: a message's JSON field names, generated per message.

/// The JSON names of one message's fields, by a dense index that generated code switches on.
///
/// Generated messages hold one in `static let _protoJSONFields`; the index of a field is its
/// position in the list (fields in field-number order):
///
/// ```swift
/// static let _protoJSONFields = JSONFieldTable("pkg.Msg", [("fInt32", "f_int32"), ("name", "name")])
/// ```
///
/// Decoding accepts both the JSON name (lowerCamelCase or the declared `json_name`) and the
/// original proto name; encoding writes one of them, pre-quoted with its colon.
public final class JSONFieldTable: Sendable {
    /// The full protobuf name of the message.
    public let messageName: String
    /// Whether the message has extension ranges (so `"[pkg.ext]"` keys are extensions).
    public let isExtensible: Bool
    @usableFromInline let byName: JSONNameTable
    /// `"jsonName":` per index.
    @usableFromInline let jsonKeys: [[UInt8]]
    /// `"proto_name":` per index.
    @usableFromInline let protoKeys: [[UInt8]]

    /// The number of fields.
    public var count: Int { jsonKeys.count }

    /// The index ``JSONReader/nextField(_:_:)`` returns for an extension key (`"[pkg.ext]"`).
    public static let extensionIndex = -1

    /// Creates the table of `messageName` from `(jsonName, protoName)` pairs.
    public init(_ messageName: String, _ fields: [(String, String)], isExtensible: Bool = false) {
        self.messageName = messageName
        self.isExtensible = isExtensible
        var entries: [(name: String, value: Int)] = []
        for (i, f) in fields.enumerated() {
            entries.append((f.0, i))
            entries.append((f.1, i))
        }
        byName = JSONNameTable(entries)
        jsonKeys = fields.map { JSONWriter.quotedKey($0.0) }
        protoKeys = fields.map { JSONWriter.quotedKey($0.1) }
    }

    /// The index of the field named `name` (either name), or `nil`.
    @inlinable
    public func index(of name: UnsafeRawBufferPointer) -> Int? { byName.value(of: name) }
}

/// Which fields (and oneofs) one JSON object has set, to reject a field seen twice (under
/// either of its names) and two members of one oneof.
public struct JSONSeenFields {
    /// Whether no key has been read yet (for ``JSONReader/nextKey(_:)``).
    public var first = true
    @usableFromInline var w0: UInt64 = 0
    @usableFromInline var w1: UInt64 = 0
    @usableFromInline var w2: UInt64 = 0
    @usableFromInline var w3: UInt64 = 0
    @usableFromInline var more: Set<Int> = []

    /// Creates an empty set.
    @inlinable
    public init() {}

    /// Inserts `i`; returns `false` if it was already there.
    @inlinable
    public mutating func insert(_ i: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(i & 63)
        switch i >> 6 {
        case 0: if w0 & bit != 0 { return false }; w0 |= bit
        case 1: if w1 & bit != 0 { return false }; w1 |= bit
        case 2: if w2 & bit != 0 { return false }; w2 |= bit
        case 3: if w3 & bit != 0 { return false }; w3 |= bit
        default: return more.insert(i).inserted
        }
        return true
    }
}
