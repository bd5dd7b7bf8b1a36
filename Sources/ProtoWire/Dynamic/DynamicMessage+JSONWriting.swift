// DynamicMessage+JSONWriting.swift: the proto3 JSON form of a dynamic message, as generated code writes it.

/// Writes dynamic messages in proto3 JSON. Fields come in field-number order, extensions after
/// them under `"[pkg.ext]"`, exactly as generated `_protoWriteJSON` writes them. Well-known
/// types go through ProtoWire's generated types (their bytes decoded as, say,
/// `Google_Protobuf_Timestamp`), so their special forms are the generated ones; an `Any`
/// resolves its payload's schema in the writer's ``SchemaRegistry``.
struct DynamicJSONWriting {
    let registry: SchemaRegistry

    func write(_ m: DynamicMessage, _ w: inout JSONWriter) throws(WireError) {
        let name = m.schema.fullName
        if name == "google.protobuf.Any" { return try writeAny(m, &w) }
        if let type = TypeRegistry.wellKnown[name] { return try writeWellKnown(type, m, &w) }
        w.beginObject()
        var extensions: [(FieldSchema, DynamicValue)] = []
        for field in m.schema.fields {
            if let value = m.values[field.number] {
                w.key(w.useProtoNames ? field.name : field.jsonName)
                try writeValue(field, value, &w)
            } else if w.emitDefaults && field.oneofIndex == nil
                        && (field.isRepeated || field.label == .singular(hasPresence: false)) {
                w.key(w.useProtoNames ? field.name : field.jsonName)
                try writeValue(field, field.defaultValue, &w)
            }
        }
        for number in m.extensionSchemas.keys.sorted() {
            if let field = m.extensionSchemas[number], let value = m.values[number] { extensions.append((field, value)) }
        }
        for (field, value) in extensions {
            w.key("[\(field.name)]")
            try writeValue(field, value, &w)
        }
        w.endObject()
    }

    private func writeValue(_ field: FieldSchema, _ value: DynamicValue, _ w: inout JSONWriter) throws(WireError) {
        switch value {
        case .list(let elements):
            w.beginArray()
            for e in elements {
                w.elementSeparator()
                try writeElement(field.kind, e, &w)
            }
            w.endArray()
        case .map(let entries):
            let valueKind = field.messageSchema?.field(number: 2)?.kind ?? .bytes
            w.beginObject()
            for key in entries.keys.sorted(by: DynamicMapKey.precedes) {
                guard let v = entries[key] else { continue }
                switch key {
                case .int32(let k): w.integerKey(Int64(k))
                case .int64(let k): w.integerKey(k)
                case .uint32(let k): w.unsignedKey(UInt64(k))
                case .uint64(let k): w.unsignedKey(k)
                case .bool(let k): w.key(k ? "true" : "false")
                case .string(let k): w.key(k)
                }
                try writeElement(valueKind, v, &w)
            }
            w.endObject()
        default:
            try writeElement(field.kind, value, &w)
        }
    }

    private func writeElement(_ kind: FieldSchema.Kind, _ value: DynamicValue, _ w: inout JSONWriter) throws(WireError) {
        switch (kind, value) {
        case (.enumeration(let names, _), .enumeration(let n)):
            if names.enumName == "google.protobuf.NullValue" {
                w.writeNull()
            } else if !w.enumsAsInts, let quoted = names.quotedName(of: Int(n)) {
                w.appendRaw(quoted)
            } else {
                w.writeInt32(n)
            }
        case (_, .message(let m)): try write(m, &w)
        case (_, .int32(let v)): w.writeInt32(v)
        case (_, .int64(let v)): w.writeInt64(v)
        case (_, .uint32(let v)): w.writeUInt32(v)
        case (_, .uint64(let v)): w.writeUInt64(v)
        case (_, .float(let v)): w.writeFloat(v)
        case (_, .double(let v)): w.writeDouble(v)
        case (_, .bool(let v)): w.writeBool(v)
        case (_, .string(let v)): w.writeString(v)
        case (_, .bytes(let v)): v.withUnsafeBytes { w.writeBase64($0) }
        default:
            throw WireError(.notRepresentableInJSON, offset: nil, "a value of \(value) does not fit a field of kind \(kind)")
        }
    }

    /// A well-known type through its generated twin, decoded from this message's bytes.
    private func writeWellKnown(_ type: any ProtoMessage.Type, _ m: DynamicMessage, _ w: inout JSONWriter) throws(WireError) {
        try write(type, m.serializedBytes(), &w)
    }

    private func write<M: ProtoMessage>(_: M.Type, _ bytes: [UInt8], _ w: inout JSONWriter) throws(WireError) {
        try M(serializedBytes: bytes, options: DecodingOptions(allowPartial: true))._protoWriteJSON(&w)
    }

    /// `{"@type": url, fields...}`, or `{"@type": url, "value": special}` for a well-known
    /// payload; the payload's schema comes from the registry.
    private func writeAny(_ any: DynamicMessage, _ w: inout JSONWriter) throws(WireError) {
        guard case .string(let url)? = any.values[1] else {
            if any.values[2] == nil {
                w.beginObject()
                w.endObject()
                return
            }
            throw WireError(.notRepresentableInJSON, offset: nil, "an Any holds a value but no type URL")
        }
        var payload: [UInt8] = []
        if case .bytes(let data)? = any.values[2] { payload = Array(data) }
        guard let schema = registry.message(named: url) else {
            throw WireError(.notRepresentableInJSON, offset: nil,
                            "an Any holds '\(url)', which is not in the SchemaRegistry; register its schema")
        }
        let message: DynamicMessage
        do {
            message = try DynamicMessage(schema: schema, serializedBytes: payload, extensions: registry,
                                         options: DecodingOptions(allowPartial: true))
        } catch {
            throw WireError(.notRepresentableInJSON, offset: nil, "an Any's payload does not decode as \(schema.fullName): \(error)")
        }
        w.beginObject()
        w.key("@type")
        w.writeString(url)
        if Google_Protobuf_Any.valueWrapped.contains(schema.fullName) {
            w.key("value")
            try write(message, &w)
        } else {
            var inner = JSONWriter(options: w.options)
            try write(message, &inner)
            if inner.bytes.count > 2 {
                w.append(0x2C)
                w.buffer.append(contentsOf: inner.buffer[1..<(inner.buffer.count - 1)])
            }
        }
        w.endObject()
    }
}

extension DynamicMessage {
    /// The message in proto3 JSON, as its generated type would write it. `registry` resolves
    /// the payload types of `google.protobuf.Any` fields (the well-known types always resolve).
    /// Throws `.notRepresentableInJSON` for an `Any` whose type the registry does not hold.
    public func jsonString(options: JSONEncodingOptions = JSONEncodingOptions(),
                           registry: SchemaRegistry = SchemaRegistry()) throws(WireError) -> String {
        var writer = JSONWriter(options: options)
        try DynamicJSONWriting(registry: registry).write(self, &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
