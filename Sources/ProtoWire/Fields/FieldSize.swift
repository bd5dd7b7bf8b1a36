// FieldSize.swift: encoded sizes of repeated, packed, map and group fields, tags included.

/// Size arithmetic for whole fields, used by generated `_protoSize` implementations.
///
/// `tagSize` is the varint size of the field's tag, which generated code knows statically.
public enum FieldSize {
    /// An unpacked repeated field: one tag per element.
    @inlinable @inline(__always)
    public static func repeated<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        if values.isEmpty { return 0 }
        return repeatedNonEmpty(C.self, values, tagSize: tagSize, &cache)
    }

    @inlinable
    static func repeatedNonEmpty<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        var total = tagSize &* values.count
        values.forEachInPlace { v in total &+= C.size(of: v, &cache) }
        return total
    }

    /// A packed repeated field: one tag, one length, then the values; nothing when empty.
    /// Varint payload sizes are cached so they are summed once.
    /// The empty check is inlined into the caller, which skips the call for an unset field.
    @inlinable @inline(__always)
    public static func packed<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        if values.isEmpty { return 0 }
        return packedNonEmpty(C.self, values, tagSize: tagSize, &cache)
    }

    @inlinable
    static func packedNonEmpty<C: WireFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        let payload: Int
        switch C.wireType {
        case .fixed32: payload = 4 &* values.count
        case .fixed64: payload = 8 &* values.count
        default:
            let slot = cache.reserve()
            var sum = 0
            for v in values { sum &+= C.size(of: v, &cache) }
            cache.store(sum, at: slot)
            payload = sum
        }
        return tagSize &+ Varint.size(UInt64(payload)) &+ payload
    }

    /// A map field: one length-delimited entry message (key = 1, value = 2) per element.
    /// An empty map skips the call, and the retain of its storage for iteration.
    @inlinable @inline(__always)
    public static func map<K: WireFieldCodec, V: WireFieldCodec>(
        _: K.Type, _: V.Type, _ map: [K.Value: V.Value], tagSize: Int, _ cache: inout SizeCache
    ) -> Int where K.Value: ProtoMapKey {
        if map.isEmpty { return 0 }
        return mapNonEmpty(K.self, V.self, map, tagSize: tagSize, &cache)
    }

    @inlinable
    static func mapNonEmpty<K: WireFieldCodec, V: WireFieldCodec>(
        _: K.Type, _: V.Type, _ map: [K.Value: V.Value], tagSize: Int, _ cache: inout SizeCache
    ) -> Int where K.Value: ProtoMapKey {
        var total = tagSize &* map.count
        MapOrder.forEach(map, sorted: cache.deterministic) { key, value in
            let slot = cache.reserve()
            let entry = 2 &+ K.size(of: key, &cache) &+ V.size(of: value, &cache)
            cache.store(entry, at: slot)
            total &+= Varint.size(UInt64(entry)) &+ entry
        }
        return total
    }

    /// A group field: start tag, the message's fields, end tag (same size as the start tag).
    @inlinable
    public static func group<M: ProtoMessage>(_ message: M, tagSize: Int, _ cache: inout SizeCache) -> Int {
        2 &* tagSize &+ message._protoSize(&cache)
    }

    /// A repeated group field.
    @inlinable
    public static func repeatedGroup<M: ProtoMessage>(_ messages: [M], tagSize: Int, _ cache: inout SizeCache) -> Int {
        var total = 2 &* tagSize &* messages.count
        messages.forEachInPlace { m in total &+= m._protoSize(&cache) }
        return total
    }
}
