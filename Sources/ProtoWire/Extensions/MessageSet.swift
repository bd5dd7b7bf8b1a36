// MessageSet.swift: the `message_set_wire_format` encoding of extensions as MessageSet items.

/// MessageSet is an old Google wire format for messages declared with
/// `option message_set_wire_format = true;`. Such a message has no fields of its own, only
/// message-typed extensions, and each extension travels as one item of a repeated group:
///
/// ```
/// item = start-group(1)  type_id(2): varint = extension number
///                        message(3): length-delimited = the extension's message
///        end-group(1)
/// ```
///
/// Decoding turns an item into the registered extension with that number; items whose
/// `type_id` is not registered (or that lack a `type_id` or a `message`) stay in the message's
/// unknown fields byte-exact. Encoding writes every singular message extension as an item,
/// `type_id` before `message`, as Google's encoders do.
@usableFromInline
enum MessageSet {
    /// The raw tag that opens an item: field 1, start-group.
    @usableFromInline static let itemStartTag: UInt32 = 1 << 3 | 3
    /// The raw tag that closes an item: field 1, end-group.
    @usableFromInline static let itemEndTag: UInt32 = 1 << 3 | 4
    /// The raw tag of `type_id`: field 2, varint.
    @usableFromInline static let typeIDTag: UInt32 = 2 << 3
    /// The raw tag of `message`: field 3, length-delimited.
    @usableFromInline static let messageTag: UInt32 = 3 << 3 | 2

    /// The size of one item holding `message` under `typeID`; reserves the message's cache slot.
    static func itemSize<M: ProtoMessage>(_ message: M, typeID: Int, _ cache: inout SizeCache) -> Int {
        4 &+ Varint.size(UInt64(typeID)) &+ WireMessage<M>.size(of: message, &cache)
    }

    /// Writes one item.
    static func writeItem<M: ProtoMessage>(_ message: M, typeID: Int, _ writer: inout WireWriter) {
        writer.writeTag(itemStartTag)
        writer.writeTag(typeIDTag)
        writer.writeVarint(UInt64(typeID))
        writer.writeTag(messageTag)
        WireMessage<M>.write(message, &writer)
        writer.writeTag(itemEndTag)
    }
}

extension ExtensionFieldSet {
    /// The encoded size of every extension in MessageSet form (items for singular message
    /// extensions, plain fields for anything else), reserving cache slots as
    /// ``writeMessageSet(_:)`` consumes them.
    @inlinable
    public func messageSetSize(_ cache: inout SizeCache) -> Int {
        if entries.isEmpty { return 0 }
        return sizeOfMessageSetItems(&cache)
    }

    /// Writes every extension in MessageSet form, ascending by field number.
    @inlinable
    public func writeMessageSet(_ writer: inout WireWriter) {
        if entries.isEmpty { return }
        writeMessageSetItems(&writer)
    }

    @usableFromInline
    func sizeOfMessageSetItems(_ cache: inout SizeCache) -> Int {
        var n = 0
        for e in entries {
            if let message = e.value.messageSetPayload {
                n &+= MessageSet.itemSize(message, typeID: e.fieldNumber, &cache)
            } else {
                n &+= e.value.size(fieldNumber: e.fieldNumber, &cache)
            }
        }
        return n
    }

    @usableFromInline
    func writeMessageSetItems(_ writer: inout WireWriter) {
        for e in entries {
            if let message = e.value.messageSetPayload {
                MessageSet.writeItem(message, typeID: e.fieldNumber, &writer)
            } else {
                e.value.write(fieldNumber: e.fieldNumber, &writer)
            }
        }
    }
}

extension WireReader {
    /// Reads a field of a `message_set_wire_format` message: a MessageSet item becomes the
    /// registered extension its `type_id` names, or stays in `unknownFields` byte-exact; any
    /// other field is read like ``readExtensionField(_:into:)`` does. Generated code calls this
    /// from the `default:` branch of MessageSet messages.
    @inlinable
    public mutating func readMessageSetField<M: ExtensibleMessage>(_ tag: FieldTag, into message: inout M) throws(WireError) {
        if tag.rawValue == MessageSet.itemStartTag {
            try readMessageSetItem(into: &message)
        } else {
            try readExtensionField(tag, into: &message)
        }
    }

    /// Reads an item whose start-group tag was just read. The item's fields may come in any
    /// order, so the `message` payloads are located first and decoded once the group is closed.
    @usableFromInline
    mutating func readMessageSetItem<M: ExtensibleMessage>(into message: inout M) throws(WireError) {
        let itemStart = tagStart
        let (typeID, payloads) = try withGroupScope(1) { r throws(WireError) in
            var typeID: UInt64?
            var payloads: [UnsafeRawPointer] = []  // where each `message` field's length prefix begins
            while let inner = try r.readTag() {
                switch inner.rawValue {
                case MessageSet.typeIDTag:
                    typeID = try r.readVarint()
                case MessageSet.messageTag:
                    payloads.append(r.pointer)
                    _ = try r.readLengthDelimited()
                default:
                    try r.skipField(inner)
                }
            }
            return (typeID, payloads)
        }
        let itemEnd = pointer
        if let typeID, typeID >= 1, typeID <= UInt64(FieldTag.maxFieldNumber), !payloads.isEmpty,
           let ext = extensions?.decoder(for: ObjectIdentifier(M.self), fieldNumber: Int(typeID)) {
            let tag = FieldTag(fieldNumber: Int(typeID), wireType: .lengthDelimited)
            var decoded = true
            for payload in payloads where decoded {
                pointer = payload
                decoded = try decode(ext, tag: tag, into: &message)
            }
            pointer = itemEnd
            // A declaration that does not take a message takes none of the payloads.
            if decoded { return }
        }
        message.unknownFields.append(UnsafeRawBufferPointer(start: itemStart, count: itemEnd - itemStart))
    }
}
