// WireReader+Skip.swift: skipping fields the message does not know, and keeping their bytes.

extension WireReader {
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
