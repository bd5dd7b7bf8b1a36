// Wrappers+JSON.swift: the wrapper well-known types as bare values in JSON.

extension Google_Protobuf_DoubleValue {
    /// The wrapped value alone: a number, or "NaN"/"Infinity"/"-Infinity".
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireDouble.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireDouble.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_FloatValue {
    /// The wrapped value alone: a number, or "NaN"/"Infinity"/"-Infinity".
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireFloat.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireFloat.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_Int64Value {
    /// The wrapped value alone: a string (numbers accepted).
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireInt64.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireInt64.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_UInt64Value {
    /// The wrapped value alone: a string (numbers accepted).
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireUInt64.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireUInt64.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_Int32Value {
    /// The wrapped value alone: a number.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireInt32.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireInt32.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_UInt32Value {
    /// The wrapped value alone: a number.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireUInt32.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireUInt32.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_BoolValue {
    /// The wrapped value alone: `true` or `false`.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireBool.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireBool.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_StringValue {
    /// The wrapped value alone: a string.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireString.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireString.readJSON(&r) { value = v }
    }
}

extension Google_Protobuf_BytesValue {
    /// The wrapped value alone: a base64 string.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) { WireBytes.writeJSON(value, &w) }
    /// Reads the bare value.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        if let v = try WireBytes.readJSON(&r) { value = v }
    }
}
