// ExtensionFields+JSON.swift: proto2 extensions in JSON: "[pkg.ext]" keys, values by field type.

extension JSONReader {
    /// Reads the value of the extension key just returned by ``nextField(_:_:)`` (as
    /// ``JSONFieldTable/extensionIndex``), resolving the name through
    /// ``JSONDecodingOptions/extensions``. Unregistered names throw
    /// ``WireError/Code/unknownJSONField`` or are skipped with
    /// ``JSONDecodingOptions/ignoreUnknownFields``.
    public mutating func readExtension<M: ExtensibleMessage>(into message: inout M) throws(WireError) {
        let name = pendingExtensionName
        guard let decoder = options.extensions.decoder(for: ObjectIdentifier(M.self), name: name) else {
            if ignoreUnknownFields { return try skipValue() }
            throw error(.unknownJSONField, at: pointer,
                        "'[\(name)]' is not an extension of \(M.protoMessageName) registered in JSONDecodingOptions.extensions")
        }
        try decoder.decodeJSON(&self, into: &message.extensionFields)
    }

    /// A singular extension value: `null` clears, anything else replaces.
    @usableFromInline
    mutating func readSingularExtension<C: WireFieldCodec>(_: C.Type, into value: inout C.Value?) throws(WireError) {
        if try readNull(for: C.self) {
            value = nil
            return
        }
        if let v = try C.readJSON(&self) { value = v }
    }

    /// A repeated extension value: an array appended, `null` clears.
    @usableFromInline
    mutating func readRepeatedExtension<C: WireFieldCodec>(_: C.Type, into value: inout [C.Value]?) throws(WireError) {
        var values = value.take() ?? []
        try readRepeated(C.self, into: &values)
        value = values
    }
}

extension OptionalExtensionField {
    /// The value.
    public static func writeJSON(_ value: Value, _ writer: inout JSONWriter) throws(WireError) { try Codec.writeJSON(value, &writer) }
    /// The value, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout Value?) throws(WireError) {
        try reader.readSingularExtension(Codec.self, into: &value)
    }
}
extension RepeatedExtensionField {
    /// An array.
    public static func writeJSON(_ value: Value, _ writer: inout JSONWriter) throws(WireError) { try writer.writeRepeated(Codec.self, value) }
    /// An array, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout Value?) throws(WireError) {
        try reader.readRepeatedExtension(Codec.self, into: &value)
    }
}
extension PackedExtensionField {
    /// An array.
    public static func writeJSON(_ value: Value, _ writer: inout JSONWriter) throws(WireError) { try writer.writeRepeated(Codec.self, value) }
    /// An array, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout Value?) throws(WireError) {
        try reader.readRepeatedExtension(Codec.self, into: &value)
    }
}
extension OptionalEnumExtensionField {
    /// The value's name.
    public static func writeJSON(_ value: E, _ writer: inout JSONWriter) throws(WireError) { WireEnum<E>.writeJSON(value, &writer) }
    /// A name or number, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout E?) throws(WireError) {
        try reader.readSingularExtension(WireEnum<E>.self, into: &value)
    }
}
extension RepeatedEnumExtensionField {
    /// An array of names.
    public static func writeJSON(_ value: [E], _ writer: inout JSONWriter) throws(WireError) { try writer.writeRepeated(WireEnum<E>.self, value) }
    /// An array, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout [E]?) throws(WireError) {
        try reader.readRepeatedExtension(WireEnum<E>.self, into: &value)
    }
}
extension PackedEnumExtensionField {
    /// An array of names.
    public static func writeJSON(_ value: [E], _ writer: inout JSONWriter) throws(WireError) { try writer.writeRepeated(WireEnum<E>.self, value) }
    /// An array, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout [E]?) throws(WireError) {
        try reader.readRepeatedExtension(WireEnum<E>.self, into: &value)
    }
}
extension OptionalMessageExtensionField {
    /// The message's JSON.
    public static func writeJSON(_ value: M, _ writer: inout JSONWriter) throws(WireError) { try value._protoWriteJSON(&writer) }
    /// An object merged into the stored message, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout M?) throws(WireError) {
        try reader.readMessage(into: &value)
    }
}
extension RepeatedMessageExtensionField {
    /// An array of objects.
    public static func writeJSON(_ value: [M], _ writer: inout JSONWriter) throws(WireError) { try writer.writeRepeated(WireMessage<M>.self, value) }
    /// An array, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout [M]?) throws(WireError) {
        try reader.readRepeatedExtension(WireMessage<M>.self, into: &value)
    }
}
extension OptionalGroupExtensionField {
    /// The group's JSON object.
    public static func writeJSON(_ value: M, _ writer: inout JSONWriter) throws(WireError) { try value._protoWriteJSON(&writer) }
    /// An object merged into the stored group, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout M?) throws(WireError) {
        try reader.readMessage(into: &value)
    }
}
extension RepeatedGroupExtensionField {
    /// An array of objects.
    public static func writeJSON(_ value: [M], _ writer: inout JSONWriter) throws(WireError) { try writer.writeRepeated(WireMessage<M>.self, value) }
    /// An array, or `null`.
    public static func readJSON(_ reader: inout JSONReader, into value: inout [M]?) throws(WireError) {
        try reader.readRepeatedExtension(WireMessage<M>.self, into: &value)
    }
}
