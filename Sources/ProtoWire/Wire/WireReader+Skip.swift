// WireReader+Skip.swift: skipping fields the message does not know, and keeping their bytes.

extension WireReader {
    /// Reads the rest of the current message as it is on the wire, for a message whose bytes
    /// another library decodes, inside a message ProtoWire reads (an embedded message's own
    /// bytes, or the whole input at the top level).
    ///
    /// - Throws: ``WireError`` when the current message is a group: its end is a tag, not a
    ///   length, so its bytes cannot be handed over whole.
    public mutating func readRemaining() throws(WireError) -> UnsafeRawBufferPointer {
        guard openGroup == 0 else {
            throw WireError(.typeMismatch, offset: offset, "a message decoded by another library cannot be read as a group (field \(openGroup)); send it as a length-delimited field")
        }
        let rest = UnsafeRawBufferPointer(start: pointer, count: end - pointer)
        pointer = end
        return rest
    }

    /// Skips the value of a field whose tag was just read, including whole groups.
    @inlinable
    public mutating func skipField(_ tag: FieldTag) throws(WireError) {
        switch tag.wireType {
        case .varint:
            _ = try readVarint()
        case .fixed64:
            guard end - pointer >= 8 else { throw truncated("a fixed64 value", at: pointer) }
            pointer += 8
        case .lengthDelimited:
            let n = try readLength()
            pointer += n
        case .fixed32:
            guard end - pointer >= 4 else { throw truncated("a fixed32 value", at: pointer) }
            pointer += 4
        case .startGroup:
            try withGroupScope(tag.fieldNumber) { r throws(WireError) in
                while let inner = try r.readTag() { try r.skipField(inner) }
            }
        case .endGroup:
            // readTag never returns end-group tags: it closes the group or throws.
            break
        }
    }

    /// Skips a field whose tag was just read and appends its exact bytes, tag included, to
    /// `unknownFields`, so that re-encoding writes them back unchanged.
    @inlinable
    public mutating func skipUnknown(_ tag: FieldTag, into unknownFields: inout UnknownFields) throws(WireError) {
        let begin = tagStart
        try skipField(tag)
        unknownFields.append(UnsafeRawBufferPointer(start: begin, count: pointer - begin))
    }
}
