// TextFormatPrinter+Any.swift: an Any whose type the registry knows, printed as [type_url] { fields }.

extension TextFormatPrinter {
    /// Prints an `Any`'s fields as `[type.googleapis.com/pkg.Msg] { … }` when the registry
    /// resolves its type URL and its value decodes as that type; returns `false` (and prints
    /// nothing) otherwise, so the `Any` prints as its plain `type_url` and `value` fields.
    mutating func printExpandedAny(_ fields: [RawWireField]) throws(WireError) -> Bool {
        var typeURL: UnsafeRawBufferPointer?
        var value = UnsafeRawBufferPointer(start: nil, count: 0)
        for field in fields {
            switch (field.number, field.value) {
            case (1, .bytes(let payload)): typeURL = payload
            case (2, .bytes(let payload)): value = payload
            default: return false
            }
        }
        guard let typeURL, UTF8Validation.isValid(typeURL) else { return false }
        let url = String(decoding: typeURL, as: UTF8.self)
        guard url.contains("/"), let schema = options.registry.message(named: url) else { return false }
        var inner = TextFormatPrinter(options: options, input: input)
        inner.indent = indent + 1
        inner.depth = depth
        do {
            try inner.printMessage(value, schema: schema)
        } catch {
            return false
        }
        beginLine()
        append("[\(url)] {")
        endLine()
        output.append(contentsOf: inner.output)
        beginLine()
        append("}")
        endLine()
        return true
    }
}
