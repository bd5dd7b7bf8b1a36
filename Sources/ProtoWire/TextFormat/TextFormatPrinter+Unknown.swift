// TextFormatPrinter+Unknown.swift: fields the schema does not know, printed by number as C++ prints them.

extension TextFormatPrinter {
    /// Prints unknown fields as C++'s printer does: varints in decimal, fixed32/fixed64 in
    /// zero-padded hexadecimal, groups as `number { … }`, and length-delimited payloads as
    /// `number { … }` when they read as a message, else as a C-escaped string.
    mutating func printUnknown(_ fields: [RawWireField]) throws(WireError) {
        for field in fields {
            beginLine()
            append(String(field.number))
            switch field.value {
            case .varint(let v):
                append(": \(v)")
            case .fixed32(let v):
                append(": " + Self.hex(v))
            case .fixed64(let v):
                append(": " + Self.hex(v))
            case .group(let body):
                try printUnknownBlock(WireFieldList.read(body, base: base(of: body), maxDepth: options.maxDepth - depth))
                continue
            case .bytes(let payload):
                if !payload.isEmpty, depth < options.maxDepth,
                   let inner = try? WireFieldList.read(payload, base: 0, maxDepth: options.maxDepth - depth) {
                    try printUnknownBlock(inner)
                    continue
                }
                append(": ")
                appendQuoted(payload, keepUTF8: false)
            }
            endLine()
        }
    }

    /// ` {`, the fields one level deeper, `}`: the rest of a line begun with the number.
    private mutating func printUnknownBlock(_ fields: [RawWireField]) throws(WireError) {
        guard depth < options.maxDepth else {
            throw WireError(.depthLimitExceeded, offset: nil,
                            "unknown fields are nested deeper than the limit of \(options.maxDepth)")
        }
        append(" {")
        endLine()
        indent += 1
        depth += 1
        try printUnknown(fields)
        depth -= 1
        indent -= 1
        beginLine()
        append("}")
        endLine()
    }
}
