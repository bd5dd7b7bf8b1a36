// WireReader.swift: reads wire-format bytes from contiguous memory, checking every length.

/// Reads protobuf wire-format values from a contiguous, borrowed byte buffer.
///
/// The reader never trusts its input: every read is checked against the end of the current
/// field, every declared length against the bytes that remain, and nesting against
/// ``DecodingOptions/maxDepth``. Failures throw ``WireError`` with the byte offset from the start
/// of the input.
///
/// ```
/// input:  [tag][len][ submessage ......... ][tag][value] ...
///                   ^pointer   limit: end^
/// ```
///
/// Entering a submessage narrows `end` to its declared length; leaving it restores the outer
/// limit. Groups keep the limit and instead remember which field number must close them.
public struct WireReader {
    @usableFromInline let start: UnsafeRawPointer
    @usableFromInline var pointer: UnsafeRawPointer
    @usableFromInline var end: UnsafeRawPointer
    @usableFromInline var depth: Int = 0
    @usableFromInline let maxDepth: Int
    /// Field number of the innermost open group, or 0 when the innermost scope is a message.
    @usableFromInline var openGroup: Int = 0
    /// Set when `readTag` consumed the end-group tag that closes `openGroup`.
    @usableFromInline var closedGroup: Bool = false
    /// Where the tag most recently returned by ``readTag()`` began.
    @usableFromInline var tagStart: UnsafeRawPointer
    /// The extensions to decode typed (``DecodingOptions/extensions``), or `nil` when there are
    /// none, so that a plain decode carries no reference to retain and release.
    @usableFromInline let extensions: ExtensionRegistry?

    @inlinable
    init(_ buffer: UnsafeRawBufferPointer, options: DecodingOptions) {
        // An empty buffer may have no base address; any non-null pointer works since no byte
        // is ever read from it.
        let base = buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 0x10)!
        self.start = base
        self.pointer = base
        self.end = base + buffer.count
        self.maxDepth = options.maxDepth
        self.tagStart = base
        self.extensions = options.extensions.isEmpty ? nil : options.extensions
    }

    /// Byte offset of `p` from the start of the input.
    @inlinable
    func offset(_ p: UnsafeRawPointer) -> Int { p - start }

    /// Byte offset of the read position from the start of the input.
    @inlinable
    public var offset: Int { pointer - start }

    /// Whether the current message (or the whole input) has been read completely.
    @inlinable
    public var isAtEnd: Bool { pointer >= end }

    @usableFromInline
    func truncated(_ what: String, at p: UnsafeRawPointer) -> WireError {
        WireError(.truncated, offset: offset(p),
                  "\(what) ends past the end of the input; the data was cut short or is not protobuf")
    }

    // MARK: Varints

    /// Reads a varint of up to 10 bytes. The one-byte case is inlined into the caller.
    @inlinable @inline(__always)
    public mutating func readVarint() throws(WireError) -> UInt64 {
        if pointer < end {
            let first = pointer.load(as: UInt8.self)
            if first < 0x80 {
                pointer += 1
                return UInt64(first)
            }
        }
        return try readMultiByteVarint()
    }

    @inlinable
    mutating func readMultiByteVarint() throws(WireError) -> UInt64 {
        if end - pointer >= 10, let value = Varint.decodeUnchecked(&pointer) {
            return value
        }
        return try readVarintSlow()
    }

    @usableFromInline
    mutating func readVarintSlow() throws(WireError) -> UInt64 {
        let begin = pointer
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var p = pointer
        while true {
            guard p < end else { throw truncated("a varint", at: begin) }
            let byte = p.load(as: UInt8.self)
            p += 1
            if shift == 63 && byte > 1 {
                throw WireError(.malformedVarint, offset: offset(begin),
                                "a varint is longer than 10 bytes or overflows 64 bits")
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        pointer = p
        return result
    }

    // MARK: Tags

    /// Reads the next field tag, or returns `nil` at the end of the current message or group.
    ///
    /// Throws on wire types 6 and 7, field number 0 or above 2^29-1, and on end-group tags
    /// that close no group or the wrong one.
    @inlinable @inline(__always)
    public mutating func readTag() throws(WireError) -> FieldTag? {
        guard pointer < end else { return nil }
        let first = pointer.load(as: UInt8.self)
        // One-byte tags of fields 1-15 with wire type 0, 1, 2, 3 or 5 need no further checks
        // (0x2F has bits 0, 1, 2, 3 and 5 set).
        if first >= 8 && first < 0x80 && (0x2F &>> (first & 7)) & 1 != 0 {
            tagStart = pointer
            pointer += 1
            return FieldTag(rawValue: UInt32(first))
        }
        // Two-byte tags (fields 16-2047) with those wire types: a non-zero second byte makes the
        // field number at least 16, so it needs no range check either.
        if first >= 0x80 && end - pointer >= 2 {
            let second = pointer.load(fromByteOffset: 1, as: UInt8.self)
            let raw = UInt32(first & 0x7F) | UInt32(second) &<< 7
            if second != 0 && second < 0x80 && (0x2F &>> (raw & 7)) & 1 != 0 {
                tagStart = pointer
                pointer += 2
                return FieldTag(rawValue: raw)
            }
        }
        return try readTagSlow()
    }

    /// Multi-byte tags, end-group tags and malformed tags.
    @usableFromInline
    mutating func readTagSlow() throws(WireError) -> FieldTag? {
        tagStart = pointer
        let raw: UInt64
        let first = pointer.load(as: UInt8.self)
        if first < 0x80 {
            pointer += 1
            raw = UInt64(first)
        } else {
            raw = try readVarint()
        }
        let wire = raw & 7
        let number = raw >> 3
        if wire >= 6 {
            throw WireError(.invalidWireType, offset: offset(tagStart),
                            "wire type \(wire) is not defined by protobuf (field \(number))")
        }
        if number == 0 || number > UInt64(FieldTag.maxFieldNumber) {
            throw WireError(.invalidFieldNumber, offset: offset(tagStart),
                            "field number \(number) is outside 1...\(FieldTag.maxFieldNumber)")
        }
        let tag = FieldTag(rawValue: UInt32(truncatingIfNeeded: raw))
        if wire == 4 { return try endGroup(tag) }
        return tag
    }

    @usableFromInline
    mutating func endGroup(_ tag: FieldTag) throws(WireError) -> FieldTag? {
        if openGroup == 0 {
            throw WireError(.unmatchedEndGroup, offset: offset(tagStart),
                            "end-group for field \(tag.fieldNumber) appears outside any group")
        }
        if tag.fieldNumber != openGroup {
            throw WireError(.mismatchedGroup, offset: offset(tagStart),
                            "end-group for field \(tag.fieldNumber) closes the group opened by field \(openGroup)")
        }
        closedGroup = true
        return nil
    }

    // MARK: Fixed-width values

    /// Reads four little-endian bytes.
    @inlinable
    public mutating func readFixed32() throws(WireError) -> UInt32 {
        guard end - pointer >= 4 else { throw truncated("a fixed32 value", at: pointer) }
        let v = pointer.loadUnaligned(as: UInt32.self)
        pointer += 4
        return UInt32(littleEndian: v)
    }

    /// Reads eight little-endian bytes.
    @inlinable
    public mutating func readFixed64() throws(WireError) -> UInt64 {
        guard end - pointer >= 8 else { throw truncated("a fixed64 value", at: pointer) }
        let v = pointer.loadUnaligned(as: UInt64.self)
        pointer += 8
        return UInt64(littleEndian: v)
    }

    // MARK: Length-delimited values

    /// Reads a length prefix and checks it against `Int32.max` and the remaining input. A
    /// one-byte length that fits is handled inline in the caller.
    @inlinable @inline(__always)
    public mutating func readLength() throws(WireError) -> Int {
        if pointer < end {
            let first = pointer.load(as: UInt8.self)
            if first < 0x80 && Int(first) < end - pointer {
                pointer += 1
                return Int(first)
            }
        }
        return try readLengthSlow()
    }

    @usableFromInline
    mutating func readLengthSlow() throws(WireError) -> Int {
        let at = pointer
        let length = try readVarint()
        guard length <= UInt64(Int32.max) else {
            throw WireError(.invalidLength, offset: offset(at),
                            "length prefix \(length) is above the protobuf limit of 2^31-1")
        }
        let n = Int(truncatingIfNeeded: length)
        guard n <= end - pointer else {
            throw WireError(.truncated, offset: offset(at),
                            "length prefix \(n) runs \(n - (end - pointer)) bytes past the end of the input")
        }
        return n
    }

    /// Reads a length-delimited payload and returns a view of it without copying.
    ///
    /// The view borrows the input; it is valid only while the input buffer is.
    @inlinable
    public mutating func readLengthDelimited() throws(WireError) -> UnsafeRawBufferPointer {
        let n = try readLength()
        let bytes = UnsafeRawBufferPointer(start: pointer, count: n)
        pointer += n
        return bytes
    }

    /// Reads a `string` field, validating its UTF-8.
    @inlinable
    public mutating func readString() throws(WireError) -> String {
        let at = pointer
        let bytes = try readLengthDelimited()
        guard let string = UTF8Validation.string(from: bytes) else {
            throw WireError(.invalidUTF8, offset: offset(at),
                            "a string field holds bytes that are not valid UTF-8; use a bytes field for binary data")
        }
        return string
    }

    // MARK: Nesting

    /// Decodes the next length-delimited payload as a submessage, merging it into `message`.
    ///
    /// The limit narrows to the declared length and the nesting depth is checked.
    @inlinable
    public mutating func readMessage<M: ProtoMessage>(into message: inout M) throws(WireError) {
        let n = try readLength()
        try withMessageScope(length: n) { r throws(WireError) in try message._protoMerge(&r) }
    }

    /// Decodes a group whose start tag for `fieldNumber` was just read, merging it into
    /// `message`, and checks that the matching end-group tag closed it.
    @inlinable
    public mutating func readGroup<M: ProtoMessage>(fieldNumber: Int, into message: inout M) throws(WireError) {
        try withGroupScope(fieldNumber) { r throws(WireError) in try message._protoMerge(&r) }
    }
}
