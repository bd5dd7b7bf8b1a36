// Any+Packing.swift: packing a message into google.protobuf.Any and unpacking it by type URL.

extension Google_Protobuf_Any {
    /// The type URL prefix protobuf uses by default.
    public static let defaultTypePrefix = "type.googleapis.com"

    /// Packs `message`: its binary encoding (deterministic, so equal messages give equal
    /// `Any`s) under the type URL `<typePrefix>/<full message name>`.
    ///
    /// ```swift
    /// let any = Google_Protobuf_Any(message: point)   // "type.googleapis.com/demo.Point"
    /// let back = try any.unpack(Demo_Point.self)
    /// ```
    public init<M: ProtoMessage>(message: M, typePrefix: String = Google_Protobuf_Any.defaultTypePrefix) {
        self.init()
        var prefix = typePrefix
        while prefix.hasSuffix("/") { prefix.removeLast() }
        typeURL = prefix + "/" + M.protoMessageName
        value = message.serializedData(options: EncodingOptions(deterministic: true))
    }

    /// The full message name in ``typeURL``: the part after the last `/`.
    public var typeName: String {
        guard let slash = typeURL.lastIndex(of: "/") else { return typeURL }
        return String(typeURL[typeURL.index(after: slash)...])
    }

    /// Whether this `Any` holds a message of type `M`, judged by the type URL.
    public func isA<M: ProtoMessage>(_ type: M.Type) -> Bool {
        typeName == M.protoMessageName
    }

    /// Decodes the held message as `M`.
    ///
    /// - Throws: ``WireError`` with code ``WireError/Code/typeMismatch`` when the type URL names
    ///   another message, or the decoding error of the payload.
    public func unpack<M: ProtoMessage>(_ type: M.Type, options: DecodingOptions = DecodingOptions()) throws(WireError) -> M {
        guard isA(type) else {
            throw WireError(.typeMismatch, offset: nil,
                            "the Any holds '\(typeURL)', not \(M.protoMessageName); check isA(_:) before unpacking")
        }
        return try M(serializedBytes: value, options: options)
    }
}

extension ProtoMessage {
    /// Decodes this message from a `google.protobuf.Any` that holds it.
    ///
    /// - Throws: ``WireError`` (``WireError/Code/typeMismatch`` for another type).
    public init(unpackingAny any: Google_Protobuf_Any, options: DecodingOptions = DecodingOptions()) throws(WireError) {
        self = try any.unpack(Self.self, options: options)
    }
}
