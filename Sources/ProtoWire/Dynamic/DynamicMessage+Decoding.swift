// DynamicMessage+Decoding.swift: reading the binary format into a dynamic message, field by field per schema.

/// The decoder's state for one dynamic read: the extensions it may decode.
struct DynamicDecoding {
    let extensions: SchemaRegistry
}

extension DynamicMessage {
    /// Reads fields until `reader.readTag()` returns `nil`, as generated `_protoMerge` does:
    /// known fields by their schema (both packed and unpacked forms of packable fields),
    /// registered extensions in extension ranges, everything else into ``unknownFields``.
    mutating func merge(_ r: inout WireReader, _ context: DynamicDecoding) throws(WireError) {
        while let tag = try r.readTag() {
            let number = Int32(truncatingIfNeeded: tag.fieldNumber)
            var field = schema.field(number: number)
            if field == nil, schema.isExtensionNumber(number),
               let ext = context.extensions.extensionField(of: schema.fullName, number: number) {
                field = ext
            }
            guard let field, try mergeField(field, tag, &r, context) else {
                try r.skipUnknown(tag, into: &unknownFields)
                continue
            }
        }
    }

    /// Reads one occurrence of `field`; returns `false`, having read nothing, when the wire
    /// type does not fit the field (the caller keeps it as unknown).
    private mutating func mergeField(_ field: FieldSchema, _ tag: FieldTag, _ r: inout WireReader,
                                     _ context: DynamicDecoding) throws(WireError) -> Bool {
        let kind = field.kind
        let expected = kind.wireType
        if field.isMap {
            guard tag.wireType == .lengthDelimited, let entry = field.messageSchema else { return false }
            try mergeMapEntry(field, entry, &r, context)
            return true
        }
        if field.isRepeated {
            var list: [DynamicValue]
            if case .list(let l)? = values[field.number] { list = l } else { list = [] }
            if tag.wireType == expected {
                if let v = try readElement(field, tag, &r, context, existing: nil) { list.append(v) }
            } else if tag.wireType == .lengthDelimited && kind.isPackable {
                try readPacked(kind, tag, &r, into: &list)
            } else {
                return false
            }
            note(field)
            values[field.number] = list.isEmpty ? nil : .list(list)
            return true
        }
        guard tag.wireType == expected else { return false }
        var existing: DynamicMessage?
        if case .message(let m)? = values[field.number] { existing = m }
        guard let value = try readElement(field, tag, &r, context, existing: existing) else { return true }
        note(field)
        set(field, value)
        return true
    }

    /// Remembers the schema of an extension field being stored.
    private mutating func note(_ field: FieldSchema) {
        if field.isExtension { extensionSchemas[field.number] = field }
    }

    /// One value of `field`; `nil` when a closed enum's number, or a string that is not UTF-8
    /// in a field that does not validate it, went to unknown fields. Messages and groups merge
    /// into `existing`.
    private mutating func readElement(_ field: FieldSchema, _ tag: FieldTag, _ r: inout WireReader,
                                      _ context: DynamicDecoding, existing: DynamicMessage?) throws(WireError) -> DynamicValue? {
        let kind = field.kind
        switch kind {
        case .string where !field.validatesUTF8:
            return try r.readString(tag, keepingInvalidIn: &unknownFields).map(DynamicValue.string)
        case .message(let reference):
            var m = existing ?? DynamicMessage(schema: reference.schema)
            let n = try r.readLength()
            try r.withMessageScope(length: n) { r throws(WireError) in try m.merge(&r, context) }
            return .message(m)
        case .group(let reference):
            var m = existing ?? DynamicMessage(schema: reference.schema)
            try r.withGroupScope(tag.fieldNumber) { r throws(WireError) in try m.merge(&r, context) }
            return .message(m)
        case .enumeration(let names, let isClosed):
            let number = try WireInt32.read(&r)
            if isClosed && names.name(of: Int(number)) == nil {
                unknownFields.appendVarint(fieldNumber: tag.fieldNumber, value: UInt64(bitPattern: Int64(number)))
                return nil
            }
            return .enumeration(number)
        default:
            return try DynamicScalars.read(kind, &r)
        }
    }

    /// A packed run of `kind` values.
    private mutating func readPacked(_ kind: FieldSchema.Kind, _ tag: FieldTag, _ r: inout WireReader,
                                     into list: inout [DynamicValue]) throws(WireError) {
        let n = try r.readLength()
        let savedEnd = r.end
        r.end = r.pointer + n
        defer { r.end = savedEnd }
        while r.pointer < r.end {
            if case .enumeration(let names, isClosed: true) = kind {
                let number = try WireInt32.read(&r)
                if names.name(of: Int(number)) == nil {
                    unknownFields.appendVarint(fieldNumber: tag.fieldNumber, value: UInt64(bitPattern: Int64(number)))
                } else {
                    list.append(.enumeration(number))
                }
            } else if case .enumeration = kind {
                list.append(.enumeration(try WireInt32.read(&r)))
            } else {
                list.append(try DynamicScalars.read(kind, &r))
            }
        }
    }

    /// One map entry: a missing key or value is its default, the last entry of a key wins,
    /// unknown fields inside the entry are dropped, and an entry whose closed-enum value the
    /// enum does not declare, or whose string key or value is not UTF-8 where the field does
    /// not validate it, goes to unknown fields whole.
    private mutating func mergeMapEntry(_ field: FieldSchema, _ entry: MessageSchema, _ r: inout WireReader,
                                        _ context: DynamicDecoding) throws(WireError) {
        guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
            try r.skipField(FieldTag(fieldNumber: Int(field.number), wireType: .lengthDelimited))
            return
        }
        let entryStart = r.tagStart
        let n = try r.readLength()
        var isText = true
        let (key, value) = try r.withMessageScope(length: n) { r throws(WireError) -> (DynamicValue, DynamicValue) in
            var key = keyField.kind.zeroValue
            var value = valueField.kind.zeroValue
            /// A string of a field that does not validate UTF-8, or `nil` (and the entry kept
            /// whole) when it is not UTF-8.
            func lenientString(_ r: inout WireReader) throws(WireError) -> DynamicValue? {
                guard let text = try r.readStringIfUTF8() else {
                    isText = false
                    return nil
                }
                return .string(text)
            }
            while let tag = try r.readTag() {
                if tag.fieldNumber == 1 && tag.wireType == keyField.kind.wireType {
                    if case .string = keyField.kind, !keyField.validatesUTF8 {
                        if let text = try lenientString(&r) { key = text }
                    } else {
                        key = try DynamicScalars.read(keyField.kind, &r)
                    }
                } else if tag.fieldNumber == 2 && tag.wireType == valueField.kind.wireType {
                    switch valueField.kind {
                    case .string where !valueField.validatesUTF8:
                        if let text = try lenientString(&r) { value = text }
                    case .message(let reference):
                        var m: DynamicMessage
                        if case .message(let old) = value { m = old } else { m = DynamicMessage(schema: reference.schema) }
                        let length = try r.readLength()
                        try r.withMessageScope(length: length) { r throws(WireError) in try m.merge(&r, context) }
                        value = .message(m)
                    case .enumeration:
                        value = .enumeration(try WireInt32.read(&r))
                    default:
                        value = try DynamicScalars.read(valueField.kind, &r)
                    }
                } else {
                    try r.skipField(tag)
                }
            }
            return (key, value)
        }
        var keep = !isText
        if case .enumeration(let names, isClosed: true) = valueField.kind, case .enumeration(let number) = value,
           names.name(of: Int(number)) == nil {
            keep = true
        }
        if keep {
            unknownFields.append(UnsafeRawBufferPointer(start: entryStart, count: r.pointer - entryStart))
            return
        }
        guard let mapKey = DynamicMapKey(key) else { return }
        var map: [DynamicMapKey: DynamicValue]
        if case .map(let m)? = values[field.number] { map = m } else { map = [:] }
        map[mapKey] = value
        values[field.number] = .map(map)
    }
}
