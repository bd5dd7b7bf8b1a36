// WireWriter+Fields.swift: writing repeated, packed, map and group fields.

extension WireWriter {
    /// Writes an unpacked repeated field: `tag` is the element's raw tag.
    @inlinable @inline(__always)
    public mutating func writeRepeated<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        if values.isEmpty { return }
        writeRepeatedNonEmpty(C.self, values, tag: tag)
    }

    @inlinable
    mutating func writeRepeatedNonEmpty<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        values.forEachInPlace { v in
            writeTag(tag)
            C.write(v, &self)
        }
    }

    /// Writes a packed repeated field (nothing when empty): `tag` is the length-delimited tag.
    /// The empty check is inlined into the caller, which skips the call for an unset field.
    @inlinable @inline(__always)
    public mutating func writePacked<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        if values.isEmpty { return }
        writePackedNonEmpty(C.self, values, tag: tag)
    }

    @inlinable
    mutating func writePackedNonEmpty<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        writeTag(tag)
        switch C.wireType {
        case .fixed32: writeVarint(UInt64(4 &* values.count))
        case .fixed64: writeVarint(UInt64(8 &* values.count))
        default: writeVarint(UInt64(nextCachedSize()))
        }
        for v in values { C.write(v, &self) }
    }

    /// Writes a map field as entry messages with the key as field 1 and the value as field 2.
    /// An empty map skips the call, and the retain of its storage for iteration.
    @inlinable @inline(__always)
    public mutating func writeMap<K: WireFieldCodec, V: WireFieldCodec>(
        _: K.Type, _: V.Type, _ map: [K.Value: V.Value], tag: UInt32
    ) where K.Value: ProtoMapKey {
        if map.isEmpty { return }
        writeMapNonEmpty(K.self, V.self, map, tag: tag)
    }

    @inlinable
    mutating func writeMapNonEmpty<K: WireFieldCodec, V: WireFieldCodec>(
        _: K.Type, _: V.Type, _ map: [K.Value: V.Value], tag: UInt32
    ) where K.Value: ProtoMapKey {
        MapOrder.forEach(map, sorted: deterministic) { key, value in
            writeTag(tag)
            writeVarint(UInt64(nextCachedSize()))
            writeTag(FieldTag(fieldNumber: 1, wireType: K.wireType).rawValue)
            K.write(key, &self)
            writeTag(FieldTag(fieldNumber: 2, wireType: V.wireType).rawValue)
            V.write(value, &self)
        }
    }

    /// Writes a group field: start tag, the message's fields, end tag.
    @inlinable
    public mutating func writeGroup<M: ProtoMessage>(_ message: M, fieldNumber: Int) {
        writeTag(fieldNumber: fieldNumber, wireType: .startGroup)
        message._protoWrite(&self)
        writeTag(fieldNumber: fieldNumber, wireType: .endGroup)
    }

    /// Writes a repeated group field.
    @inlinable
    public mutating func writeRepeatedGroup<M: ProtoMessage>(_ messages: [M], fieldNumber: Int) {
        messages.forEachInPlace { m in writeGroup(m, fieldNumber: fieldNumber) }
    }
}
