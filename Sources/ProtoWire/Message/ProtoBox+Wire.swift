// ProtoBox+Wire.swift: sizing and writing recursive (boxed) message fields in place.

extension WireMessage {
    /// The encoded size of a boxed message field, computed on the value inside the box.
    ///
    /// `size(of: box.value, ...)` would copy the whole message out of its box first (one retain
    /// per reference-counted field, at every level of a recursive chain): passing a value read
    /// from a class instance to an opaque call makes the compiler copy it, since the call could
    /// write that memory. An `inout` access has no such alias, so the value is borrowed in place.
    @inlinable
    public static func size(ofBoxed box: ProtoBox<M>, _ cache: inout SizeCache) -> Int {
        let slot = cache.reserve()
        let n = sizeInPlace(&box.storage.value, &cache)
        cache.store(n, at: slot)
        return Varint.size(UInt64(n)) &+ n
    }

    /// Writes a boxed message field (length prefix and fields) from the value inside the box.
    @inlinable
    public static func write(boxed box: ProtoBox<M>, _ writer: inout WireWriter) {
        writer.writeVarint(UInt64(writer.nextCachedSize()))
        writeInPlace(&box.storage.value, &writer)
    }

    /// Writes a boxed message field's JSON from the value inside the box.
    @inlinable
    public static func writeJSON(boxed box: ProtoBox<M>, _ writer: inout JSONWriter) throws(WireError) {
        try writeJSONInPlace(&box.storage.value, &writer)
    }

    // `inout` only to borrow the boxed value without a copy; none of these writes to it.
    @inlinable
    static func sizeInPlace(_ value: inout M, _ cache: inout SizeCache) -> Int {
        value._protoSize(&cache)
    }

    @inlinable
    static func writeInPlace(_ value: inout M, _ writer: inout WireWriter) {
        value._protoWrite(&writer)
    }

    @inlinable
    static func writeJSONInPlace(_ value: inout M, _ writer: inout JSONWriter) throws(WireError) {
        try value._protoWriteJSON(&writer)
    }
}
