// TextFormat.swift: the text format's schema-level entry points: print binary as text, parse text to binary.

/// The protobuf text format (what `protoc --decode` prints and `protoc --encode` reads),
/// for any message described by a ``MessageSchema``: generated messages through their
/// `_protoSchema`, dynamic messages and the CLI through schemas built from descriptors.
///
/// Both directions work on binary protobuf, so one implementation serves every kind of
/// message:
///
/// ```swift
/// let text = try TextFormat.print(bytes, schema: Demo_Point._protoSchema)   // "x: 3\ny: 4\n"
/// let back = try TextFormat.parse("x: 3 y: 4", schema: Demo_Point._protoSchema)
/// ```
///
/// Errors are ``WireError``s: for `parse`, with the ``WireError/line`` and
/// ``WireError/column`` of the token at fault and a message that says what was expected.
public enum TextFormat {
    /// Prints the binary message `bytes` of type `schema` as text.
    ///
    /// - Throws: ``WireError`` when `bytes` is not a valid encoding of the message (a
    ///   truncated field, invalid UTF-8 in a `string` field, nesting deeper than
    ///   ``TextFormatEncodingOptions/maxDepth``).
    public static func print(_ bytes: [UInt8], schema: MessageSchema,
                             options: TextFormatEncodingOptions = TextFormatEncodingOptions()) throws(WireError) -> String {
        let result: Result<String, WireError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in try print(buffer: buffer, schema: schema, options: options) }
        }
        return try result.get()
    }

    /// Prints the binary message in `buffer` of type `schema` as text.
    public static func print(buffer: UnsafeRawBufferPointer, schema: MessageSchema,
                             options: TextFormatEncodingOptions = TextFormatEncodingOptions()) throws(WireError) -> String {
        var printer = TextFormatPrinter(options: options, input: buffer)
        try printer.printMessage(buffer, schema: schema)
        return printer.text
    }

    /// Parses `text` as a message of type `schema` and returns its binary encoding, fields
    /// in field-number order.
    ///
    /// - Throws: ``WireError`` with line and column: ``WireError/Code/malformedText``,
    ///   ``WireError/Code/invalidTextValue``, ``WireError/Code/unknownTextField``,
    ///   ``WireError/Code/duplicateTextField``, ``WireError/Code/invalidUTF8``,
    ///   ``WireError/Code/missingRequiredFields`` or ``WireError/Code/depthLimitExceeded``.
    public static func parse(_ text: String, schema: MessageSchema,
                             options: TextFormatDecodingOptions = TextFormatDecodingOptions()) throws(WireError) -> [UInt8] {
        var parser = try TextFormatParser(Array(text.utf8), options: options)
        return try parser.parseTopLevel(schema)
    }
}
