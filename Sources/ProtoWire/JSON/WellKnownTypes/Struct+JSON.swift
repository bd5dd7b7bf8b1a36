// Struct+JSON.swift: google.protobuf.Struct, Value and ListValue as arbitrary JSON.

extension Google_Protobuf_Struct {
    /// A JSON object, keys in ascending order.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) {
        try w.writeMap(WireString.self, WireMessage<Google_Protobuf_Value>.self, fields)
    }

    /// Any JSON object; a key given twice throws.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        try r.beginObject()
        let checkDuplicates = fields.isEmpty
        var first = true
        while let key = try r.nextKey(&first) {
            let name = key.string
            var value = Google_Protobuf_Value()
            try r.readMessage(into: &value)
            let count = fields.count
            fields[name] = value
            if checkDuplicates && fields.count == count {
                throw r.error(.duplicateJSONKey, at: r.start + key.offset, "the key '\(name)' appears twice in one object")
            }
        }
    }
}

extension Google_Protobuf_ListValue {
    /// A JSON array.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) {
        try w.writeRepeated(WireMessage<Google_Protobuf_Value>.self, values)
    }

    /// Any JSON array (`null` elements are null values).
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        try r.beginArray()
        var first = true
        while try r.nextElement(&first) {
            var value = Google_Protobuf_Value()
            try r.readMessage(into: &value)
            values.append(value)
        }
    }
}

extension Google_Protobuf_Value {
    /// The JSON value it holds; a value with no kind set is written as `null`. NaN and the
    /// infinities have no JSON number form and cannot be written.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) {
        switch kind {
        case .nullValue?, nil:
            w.writeNull()
        case .numberValue(let d)?:
            guard d.isFinite else {
                throw WireError(.notRepresentableInJSON, offset: nil, "a google.protobuf.Value holds \(d), which JSON numbers cannot express")
            }
            w.writeDouble(d)
        case .stringValue(let s)?:
            w.writeString(s)
        case .boolValue(let b)?:
            w.writeBool(b)
        case .structValue(let s)?:
            try s._protoWriteJSON(&w)
        case .listValue(let l)?:
            try l._protoWriteJSON(&w)
        }
    }

    /// Any JSON value; `null` is the null value. An object or array counts as one nesting level.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        switch try r.peek("a JSON value") {
        case 0x6E:
            try r.literal("null")
            kind = .nullValue(.nullValue)
        case 0x74, 0x66:
            kind = .boolValue(try r.readBool())
        case 0x22:
            kind = .stringValue(try r.readString())
        case 0x7B:
            var s = Google_Protobuf_Struct()
            if case .structValue(let old)? = kind { s = old }
            try s._protoMergeJSON(&r)
            kind = .structValue(s)
        case 0x5B:
            var l = Google_Protobuf_ListValue()
            try l._protoMergeJSON(&r)
            kind = .listValue(l)
        default:
            let at = r.pointer
            let d = try r.readDouble()
            guard d.isFinite else { throw r.error(.invalidJSONValue, at: at, "a google.protobuf.Value number must be finite") }
            kind = .numberValue(d)
        }
    }
}
