// TextFormatPrinter+Maps.swift: map fields as key/value entries, one per key, sorted by key.

/// A map key for sorting: numbers by value (signed or unsigned), `false` before `true`,
/// strings byte-wise.
enum MapSortKey: Hashable, Comparable {
    case signed(Int64)
    case unsigned(UInt64)
    case string([UInt8])

    static func < (lhs: MapSortKey, rhs: MapSortKey) -> Bool {
        switch (lhs, rhs) {
        case (.signed(let a), .signed(let b)): a < b
        case (.unsigned(let a), .unsigned(let b)): a < b
        case (.string(let a), .string(let b)): a.lexicographicallyPrecedes(b)
        default: false
        }
    }

    /// The sort key of a raw key value of `kind`.
    init(_ kind: FieldSchema.Kind, _ value: RawWireField.Value) {
        switch (kind, value) {
        case (.int32, .varint(let v)), (.int64, .varint(let v)): self = .signed(Int64(bitPattern: v))
        case (.sint32, .varint(let v)): self = .signed(Int64(ZigZag.decoded(UInt32(truncatingIfNeeded: v))))
        case (.sint64, .varint(let v)): self = .signed(ZigZag.decoded(v))
        case (.sfixed32, .fixed32(let v)): self = .signed(Int64(Int32(bitPattern: v)))
        case (.sfixed64, .fixed64(let v)): self = .signed(Int64(bitPattern: v))
        case (.uint32, .varint(let v)): self = .unsigned(UInt64(UInt32(truncatingIfNeeded: v)))
        case (.bool, .varint(let v)): self = .unsigned(v != 0 ? 1 : 0)
        case (_, .varint(let v)), (_, .fixed64(let v)): self = .unsigned(v)
        case (_, .fixed32(let v)): self = .unsigned(UInt64(v))
        case (_, .bytes(let payload)), (_, .group(let payload)): self = .string(Array(payload))
        }
    }
}

extension TextFormatPrinter {
    /// One map entry: its key and the value's raw occurrences (a message value's payloads
    /// merge, a scalar's last wins).
    private struct MapEntry {
        var key: RawWireField.Value?
        var values: [RawWireField.Value] = []
    }

    /// Prints a map's entries (`name { key: … value: … }`), each key once (its last entry)
    /// and in key order, as C++ and Python print maps.
    mutating func printMap(_ name: String, _ entrySchema: MessageSchema, _ values: [RawWireField.Value]) throws(WireError) {
        guard let keyField = entrySchema.field(number: 1), let valueField = entrySchema.field(number: 2) else { return }
        let keyWire = Self.wireType(of: keyField.kind)
        let valueWire = Self.wireType(of: valueField.kind)
        var entries: [MapSortKey: MapEntry] = [:]
        for value in values {
            guard case .bytes(let payload) = value else { continue }
            var entry = MapEntry()
            for raw in try WireFieldList.read(payload, base: base(of: payload), maxDepth: options.maxDepth - depth) {
                if raw.number == 1 && raw.wireType == keyWire { entry.key = raw.value }
                if raw.number == 2 && raw.wireType == valueWire { entry.values.append(raw.value) }
            }
            let key = MapSortKey(keyField.kind, entry.key ?? Self.defaultValue(of: keyField.kind))
            entries[key] = entry
        }
        for key in entries.keys.sorted() {
            guard let entry = entries[key] else { continue }
            beginLine()
            append(name)
            append(" {")
            endLine()
            indent += 1
            beginLine()
            append("key: ")
            try appendScalar(keyField.kind, entry.key ?? Self.defaultValue(of: keyField.kind))
            endLine()
            if case .message(let reference) = valueField.kind {
                try printMerged("value", entry.values, reference.schema)
            } else {
                beginLine()
                append("value: ")
                try appendScalar(valueField.kind, entry.values.last ?? Self.defaultValue(of: valueField.kind))
                endLine()
            }
            indent -= 1
            beginLine()
            append("}")
            endLine()
        }
    }
}
