// PackedFields.swift: tight loops for packed runs of varint and fixed-width values.

// Overload resolution picks these over the generic versions in FieldSize.swift,
// WireWriter+Fields.swift and WireReader+Fields.swift whenever the codec is known to be a
// varint or fixed-width codec; the empty check of each is inlined into the caller, so an unset
// field costs no call. They follow the same rule as the generic versions: a packed
// varint run reserves one size-cache slot, a fixed-width run none.

extension FieldSize {
    /// A packed run of varints: one tag, one length, then the values; nothing when empty.
    @inlinable @inline(__always)
    public static func packed<C: VarintFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        if values.isEmpty { return 0 }
        return packedNonEmpty(C.self, values, tagSize: tagSize, &cache)
    }

    @inlinable
    static func packedNonEmpty<C: VarintFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        // A varint's size is 1 + h / 7 for h the index of its highest set bit, and h / 7 is
        // (h * 37) >> 8 for h in 0...63: the loop sums those, the 1s are the count.
        let payload = values.withUnsafeBufferPointer { buffer in
            var sum = buffer.count
            for v in buffer {
                let highest = 63 &- (C.varintBits(v) | 1).leadingZeroBitCount
                sum &+= (highest &* 37) &>> 8
            }
            return sum
        }
        cache.store(payload, at: cache.reserve())
        return tagSize &+ Varint.size(UInt64(payload)) &+ payload
    }

    /// A packed run of fixed-width values.
    @inlinable @inline(__always)
    public static func packed<C: FixedWidthFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        if values.isEmpty { return 0 }
        return packedNonEmpty(C.self, values, tagSize: tagSize, &cache)
    }

    @inlinable
    static func packedNonEmpty<C: FixedWidthFieldCodec>(_: C.Type, _ values: [C.Value], tagSize: Int, _ cache: inout SizeCache) -> Int {
        let payload = MemoryLayout<C.Value>.size &* values.count
        return tagSize &+ Varint.size(UInt64(payload)) &+ payload
    }
}

extension WireWriter {
    /// Writes a packed run of varints with the write position kept in a register.
    @inlinable @inline(__always)
    public mutating func writePacked<C: VarintFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        if values.isEmpty { return }
        writePackedNonEmpty(C.self, values, tag: tag)
    }

    @inlinable
    mutating func writePackedNonEmpty<C: VarintFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        writeTag(tag)
        let payload = nextCachedSize()
        writeVarint(UInt64(payload))
        ensure(payload)
        let runEnd = pointer + payload
        var p = pointer
        values.withUnsafeBufferPointer { buffer in
            for v in buffer {
                let bits = C.varintBits(v)
                // No varint is longer than 10 bytes: only the last few values need their size.
                if runEnd - p < 10 {
                    precondition(runEnd - p >= Varint.size(bits), "ProtoWire: encoder wrote past the size it computed")
                }
                p = Varint.store(bits, at: p)
            }
        }
        precondition(p == runEnd, "ProtoWire: encoder wrote less than the size it computed")
        pointer = p
    }

    /// Writes a packed run of fixed-width values: on little-endian machines, one copy.
    @inlinable @inline(__always)
    public mutating func writePacked<C: FixedWidthFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        if values.isEmpty { return }
        writePackedNonEmpty(C.self, values, tag: tag)
    }

    @inlinable
    mutating func writePackedNonEmpty<C: FixedWidthFieldCodec>(_: C.Type, _ values: [C.Value], tag: UInt32) {
        writeTag(tag)
        let payload = MemoryLayout<C.Value>.size &* values.count
        writeVarint(UInt64(payload))
        #if _endian(little)
        values.withUnsafeBytes { writeRawBytes($0) }
        #else
        for v in values { C.write(v, &self) }
        #endif
    }
}

extension WireReader {
    /// Reads one occurrence of a repeated varint field, packed or not.
    @inlinable
    public mutating func readRepeated<C: VarintFieldCodec>(_: C.Type, _ tag: FieldTag, into values: inout [C.Value]) throws(WireError) {
        guard tag.wireType == .lengthDelimited else {
            values.append(try C.read(&self))
            return
        }
        let (count, savedEnd) = try enterPacked(.varint)
        var failure: WireError?
        let run: [C.Value]
        if count <= smallRunLimit {
            run = withUnsafeTemporaryAllocation(of: C.Value.self, capacity: count) { buffer in
                let decoded = decodeVarintRun(C.self, into: buffer, failure: &failure)
                return Array(UnsafeMutableBufferPointer(rebasing: buffer[..<decoded]))
            }
        } else {
            run = [C.Value](filling: count) { buffer, initialized in
                initialized = decodeVarintRun(C.self, into: buffer, failure: &failure)
            }
        }
        if let failure { throw failure }
        // Bytes left over can only be an unterminated varint.
        guard pointer == end else { throw truncated("a varint in a packed field", at: pointer) }
        end = savedEnd
        if values.isEmpty {
            values = run
        } else {
            values.append(contentsOf: run)
        }
    }

    /// Decodes up to `buffer.count` varints of a packed run into `buffer`; returns how many it
    /// initialized, and sets `failure` when the input ends early or a varint is malformed.
    @inlinable
    mutating func decodeVarintRun<C: VarintFieldCodec>(
        _: C.Type, into buffer: UnsafeMutableBufferPointer<C.Value>, failure: inout WireError?
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let count = buffer.count
        var initialized = 0
        // While 10 bytes remain no varint can cross the end: decode without bounds checks.
        var p = pointer
        while initialized < count && end - p >= 10 {
            guard let bits = Varint.decodeUnchecked(&p) else { break }
            (base + initialized).initialize(to: C.value(fromVarintBits: bits))
            initialized &+= 1
        }
        pointer = p
        while initialized < count {
            do throws(WireError) {
                (base + initialized).initialize(to: C.value(fromVarintBits: try readVarint()))
            } catch {
                failure = error
                return initialized
            }
            initialized &+= 1
        }
        return initialized
    }

    /// Reads one occurrence of a repeated fixed-width field, packed or not.
    @inlinable
    public mutating func readRepeated<C: FixedWidthFieldCodec>(_: C.Type, _ tag: FieldTag, into values: inout [C.Value]) throws(WireError) {
        guard tag.wireType == .lengthDelimited else {
            values.append(try C.read(&self))
            return
        }
        let (count, savedEnd) = try enterPacked(C.wireType)
        #if _endian(little)
        let byteCount = end - pointer
        let source = pointer
        let run: [C.Value]
        if count <= smallRunLimit {
            run = withUnsafeTemporaryAllocation(of: C.Value.self, capacity: count) { buffer in
                if let base = buffer.baseAddress {
                    UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: byteCount)
                }
                return Array(buffer)
            }
        } else {
            run = [C.Value](filling: count) { buffer, initialized in
                if let base = buffer.baseAddress {
                    UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: byteCount)
                }
                initialized = count
            }
        }
        pointer = end
        #else
        let run = try readPackedRun(C.self, count: count)
        #endif
        end = savedEnd
        if values.isEmpty {
            values = run
        } else {
            values.append(contentsOf: run)
        }
    }
}

/// Packed runs of up to this many values are decoded on the stack and copied into the array:
/// `[T](unsafeUninitializedCapacity:)` goes through an unspecialized standard-library path that
/// looks up the array storage's type metadata on every call, which costs more than the copy.
@usableFromInline let smallRunLimit = 128
