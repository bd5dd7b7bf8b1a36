// DynamicMessage+JSONReading.swift: parsing proto3 JSON into a dynamic message, as generated code parses it.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads proto3 JSON into dynamic messages with the generated `_protoMergeJSON` rules: JSON
/// or proto field names (each once), `null` clears a field, one member per oneof, enums by
/// name or number, maps with stringified keys, `"[pkg.ext]"` extensions from the registry.
/// Well-known types parse through ProtoWire's generated twins; an `Any` finds its payload's
/// schema in the ``SchemaRegistry``.
struct DynamicJSONReading {
    let registry: SchemaRegistry

    /// Reads one JSON value (an object, or a well-known type's form) into `m`.
    func merge(_ m: inout DynamicMessage, _ r: inout JSONReader) throws(WireError) {
        let name = m.schema.fullName
        if name == "google.protobuf.Any" { return try mergeAny(&m, &r) }
        if let type = TypeRegistry.wellKnown[name] { return try mergeWellKnown(type, &m, &r) }
        let fields = m.schema.fields
        let table = JSONFieldTable(name, fields.map { ($0.jsonName, $0.name) }, isExtensible: !m.schema.extensionRanges.isEmpty)
        var seen = JSONSeenFields()
        try r.beginObject()
        while let i = try r.nextField(table, &seen) {
            if i == JSONFieldTable.extensionIndex {
                let extName = r.pendingExtensionName
                guard let field = registry.extensionField(named: extName), field.extendee == name else {
                    if r.ignoreUnknownFields { try r.skipValue(); continue }
                    throw r.error(.unknownJSONField, at: r.pointer,
                                  "'[\(extName)]' is not an extension of \(name) in the SchemaRegistry")
                }
                m.extensionSchemas[field.number] = field
                try mergeField(field, &m, &r, &seen, table)
            } else if i >= 0 && i < fields.count {
                try mergeField(fields[i], &m, &r, &seen, table)
            }
        }
    }

    private func mergeField(_ field: FieldSchema, _ m: inout DynamicMessage, _ r: inout JSONReader,
                            _ seen: inout JSONSeenFields, _ table: JSONFieldTable) throws(WireError) {
        if field.isMap {
            try mergeMap(field, &m, &r)
        } else if field.isRepeated {
            if try r.readNull() {
                m.values[field.number] = nil
                return
            }
            var list: [DynamicValue]
            if case .list(let l)? = m.values[field.number] { list = l } else { list = [] }
            try r.beginArray()
            try r.enterNesting()
            var first = true
            while try r.nextElement(&first) {
                if !field.kind.jsonNullIsValue, try r.peek("an element") == 0x6E {
                    throw r.error(.invalidJSONValue, at: r.pointer, "a repeated field holds null; null is not allowed as an element")
                }
                if let v = try readElement(field.kind, &r, existing: nil) { list.append(v) }
            }
            r.leaveNesting()
            m.values[field.number] = list.isEmpty ? nil : .list(list)
        } else if let oneof = field.oneofIndex {
            if !field.kind.jsonNullIsValue, try r.readNull() { return }
            guard let v = try readElement(field.kind, &r, existing: nil) else { return }
            try r.claimOneof(&seen, m.schema.fields.count + oneof, table)
            m.set(field, v)
        } else {
            if !field.kind.jsonNullIsValue, try r.readNull() {
                m.values[field.number] = nil
                return
            }
            var existing: DynamicMessage?
            if case .message(let old)? = m.values[field.number] { existing = old }
            guard let v = try readElement(field.kind, &r, existing: existing) else { return }
            m.set(field, v)
        }
    }

    private func mergeMap(_ field: FieldSchema, _ m: inout DynamicMessage, _ r: inout JSONReader) throws(WireError) {
        if try r.readNull() {
            m.values[field.number] = nil
            return
        }
        guard let keyKind = field.messageSchema?.field(number: 1)?.kind,
              let valueKind = field.messageSchema?.field(number: 2)?.kind else { return try r.skipValue() }
        var map: [DynamicMapKey: DynamicValue]
        if case .map(let old)? = m.values[field.number] { map = old } else { map = [:] }
        var keysOfThisObject = Set<DynamicMapKey>()
        try r.beginObject()
        try r.enterNesting()
        var first = true
        while let token = try r.nextKey(&first) {
            let key = try readKey(keyKind, token, &r)
            if !valueKind.jsonNullIsValue, try r.peek("a map value") == 0x6E {
                throw r.error(.invalidJSONValue, at: r.pointer, "a map holds null as a value; null is not allowed in maps")
            }
            guard let v = try readElement(valueKind, &r, existing: nil) else { continue }
            guard keysOfThisObject.insert(key).inserted else {
                throw r.error(.duplicateJSONKey, at: r.start + token.offset, "the map key '\(token.string)' appears twice")
            }
            map[key] = v
        }
        r.leaveNesting()
        m.values[field.number] = map.isEmpty ? nil : .map(map)
    }

    private func readKey(_ kind: FieldSchema.Kind, _ token: JSONString, _ r: inout JSONReader) throws(WireError) -> DynamicMapKey {
        switch kind {
        case .int32: .int32(try WireInt32.readJSONKey(token, &r))
        case .sint32: .int32(try WireSInt32.readJSONKey(token, &r))
        case .sfixed32: .int32(try WireSFixed32.readJSONKey(token, &r))
        case .int64: .int64(try WireInt64.readJSONKey(token, &r))
        case .sint64: .int64(try WireSInt64.readJSONKey(token, &r))
        case .sfixed64: .int64(try WireSFixed64.readJSONKey(token, &r))
        case .uint32: .uint32(try WireUInt32.readJSONKey(token, &r))
        case .fixed32: .uint32(try WireFixed32.readJSONKey(token, &r))
        case .uint64: .uint64(try WireUInt64.readJSONKey(token, &r))
        case .fixed64: .uint64(try WireFixed64.readJSONKey(token, &r))
        case .bool: .bool(try WireBool.readJSONKey(token, &r))
        default: .string(try WireString.readJSONKey(token, &r))
        }
    }

    /// One value of `kind`; `nil` for an unknown enum name skipped under `ignoreUnknownFields`.
    private func readElement(_ kind: FieldSchema.Kind, _ r: inout JSONReader,
                             existing: DynamicMessage?) throws(WireError) -> DynamicValue? {
        switch kind {
        case .message(let reference), .group(let reference):
            var sub = existing ?? DynamicMessage(schema: reference.schema)
            try r.enterNesting()
            try merge(&sub, &r)
            r.leaveNesting()
            return .message(sub)
        case .enumeration(let names, let isClosed):
            let at = r.pointer
            let b = try r.peek("an enum name or number")
            if b == 0x22 {
                let s = try r.readStringToken()
                if let n = s.withBytes({ names.number(named: $0) }) { return .enumeration(Int32(truncatingIfNeeded: n)) }
                if r.ignoreUnknownFields { return nil }
                throw r.error(.invalidJSONValue, at: at, "'\(s.string)' is not a value of enum \(names.enumName)")
            }
            if b == 0x6E && names.enumName == "google.protobuf.NullValue" {
                try r.literal("null")
                return .enumeration(0)
            }
            let n = try r.readInt32()
            if isClosed && names.name(of: Int(n)) == nil {
                throw r.error(.invalidJSONValue, at: at, "\(n) is not a value of the closed enum \(names.enumName)")
            }
            return .enumeration(n)
        case .int32: return try WireInt32.readJSON(&r).map(DynamicValue.int32)
        case .sint32: return try WireSInt32.readJSON(&r).map(DynamicValue.int32)
        case .sfixed32: return try WireSFixed32.readJSON(&r).map(DynamicValue.int32)
        case .int64: return try WireInt64.readJSON(&r).map(DynamicValue.int64)
        case .sint64: return try WireSInt64.readJSON(&r).map(DynamicValue.int64)
        case .sfixed64: return try WireSFixed64.readJSON(&r).map(DynamicValue.int64)
        case .uint32: return try WireUInt32.readJSON(&r).map(DynamicValue.uint32)
        case .fixed32: return try WireFixed32.readJSON(&r).map(DynamicValue.uint32)
        case .uint64: return try WireUInt64.readJSON(&r).map(DynamicValue.uint64)
        case .fixed64: return try WireFixed64.readJSON(&r).map(DynamicValue.uint64)
        case .float: return try WireFloat.readJSON(&r).map(DynamicValue.float)
        case .double: return try WireDouble.readJSON(&r).map(DynamicValue.double)
        case .bool: return try WireBool.readJSON(&r).map(DynamicValue.bool)
        case .string: return try WireString.readJSON(&r).map(DynamicValue.string)
        case .bytes: return try WireBytes.readJSON(&r).map(DynamicValue.bytes)
        }
    }

    /// A well-known type through its generated twin: merged from JSON, then read back as bytes.
    private func mergeWellKnown(_ type: any ProtoMessage.Type, _ m: inout DynamicMessage, _ r: inout JSONReader) throws(WireError) {
        m = try merged(type, m, &r)
    }

    private func merged<M: ProtoMessage>(_: M.Type, _ m: DynamicMessage, _ r: inout JSONReader) throws(WireError) -> DynamicMessage {
        var generated = try M(serializedBytes: m.serializedBytes(), options: DecodingOptions(allowPartial: true))
        try generated._protoMergeJSON(&r)
        return try DynamicMessage(schema: m.schema, serializedBytes: generated.serializedBytes(),
                                  options: DecodingOptions(allowPartial: true))
    }

    /// `{"@type": url, ...}`: finds `@type` first, then reads the object again as the payload
    /// (or its `"value"` for well-known payloads) and stores type URL and bytes.
    private func mergeAny(_ any: inout DynamicMessage, _ r: inout JSONReader) throws(WireError) {
        r.skipWhitespace()
        let objectStart = r.pointer
        try r.beginObject()
        var first = true
        var url: String?
        var keys = Set<String>()
        while let key = try r.nextKey(&first) {
            let name = key.string
            guard keys.insert(name).inserted else {
                throw r.error(.duplicateJSONKey, at: r.start + key.offset, "the key '\(name)' appears twice in one object")
            }
            if name == "@type" { url = try r.readString() } else { try r.skipValue() }
        }
        guard let url else {
            if keys.isEmpty { return }
            throw r.error(.invalidJSONValue, at: objectStart, "a google.protobuf.Any object has fields but no \"@type\"")
        }
        guard let schema = registry.message(named: url) else {
            throw r.error(.invalidJSONValue, at: objectStart,
                          "the Any's \"@type\" '\(url)' is not in the SchemaRegistry; register its schema")
        }
        let afterObject = r.pointer
        r.pointer = objectStart
        var payload = DynamicMessage(schema: schema)
        if Google_Protobuf_Any.valueWrapped.contains(schema.fullName) {
            try r.beginObject()
            var first = true
            while let key = try r.nextKey(&first) {
                if key.equals("value") {
                    try r.enterNesting()
                    try merge(&payload, &r)
                    r.leaveNesting()
                } else if key.equals("@type") || r.ignoreUnknownFields {
                    try r.skipValue()
                } else {
                    throw r.error(.unknownJSONField, at: r.start + key.offset,
                                  "an Any holding \(schema.fullName) has only \"@type\" and \"value\", not '\(key.string)'")
                }
            }
        } else {
            let saved = r.anyTypeDepth
            r.anyTypeDepth = r.depth
            try merge(&payload, &r)
            r.anyTypeDepth = saved
        }
        r.pointer = afterObject
        if let typeURL = any.schema.field(number: 1) { any.set(typeURL, .string(url)) }
        if let value = any.schema.field(number: 2) {
            any.set(value, .bytes(Data(payload.serializedBytes(options: EncodingOptions(deterministic: true)))))
        }
    }
}

extension FieldSchema.Kind {
    /// Whether JSON `null` is a value of this kind (`google.protobuf.Value`, `NullValue`)
    /// rather than "absent".
    var jsonNullIsValue: Bool {
        switch self {
        case .message(let r): r.schema.fullName == "google.protobuf.Value"
        case .enumeration(let names, _): names.enumName == "google.protobuf.NullValue"
        default: false
        }
    }
}

extension DynamicMessage {
    /// Parses proto3 JSON as a message of `schema`, as its generated type would. `registry`
    /// resolves `"[pkg.ext]"` extension keys and the payload types of `google.protobuf.Any`
    /// (the well-known types always resolve). Fails with a ``WireError`` carrying the offset.
    public init(schema: MessageSchema, jsonString: String, registry: SchemaRegistry = SchemaRegistry(),
                options: JSONDecodingOptions = JSONDecodingOptions()) throws(WireError) {
        self.init(schema: schema)
        try merge(jsonString: jsonString, registry: registry, options: options)
    }

    /// Merges proto3 JSON into this message: fields present in the JSON replace or merge
    /// into this message's, `null` clears.
    public mutating func merge(jsonString: String, registry: SchemaRegistry = SchemaRegistry(),
                               options: JSONDecodingOptions = JSONDecodingOptions()) throws(WireError) {
        var text = jsonString
        let reading = DynamicJSONReading(registry: registry)
        let result: Result<Void, WireError> = text.withUTF8 { utf8 in
            Result { () throws(WireError) in
                var reader = JSONReader(UnsafeRawBufferPointer(utf8), options: options)
                if schema.fullName != "google.protobuf.Value" {
                    let at = reader.pointer
                    if try reader.readNull() {
                        throw reader.error(.invalidJSONValue, at: at,
                                           "the top-level value is null; a \(schema.fullName) must be a JSON object")
                    }
                }
                try reader.enterNesting()
                try reading.merge(&self, &reader)
                reader.leaveNesting()
                try reader.finish()
            }
        }
        try result.get()
    }
}
