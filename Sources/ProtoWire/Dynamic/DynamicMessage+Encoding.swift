// DynamicMessage+Encoding.swift: sizing and writing a dynamic message, in one exact-size buffer like generated code.

extension DynamicMessage {
    /// The present fields with their schemas, in field-number order (extensions included),
    /// which is the order generated code writes them in.
    func presentFields() -> [(field: FieldSchema, value: DynamicValue)] {
        values.keys.sorted().compactMap { number in
            guard let field = fieldSchema(number: number), let value = values[number] else { return nil }
            return (field, value)
        }
    }

    /// The encoded size; records the size of every nested payload in `cache` in the order
    /// ``write(_:)`` consumes them (each message is sized once).
    func size(_ cache: inout SizeCache) -> Int {
        var n = 0
        for (field, value) in presentFields() {
            switch value {
            case .list(let elements):
                if field.isPacked && field.kind.isPackable {
                    let slot = cache.reserve()
                    var payload = 0
                    for e in elements { payload &+= DynamicScalars.size(field.kind, e) }
                    cache.store(payload, at: slot)
                    n &+= tagSize(field, .lengthDelimited) &+ Varint.size(UInt64(payload)) &+ payload
                } else {
                    for e in elements { n &+= elementSize(field, e, &cache) }
                }
            case .map(let entries):
                guard let entry = field.messageSchema, let k = entry.field(number: 1), let v = entry.field(number: 2) else { continue }
                forEachEntry(entries, sorted: cache.deterministic) { key, value in
                    let slot = cache.reserve()
                    let size = elementSize(k, key.value, &cache) &+ elementSize(v, value, &cache)
                    cache.store(size, at: slot)
                    n &+= tagSize(field, .lengthDelimited) &+ Varint.size(UInt64(size)) &+ size
                }
            default:
                n &+= elementSize(field, value, &cache)
            }
        }
        return n &+ unknownFields.count
    }

    /// Writes every present field, then the unknown fields.
    func write(_ w: inout WireWriter) {
        for (field, value) in presentFields() {
            switch value {
            case .list(let elements):
                if field.isPacked && field.kind.isPackable {
                    w.writeTag(fieldNumber: Int(field.number), wireType: .lengthDelimited)
                    w.writeVarint(UInt64(w.nextCachedSize()))
                    for e in elements { DynamicScalars.write(field.kind, e, &w) }
                } else {
                    for e in elements { writeElement(field, e, &w) }
                }
            case .map(let entries):
                guard let entry = field.messageSchema, let k = entry.field(number: 1), let v = entry.field(number: 2) else { continue }
                forEachEntry(entries, sorted: w.deterministic) { key, value in
                    w.writeTag(fieldNumber: Int(field.number), wireType: .lengthDelimited)
                    w.writeVarint(UInt64(w.nextCachedSize()))
                    writeElement(k, key.value, &w)
                    writeElement(v, value, &w)
                }
            default:
                writeElement(field, value, &w)
            }
        }
        unknownFields.write(to: &w)
    }

    /// The size of one value of `field` with its tag (tags around a group).
    private func elementSize(_ field: FieldSchema, _ value: DynamicValue, _ cache: inout SizeCache) -> Int {
        switch (field.kind, value) {
        case (.message, .message(let m)):
            let slot = cache.reserve()
            let size = m.size(&cache)
            cache.store(size, at: slot)
            return tagSize(field, .lengthDelimited) &+ Varint.size(UInt64(size)) &+ size
        case (.group, .message(let m)):
            return 2 &* tagSize(field, .startGroup) &+ m.size(&cache)
        case (.message, _), (.group, _):
            return 0
        default:
            let size = DynamicScalars.size(field.kind, value)
            return size == 0 ? 0 : tagSize(field, field.kind.wireType) &+ size
        }
    }

    /// Writes one value of `field` with its tag, as ``elementSize(_:_:_:)`` sized it.
    private func writeElement(_ field: FieldSchema, _ value: DynamicValue, _ w: inout WireWriter) {
        let number = Int(field.number)
        switch (field.kind, value) {
        case (.message, .message(let m)):
            w.writeTag(fieldNumber: number, wireType: .lengthDelimited)
            w.writeVarint(UInt64(w.nextCachedSize()))
            m.write(&w)
        case (.group, .message(let m)):
            w.writeTag(fieldNumber: number, wireType: .startGroup)
            m.write(&w)
            w.writeTag(fieldNumber: number, wireType: .endGroup)
        case (.message, _), (.group, _):
            break
        default:
            guard DynamicScalars.size(field.kind, value) > 0 else { return }
            w.writeTag(fieldNumber: number, wireType: field.kind.wireType)
            DynamicScalars.write(field.kind, value, &w)
        }
    }

    private func tagSize(_ field: FieldSchema, _ wireType: WireType) -> Int {
        Varint.size(UInt64(FieldTag(fieldNumber: Int(field.number), wireType: wireType).rawValue))
    }

    /// Map entries in dictionary order, or in the deterministic key order when `sorted`.
    private func forEachEntry(_ entries: [DynamicMapKey: DynamicValue], sorted: Bool,
                              _ body: (DynamicMapKey, DynamicValue) -> Void) {
        if sorted && entries.count > 1 {
            for key in entries.keys.sorted(by: DynamicMapKey.precedes) {
                if let value = entries[key] { body(key, value) }
            }
        } else {
            for (key, value) in entries { body(key, value) }
        }
    }
}
