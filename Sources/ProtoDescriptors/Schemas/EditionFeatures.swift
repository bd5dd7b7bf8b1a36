// EditionFeatures.swift: the protobuf editions features a schema needs, resolved file → message → field.

import ProtoWire

/// The features of protobuf editions that change how a field is encoded: presence, enum
/// openness, packing and delimited (group) encoding.
///
/// The descriptor types here come from a `descriptor.proto` that predates editions, so
/// `features` options (`FileOptions` 50, `MessageOptions` 12, `FieldOptions` 21,
/// `EnumOptions` 7) arrive as unknown fields and are read from their bytes. Unset features
/// inherit from the enclosing scope; the outermost defaults are edition 2023's.
struct EditionFeatures: Sendable {
    enum Presence: UInt64 { case explicit = 1, implicit = 2, legacyRequired = 3 }

    var presence = Presence.explicit
    var closedEnums = false
    var packed = true
    var delimited = false

    /// Edition 2023's defaults.
    static let edition2023 = EditionFeatures()

    /// These features overridden by those set in `optionsUnknownFields` under `fieldNumber`
    /// (a `FeatureSet`: field_presence 1, enum_type 2, repeated_field_encoding 3,
    /// message_encoding 5). Malformed bytes leave the features unchanged.
    func merging(_ optionsUnknownFields: UnknownFields, featuresField fieldNumber: UInt64) -> EditionFeatures {
        var out = self
        var options = RawFields(optionsUnknownFields.bytes)
        while let field = options.next() {
            guard field.number == fieldNumber, case .bytes(let featureBytes) = field.value else { continue }
            var features = RawFields(featureBytes)
            while let feature = features.next() {
                guard case .varint(let v) = feature.value else { continue }
                switch feature.number {
                case 1: if let p = Presence(rawValue: v) { out.presence = p }
                case 2: if v == 1 || v == 2 { out.closedEnums = v == 2 }
                case 3: if v == 1 || v == 2 { out.packed = v == 1 }
                case 5: if v == 1 || v == 2 { out.delimited = v == 2 }
                default: break
                }
            }
        }
        return out
    }
}

/// A bounds-checked walk over serialized fields, enough to find option features; it stops
/// at the first malformed field.
private struct RawFields {
    enum Value { case varint(UInt64), bytes(ArraySlice<UInt8>), other }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }

    mutating func next() -> (number: UInt64, value: Value)? {
        guard index < bytes.count, let tag = varint() else { return nil }
        switch tag & 7 {
        case 0:
            guard let v = varint() else { return nil }
            return (tag >> 3, .varint(v))
        case 1: return skip(8).map { (tag >> 3, $0) }
        case 5: return skip(4).map { (tag >> 3, $0) }
        case 2:
            guard let length = varint(), length <= UInt64(bytes.count - index) else { return nil }
            let start = index
            index += Int(length)
            return (tag >> 3, .bytes(bytes[start..<index]))
        default: return nil  // groups do not occur in features
        }
    }

    private mutating func skip(_ n: Int) -> Value? {
        guard bytes.count - index >= n else { return nil }
        index += n
        return .other
    }

    private mutating func varint() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count && shift < 64 {
            let byte = bytes[index]
            index += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        return nil
    }
}
