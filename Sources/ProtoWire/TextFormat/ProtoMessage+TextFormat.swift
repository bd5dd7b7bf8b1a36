// ProtoMessage+TextFormat.swift: textFormatString(), init(textFormatString:) and debugDescription for generated messages.

extension ProtoMessage {
    /// The message in the protobuf text format, as `protoc --decode` prints it.
    ///
    /// ```swift
    /// var msg = Protohttp_Test_TestAllTypes3()
    /// msg.fInt32 = 7
    /// msg.rString = ["a", "b"]
    /// print(msg.textFormatString())
    /// // f_int32: 7
    /// // r_string: "a"
    /// // r_string: "b"
    /// print(msg.textFormatString(options: TextFormatEncodingOptions(singleLine: true)))
    /// // f_int32: 7 r_string: "a" r_string: "b"
    /// ```
    ///
    /// Extensions print as `[pkg.ext]` when ``TextFormatEncodingOptions/extensions`` (or its
    /// registry) declares them; an `Any` prints expanded when the registry knows its type.
    public func textFormatString(options: TextFormatEncodingOptions = TextFormatEncodingOptions()) -> String {
        do {
            return try TextFormat.print(serializedBytes(), schema: Self._protoSchema, options: options)
        } catch {
            // The bytes come from the encoder, so only a nesting deeper than
            // options.maxDepth gets here.
            return "# \(Self.protoMessageName) cannot be printed as text: \(error)"
        }
    }

    /// Parses a message from the protobuf text format, as `protoc --encode` reads it.
    ///
    /// ```swift
    /// let msg = try Protohttp_Test_TestAllTypes3(textFormatString: """
    ///     f_int32: 7
    ///     f_nested { a: 1 }   # a comment
    ///     r_string: ["a", "b"]
    ///     """)
    /// ```
    ///
    /// - Throws: ``WireError`` with the line and column of the problem (see
    ///   ``TextFormat/parse(_:schema:options:)``).
    public init(textFormatString text: String, options: TextFormatDecodingOptions = TextFormatDecodingOptions()) throws(WireError) {
        self.init()
        try merge(textFormatString: text, options: options)
    }

    /// Parses the text format and merges it into this message: scalars given replace those
    /// here, submessages merge, repeated fields append.
    public mutating func merge(textFormatString text: String, options: TextFormatDecodingOptions = TextFormatDecodingOptions()) throws(WireError) {
        let bytes = try TextFormat.parse(text, schema: Self._protoSchema, options: options)
        try merge(serializedBytes: bytes, options: DecodingOptions(
            maxDepth: options.maxDepth + 1, allowPartial: true, extensions: options.extensions))
    }

    /// The message in the text format, unknown fields included (`1000: 5`), as C++'s
    /// `DebugString` shows it; what `debugPrint` and the debugger show.
    public var debugDescription: String {
        textFormatString(options: TextFormatEncodingOptions(printUnknownFields: true))
    }
}
