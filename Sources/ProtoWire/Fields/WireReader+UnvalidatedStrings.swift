// WireReader+UnvalidatedStrings.swift: reading `string` fields whose utf8_validation is NONE (proto2's rule).

extension WireReader {
    /// Reads a length-delimited payload as text: the `String`, or `nil` when its bytes are not
    /// UTF-8 (the payload is consumed either way).
    @inlinable
    mutating func readStringIfUTF8() throws(WireError) -> String? {
        UTF8Validation.string(from: try readLengthDelimited())
    }

    /// Reads a `string` of a field that does not validate UTF-8 (`utf8_validation = NONE`,
    /// every proto2 string). Valid text is returned; bytes that are not UTF-8 are no error but
    /// cannot be a Swift `String`, so the whole field (tag and payload) goes to `unknownFields`
    /// byte for byte and `nil` is returned, as a closed enum's unknown number does: a message
    /// read and written again keeps the bytes exactly, as C++, Java and Python do.
    @inlinable
    public mutating func readString(_ tag: FieldTag, keepingInvalidIn unknownFields: inout UnknownFields) throws(WireError) -> String? {
        let fieldStart = tagStart
        if let string = try readStringIfUTF8() { return string }
        unknownFields.append(UnsafeRawBufferPointer(start: fieldStart, count: pointer - fieldStart))
        return nil
    }

    /// Reads one element of a repeated `string` field that does not validate UTF-8 and
    /// appends it to `values`, or keeps it among `unknownFields` when it is not UTF-8 (see
    /// ``readString(_:keepingInvalidIn:)``).
    @inlinable
    public mutating func readRepeatedString(_ tag: FieldTag, into values: inout [String],
                                            keepingInvalidIn unknownFields: inout UnknownFields) throws(WireError) {
        if values.isEmpty { values.reserveCapacity(lengthDelimitedRunCount()) }
        if let string = try readString(tag, keepingInvalidIn: &unknownFields) { values.append(string) }
    }

    /// Reads one entry of a map whose `string` key or value does not validate UTF-8. An entry
    /// with a key or value that is not UTF-8 goes to `unknownFields` whole, byte for byte (as
    /// a closed enum's unknown value does); other entries are added to `map`. Errors inside a
    /// message value are errors as always.
    @inlinable
    public mutating func readMapEntry<K: WireFieldCodec, V: WireFieldCodec>(
        _: K.Type, _: V.Type, into map: inout [K.Value: V.Value], keepingInvalidUTF8In unknownFields: inout UnknownFields
    ) throws(WireError) where K.Value: ProtoMapKey {
        let entryStart = tagStart
        let n = try readLength()
        let entry = try withMessageScope(length: n) { r throws(WireError) -> (K.Value, V.Value)? in
            var key = K.defaultValue
            var value = V.defaultValue
            var isText = true
            let keyTag = FieldTag(fieldNumber: 1, wireType: K.wireType).rawValue
            let valueTag = FieldTag(fieldNumber: 2, wireType: V.wireType).rawValue
            while let tag = try r.readTag() {
                switch tag.rawValue {
                case keyTag:
                    if K.Value.self == String.self {
                        if let text = try r.readStringIfUTF8() as? K.Value { key = text } else { isText = false }
                    } else {
                        key = try K.read(&r)
                    }
                case valueTag:
                    if V.Value.self == String.self {
                        if let text = try r.readStringIfUTF8() as? V.Value { value = text } else { isText = false }
                    } else {
                        try V.merge(&r, into: &value)
                    }
                default: try r.skipField(tag)
                }
            }
            return isText ? (key, value) : nil
        }
        if let (key, value) = entry {
            map[key] = value
        } else {
            unknownFields.append(UnsafeRawBufferPointer(start: entryStart, count: pointer - entryStart))
        }
    }
}
