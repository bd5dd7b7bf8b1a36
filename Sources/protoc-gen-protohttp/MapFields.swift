// MapFields.swift: wire code for `map<K, V>` fields (entries with key = 1, value = 2).

/// Map fields are dictionaries; on the wire each entry is a length-delimited message. Values of
/// closed (proto2) enums that the enum does not declare send the whole entry to unknown fields.
enum MapFields {
    static func sizeLine(_ field: FieldModel, key: ValueType, value: ValueType) -> String {
        "n &+= ProtoWire.FieldSize.map(\(key.codec).self, \(value.codec).self, \(field.ref), tagSize: \(field.tagSize), &cache)"
    }

    static func writeLine(_ field: FieldModel, key: ValueType, value: ValueType) -> String {
        "w.writeMap(\(key.codec).self, \(value.codec).self, \(field.ref), tag: \(field.lengthDelimitedTag))"
    }

    static func mergeLine(_ field: FieldModel, key: ValueType, value: ValueType) -> String {
        if value.closedEnum != nil {
            let lenientKey = field.keepsInvalidUTF8 && key.protoType == .string ? ", validatesKeyUTF8: false" : ""
            return "case \(field.lengthDelimitedTag): try r.readMapEntryClosedEnum(\(key.codec).self, into: &\(field.ref), unknownFields: &unknownFields\(lenientKey))"
        }
        if field.keepsInvalidUTF8 && (key.protoType == .string || value.protoType == .string) {
            return "case \(field.lengthDelimitedTag): try r.readMapEntry(\(key.codec).self, \(value.codec).self, into: &\(field.ref), keepingInvalidUTF8In: &unknownFields)"
        }
        return "case \(field.lengthDelimitedTag): try r.readMapEntry(\(key.codec).self, \(value.codec).self, into: &\(field.ref))"
    }
}
