// JSONReader+Fields.swift: the calls generated _protoMergeJSON makes: keys, fields, repeated, maps, oneofs.

extension JSONReader {
    /// Moves to the next known field of the object being merged and returns its index in
    /// `table`, or `nil` after the closing `}`. Unknown keys throw
    /// ``WireError/Code/unknownJSONField``, or are skipped with
    /// ``JSONDecodingOptions/ignoreUnknownFields``; a field named twice (by either name) throws
    /// ``WireError/Code/duplicateJSONKey``. For messages with extension ranges, a key
    /// `"[pkg.ext]"` returns ``JSONFieldTable/extensionIndex``; read its value with
    /// ``readExtension(into:)``.
    @inlinable
    public mutating func nextField(_ table: JSONFieldTable, _ seen: inout JSONSeenFields) throws(WireError) -> Int? {
        while let key = try nextKey(&seen.first) {
            if let i = key.withBytes({ table.index(of: $0) }) {
                guard seen.insert(i) else {
                    throw error(.duplicateJSONKey, at: start + key.offset,
                                "the field '\(key.string)' of \(table.messageName) is set twice (a key repeated, or both its JSON and proto names used)")
                }
                return i
            }
            if try unknownKey(key, table) { return JSONFieldTable.extensionIndex }
        }
        return nil
    }

    /// Handles a key `table` does not know: the `"@type"` of an `Any` payload and ignored
    /// fields are skipped (returns `false`); an extension key returns `true`.
    @usableFromInline
    mutating func unknownKey(_ key: JSONString, _ table: JSONFieldTable) throws(WireError) -> Bool {
        if depth == anyTypeDepth && key.equals("@type") {
            try skipValue()
            return false
        }
        let name = key.string
        if table.isExtensible && name.hasPrefix("[") && name.hasSuffix("]") && name.count > 2 {
            pendingExtensionName = String(name.dropFirst().dropLast())
            return true
        }
        guard ignoreUnknownFields else {
            throw error(.unknownJSONField, at: start + key.offset,
                        "\(table.messageName) has no field named '\(name)'; fix the name, or decode with JSONDecodingOptions(ignoreUnknownFields: true)")
        }
        try skipValue()
        return false
    }

    /// Marks oneof `index` (``JSONFieldTable/count`` + the oneof's position) as set, throwing
    /// ``WireError/Code/duplicateJSONKey`` if another member already set it.
    @inlinable
    public mutating func claimOneof(_ seen: inout JSONSeenFields, _ index: Int, _ table: JSONFieldTable) throws(WireError) {
        guard seen.insert(index) else {
            throw error(.duplicateJSONKey, at: pointer, "two fields of one oneof of \(table.messageName) are set; a oneof holds at most one")
        }
    }

    /// Reads a field without presence: `null` resets it to its default; an ignored unknown
    /// enum name leaves it unchanged.
    @inlinable
    public mutating func readImplicit<C: WireFieldCodec>(_: C.Type, into value: inout C.Value) throws(WireError) {
        if !C.jsonNullIsValue, try readNull() {
            value = C.defaultValue
            return
        }
        if let v = try C.readJSON(&self) { value = v }
    }

    /// Reads a scalar or enum field with presence: `null` clears it; an ignored unknown enum
    /// name leaves it unchanged.
    @inlinable
    public mutating func readOptional<C: WireFieldCodec>(_: C.Type, into value: inout C.Value?) throws(WireError) {
        if !C.jsonNullIsValue, try readNull() {
            value = nil
            return
        }
        if let v = try C.readJSON(&self) { value = v }
    }

    /// Reads a oneof member: `null` leaves the oneof alone; otherwise returns the value (or
    /// `nil` for an ignored unknown enum name).
    @inlinable
    public mutating func readOneofMember<C: WireFieldCodec>(_: C.Type) throws(WireError) -> C.Value? {
        if !C.jsonNullIsValue, try readNull() { return nil }
        return try C.readJSON(&self)
    }

    /// Whether the next value is `null` for a field of codec `C` (never for
    /// `google.protobuf.Value` and `NullValue`, where `null` is a value); consumes it if so.
    @inlinable
    public mutating func readNull<C: WireFieldCodec>(for _: C.Type) throws(WireError) -> Bool {
        if C.jsonNullIsValue { return false }
        return try readNull()
    }

    /// Reads a message field: `null` clears it (except `google.protobuf.Value`); an object
    /// merges into the message already there.
    @inlinable
    public mutating func readMessage<M: ProtoMessage>(into value: inout M?) throws(WireError) {
        if M.self != Google_Protobuf_Value.self, try readNull() {
            value = nil
            return
        }
        var m = value.take() ?? M()
        try readMessage(into: &m)
        value = m
    }

    /// Reads a boxed (recursive) message field, as ``readMessage(into:)-(M?)``.
    @inlinable
    public mutating func readMessage<M: ProtoMessage>(into value: inout ProtoBox<M>?) throws(WireError) {
        if M.self != Google_Protobuf_Value.self, try readNull() {
            value = nil
            return
        }
        if value == nil { value = ProtoBox(M()) }
        try readMessage(into: &value!.value)
    }

    /// Merges the next value into `message`, one nesting level deeper.
    @inlinable
    public mutating func readMessage<M: ProtoMessage>(into message: inout M) throws(WireError) {
        try enterNesting()
        try message._protoMergeJSON(&self)
        leaveNesting()
    }

    /// Reads a repeated field: a JSON array appended to `values`, or `null` (clears).
    /// `null` elements are rejected, except for `google.protobuf.Value`.
    @inlinable
    public mutating func readRepeated<C: WireFieldCodec>(_: C.Type, into values: inout [C.Value]) throws(WireError) {
        if try readNull() {
            values.removeAll()
            return
        }
        try beginArray()
        try enterNesting()
        var first = true
        while try nextElement(&first) {
            if !C.jsonNullIsValue, try peek("an element") == 0x6E {
                throw error(.invalidJSONValue, at: pointer, "a repeated field holds null; null is not allowed as an element")
            }
            if let v = try C.readJSON(&self) { values.append(v) }
        }
        leaveNesting()
    }

    /// Reads a map field: a JSON object whose keys are the stringified map keys, or `null`
    /// (clears). A key given twice throws ``WireError/Code/duplicateJSONKey``.
    @inlinable
    public mutating func readMap<K: JSONMapKeyCodec, V: WireFieldCodec>(_: K.Type, _: V.Type, into map: inout [K.Value: V.Value]) throws(WireError) {
        if try readNull() {
            map.removeAll()
            return
        }
        try beginObject()
        try enterNesting()
        // Merging into an empty map, a key seen twice shows as an unchanged count; merging
        // into entries from earlier input, the keys of this object are tracked on the side.
        let trackKeys = !map.isEmpty
        var keysOfThisObject = Set<K.Value>()
        var first = true
        while let keyToken = try nextKey(&first) {
            let key = try K.readJSONKey(keyToken, &self)
            if !V.jsonNullIsValue, try peek("a map value") == 0x6E {
                throw error(.invalidJSONValue, at: pointer, "a map holds null as a value; null is not allowed in maps")
            }
            guard let v = try V.readJSON(&self) else { continue }
            let count = map.count
            map[key] = v
            let repeated = trackKeys ? !keysOfThisObject.insert(key).inserted : map.count == count
            if repeated {
                throw error(.duplicateJSONKey, at: start + keyToken.offset, "the map key '\(keyToken.string)' appears twice")
            }
        }
        leaveNesting()
    }
}
