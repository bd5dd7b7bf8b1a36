// WireReader+Fields.swift: reading repeated (packed or not), closed-enum, map and group fields.

extension WireReader {
    /// Reads one occurrence of a repeated field and appends to `values`. Accepts both the
    /// packed form (one length-delimited run) and the unpacked form (one element), whatever
    /// the schema declares, as the encoding spec requires.
    @inlinable
    public mutating func readRepeated<C: WireFieldCodec>(_: C.Type, _ tag: FieldTag, into values: inout [C.Value]) throws(WireError) {
        if tag.wireType == .lengthDelimited && C.isPackable {
            let (count, savedEnd) = try enterPacked(C.wireType)
            let run = try readPackedRun(C.self, count: count)
            end = savedEnd
            if values.isEmpty {
                values = run
            } else {
                values.append(contentsOf: run)
            }
        } else {
            // Strings, bytes and messages: the first element reserves the run it starts
            // (elements of a repeated field are written together), so the array is allocated
            // once instead of at every doubling.
            if C.wireType == .lengthDelimited, values.isEmpty { values.reserveCapacity(lengthDelimitedRunCount()) }
            values.append(try C.read(&self))
        }
    }

    /// Decodes the `count` elements of a packed run (the limit already narrowed to it) straight
    /// into a new array of exactly that size, one codec call per element. Varint and
    /// fixed-width codecs take the faster paths in PackedFields.swift.
    @inlinable
    mutating func readPackedRun<C: WireFieldCodec>(_: C.Type, count: Int) throws(WireError) -> [C.Value] {
        let runStart = pointer
        var failure: WireError?
        let run = [C.Value](filling: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < count {
                do throws(WireError) {
                    (base + initialized).initialize(to: try C.read(&self))
                } catch {
                    failure = error
                    return
                }
                initialized &+= 1
            }
        }
        if let failure { throw failure }
        // Bytes left over can only be an unterminated varint.
        guard pointer == end else { throw truncated("a varint in a packed field", at: count == 0 ? runStart : pointer) }
        return run
    }

    /// Reads one occurrence of a repeated closed (proto2) enum field, packed or not. Numbers
    /// the enum does not declare go to `unknownFields` as plain varint fields.
    @inlinable
    public mutating func readRepeatedClosedEnum<E: ProtoEnum>(
        _ tag: FieldTag, into values: inout [E], unknownFields: inout UnknownFields
    ) throws(WireError) {
        if tag.wireType == .lengthDelimited {
            let (count, savedEnd) = try enterPacked(.varint)
            values.reserveCapacity(values.count &+ count)
            while pointer < end {
                let raw = try readEnumValue()
                if let e = E(rawValue: raw) {
                    values.append(e)
                } else {
                    unknownFields.appendVarint(fieldNumber: tag.fieldNumber, value: UInt64(bitPattern: Int64(raw)))
                }
            }
            end = savedEnd
        } else {
            let raw = try readEnumValue()
            if let e = E(rawValue: raw) {
                values.append(e)
            } else {
                unknownFields.appendVarint(fieldNumber: tag.fieldNumber, value: UInt64(bitPattern: Int64(raw)))
            }
        }
    }

    /// Reads a singular closed (proto2) enum field: returns the case, or `nil` after moving an
    /// undeclared number to `unknownFields`.
    @inlinable
    public mutating func readClosedEnum<E: ProtoEnum>(_ tag: FieldTag, unknownFields: inout UnknownFields) throws(WireError) -> E? {
        let raw = try readEnumValue()
        if let e = E(rawValue: raw) { return e }
        unknownFields.appendVarint(fieldNumber: tag.fieldNumber, value: UInt64(bitPattern: Int64(raw)))
        return nil
    }

    /// Narrows the limit to a packed payload; returns how many elements it holds and the
    /// outer limit to restore. The count never exceeds the payload's byte count.
    @inlinable
    mutating func enterPacked(_ elementType: WireType) throws(WireError) -> (count: Int, savedEnd: UnsafeRawPointer) {
        let at = pointer
        let n = try readLength()
        let payloadEnd = pointer + n
        let count: Int
        switch elementType {
        case .fixed32, .fixed64:
            let width = elementType == .fixed32 ? 4 : 8
            guard n % width == 0 else {
                throw WireError(.invalidLength, offset: offset(at),
                                "packed run of \(n) bytes is not a whole number of \(width)-byte values")
            }
            count = n / width
        default:
            // Every varint ends in exactly one byte below 0x80; count them 8 bytes at a time.
            var c = 0
            var p = pointer
            while payloadEnd - p >= 8 {
                let word = p.loadUnaligned(as: UInt64.self)
                c &+= (~word & 0x8080_8080_8080_8080).nonzeroBitCount
                p += 8
            }
            while p < payloadEnd {
                if p.load(as: UInt8.self) < 0x80 { c &+= 1 }
                p += 1
            }
            count = c
        }
        let savedEnd = end
        end = payloadEnd
        return (count, savedEnd)
    }

    /// Reads one map entry and stores it, replacing any value under the same key. A missing
    /// key or value means its default; unknown fields inside the entry are dropped.
    @inlinable
    public mutating func readMapEntry<K: WireFieldCodec, V: WireFieldCodec>(
        _: K.Type, _: V.Type, into map: inout [K.Value: V.Value]
    ) throws(WireError) where K.Value: ProtoMapKey {
        if map.isEmpty {
            // A new dictionary of that capacity, not `reserveCapacity`: the latter runs the
            // standard library's unspecialized code (a generic metadata lookup and a resize
            // through value witnesses) on every decode.
            let run = lengthDelimitedRunCount()
            if run > 1 { map = Dictionary(minimumCapacity: run) }
        }
        let n = try readLength()
        let (key, value) = try withMessageScope(length: n) { r throws(WireError) in
            var key = K.defaultValue
            var value = V.defaultValue
            let keyTag = FieldTag(fieldNumber: 1, wireType: K.wireType).rawValue
            let valueTag = FieldTag(fieldNumber: 2, wireType: V.wireType).rawValue
            while let tag = try r.readTag() {
                switch tag.rawValue {
                case keyTag: key = try K.read(&r)
                case valueTag: try V.merge(&r, into: &value)
                default: try r.skipField(tag)
                }
            }
            return (key, value)
        }
        map[key] = value
    }

    /// Reads one entry of a map whose values are a closed (proto2) enum. An entry whose value
    /// the enum does not declare goes to `unknownFields` whole, as protobuf requires; so does
    /// one whose `string` key is not UTF-8 when `validatesKeyUTF8` is `false`
    /// (`utf8_validation = NONE`, every proto2 map).
    @inlinable
    public mutating func readMapEntryClosedEnum<K: WireFieldCodec, E: ProtoEnum>(
        _: K.Type, into map: inout [K.Value: E], unknownFields: inout UnknownFields, validatesKeyUTF8: Bool = true
    ) throws(WireError) where K.Value: ProtoMapKey {
        let entryStart = tagStart
        let n = try readLength()
        let (key, raw, isText) = try withMessageScope(length: n) { r throws(WireError) in
            var key = K.defaultValue
            var raw = 0
            var isText = true
            let keyTag = FieldTag(fieldNumber: 1, wireType: K.wireType).rawValue
            let valueTag = FieldTag(fieldNumber: 2, wireType: .varint).rawValue
            while let tag = try r.readTag() {
                switch tag.rawValue {
                case keyTag where !validatesKeyUTF8 && K.Value.self == String.self:
                    if let text = try r.readStringIfUTF8() as? K.Value { key = text } else { isText = false }
                case keyTag: key = try K.read(&r)
                case valueTag: raw = try r.readEnumValue()
                default: try r.skipField(tag)
                }
            }
            return (key, raw, isText)
        }
        if isText, let value = E(rawValue: raw) {
            map[key] = value
        } else {
            unknownFields.append(UnsafeRawBufferPointer(start: entryStart, count: pointer - entryStart))
        }
    }

    /// Reads one element of a repeated group whose start tag was just read.
    @inlinable
    public mutating func readRepeatedGroup<M: ProtoMessage>(fieldNumber: Int, into messages: inout [M]) throws(WireError) {
        var m = M()
        try readGroup(fieldNumber: fieldNumber, into: &m)
        messages.append(m)
    }
}
