// ProtoMessage+Builder.swift: `Message.with { $0.field = … }`, a message made and filled in one expression.

extension ProtoMessage {
    /// A message with every field at its default, then filled by `populator`: one expression
    /// where a `var` and a line per field would be needed, usable as an argument (the habit
    /// swift-protobuf's users have).
    ///
    /// ```swift
    /// let note = Notes_Note.with {
    ///     $0.id = "n1"
    ///     $0.tags = ["todo"]
    /// }
    /// let reply = try await client.greet(.with { $0.name = "Ada" })
    /// ```
    ///
    /// An error `populator` throws comes out of `with` unchanged.
    @inlinable
    public static func with(_ populator: (inout Self) throws -> Void) rethrows -> Self {
        var message = Self()
        try populator(&message)
        return message
    }
}
