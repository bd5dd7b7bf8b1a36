// TextFormatParser.swift: parses text format fields against a message schema into binary protobuf.

/// Parses the text format, guided by a ``MessageSchema``, into binary protobuf.
///
/// ```
/// message  := field* (end of input, or the closing '}' / '>' of a submessage)
/// field    := name ':' value | name ':'? '{' message '}' | name ':'? '<' message '>'
///             | name ':' '[' values? ']'        (repeated fields; ':'? for messages)
///             then at most one ',' or ';'
/// name     := identifier | '[' pkg.extension ']' | '[' type.googleapis.com/pkg.Msg ']' (in Any)
/// ```
///
/// Fields are found by name (a group also by its type name); unknown names, a non-repeated
/// field given twice and two members of one oneof are errors; `required` fields must be
/// present unless ``TextFormatDecodingOptions/allowPartial``. Every error is a ``WireError``
/// carrying the byte offset, line and column of the token at fault.
struct TextFormatParser {
    var scanner: TextFormatScanner
    var token: TextFormatToken
    let options: TextFormatDecodingOptions
    /// ``TextFormatDecodingOptions/registry`` with the options' generated extensions.
    let registry: SchemaRegistry
    var depth = 0

    init(_ input: [UInt8], options: TextFormatDecodingOptions) throws(WireError) {
        scanner = TextFormatScanner(input)
        self.options = options
        registry = options.extensions.isEmpty ? options.registry : options.registry.adding(options.extensions)
        token = try scanner.next()
    }

    /// What one message has seen so far: non-repeated fields and oneof members.
    struct Seen {
        var numbers: Set<Int32> = []
        var oneofs: [Int: String] = [:]
    }

    // MARK: Tokens

    mutating func advance() throws(WireError) {
        token = try scanner.next()
    }

    /// Consumes the symbol `c` if it is next.
    mutating func consume(_ c: UInt8) throws(WireError) -> Bool {
        guard token.isSymbol(c) else { return false }
        try advance()
        return true
    }

    func error(_ code: WireError.Code, at token: TextFormatToken, _ message: String) -> WireError {
        scanner.error(code, at: token.start, message)
    }

    /// A grammar error at the current token, naming what was expected.
    func expected(_ what: String) -> WireError {
        error(.malformedText, at: token, "expected \(what) but found \(scanner.describe(token))")
    }

    // MARK: Messages

    /// Parses the whole input as one message of `schema`.
    mutating func parseTopLevel(_ schema: MessageSchema) throws(WireError) -> [UInt8] {
        var output = TextFormatMessageOutput()
        try parseFields(into: &output, schema, closing: nil)
        return output.finish()
    }

    /// Parses a submessage whose opening `{` or `<` is the current token.
    mutating func parseSubmessage(_ schema: MessageSchema, fieldName: String) throws(WireError) -> [UInt8] {
        let closing: UInt8
        if token.isSymbol(0x7B) {
            closing = 0x7D
        } else if token.isSymbol(0x3C) {
            closing = 0x3E
        } else {
            throw expected("'{' or '<' to open message field '\(fieldName)'")
        }
        guard depth < options.maxDepth else {
            throw error(.depthLimitExceeded, at: token,
                        "messages are nested deeper than the limit of \(options.maxDepth); raise TextFormatDecodingOptions.maxDepth if this input is trusted")
        }
        try advance()
        depth += 1
        defer { depth -= 1 }
        var output = TextFormatMessageOutput()
        try parseFields(into: &output, schema, closing: closing)
        return output.finish()
    }

    /// Parses fields up to `closing` (consumed) or, at the top level, the end of the input.
    mutating func parseFields(into output: inout TextFormatMessageOutput, _ schema: MessageSchema, closing: UInt8?) throws(WireError) {
        var seen = Seen()
        while true {
            if let closing, token.isSymbol(closing) { break }
            if token.kind == .end {
                if let closing {
                    throw expected("a field name or '\(Character(Unicode.Scalar(closing)))' to close \(schema.fullName)")
                }
                break
            }
            try parseField(into: &output, schema, &seen)
            if token.isSymbol(0x2C) || token.isSymbol(0x3B) { try advance() }
        }
        if !options.allowPartial {
            for field in schema.fields where field.label == .required && !seen.numbers.contains(field.number) {
                throw error(.missingRequiredFields, at: token,
                            "\(schema.fullName) lacks required field '\(field.name)'; set it, or parse with TextFormatDecodingOptions(allowPartial: true)")
            }
        }
        if closing != nil { try advance() }
    }

    // MARK: Fields

    /// Finds the field named by the current token(s), consuming the name.
    mutating func parseField(into output: inout TextFormatMessageOutput, _ schema: MessageSchema, _ seen: inout Seen) throws(WireError) {
        let nameToken = token
        let field: FieldSchema
        if token.isSymbol(0x5B) {
            let name = try parseBracketedName()
            if name.contains("/") {
                try parseExpandedAny(url: name, at: nameToken, into: &output, schema, &seen)
                return
            }
            guard let found = registry.extensionField(named: name) else {
                throw error(.unknownTextField, at: nameToken,
                            "[\(name)] is not a known extension; register it in TextFormatDecodingOptions.registry")
            }
            guard found.extendee == schema.fullName else {
                throw error(.unknownTextField, at: nameToken,
                            "[\(name)] extends \(found.extendee ?? "another message"), not \(schema.fullName)")
            }
            field = found
        } else if token.kind == .identifier {
            let name = scanner.text(of: token)
            guard let found = Self.field(named: name, in: schema) else {
                throw error(.unknownTextField, at: nameToken, "\(schema.fullName) has no field named '\(name)'")
            }
            field = found
            try advance()
        } else {
            throw expected("a field name")
        }
        try checkNotSeen(field, at: nameToken, &seen)
        try parseValue(of: field, in: schema, into: &output)
    }

    /// The field `name` refers to: its own name, or a group-like field's type name
    /// (`OptionalGroup` for field `optionalgroup`), as C++ and Python parsers accept both.
    static func field(named name: String, in schema: MessageSchema) -> FieldSchema? {
        if let field = schema.field(named: name) { return field }
        guard let field = schema.field(named: name.lowercased()), case .group = field.kind,
              TextFormatPrinter.displayName(of: field, in: schema) == name else { return nil }
        return field
    }

    /// Reads `[a.b.c]` or `[host/a.b.C]` and returns what is between the brackets.
    mutating func parseBracketedName() throws(WireError) -> String {
        try advance()
        var name = ""
        while !token.isSymbol(0x5D) {
            if token.kind == .identifier || token.isSymbol(0x2E) || token.isSymbol(0x2F) {
                name += scanner.text(of: token)
                try advance()
            } else {
                throw expected(name.isEmpty ? "an extension name or type URL after '['" : "']' to end [\(name)")
            }
        }
        try advance()
        return name
    }

    /// Rejects a non-repeated field given twice, and a second member of one oneof.
    mutating func checkNotSeen(_ field: FieldSchema, at nameToken: TextFormatToken, _ seen: inout Seen) throws(WireError) {
        guard !field.isRepeated else { return }
        if seen.numbers.contains(field.number) {
            throw error(.duplicateTextField, at: nameToken,
                        "field '\(field.name)' is given twice; it is not repeated, so give it once")
        }
        if let oneof = field.oneofIndex {
            if let other = seen.oneofs[oneof] {
                throw error(.duplicateTextField, at: nameToken,
                            "fields '\(other)' and '\(field.name)' are both members of one oneof; give only one")
            }
            seen.oneofs[oneof] = field.name
        }
        seen.numbers.insert(field.number)
    }

    /// Parses what follows a field's name: `: value`, `: [values]`, or a message.
    mutating func parseValue(of field: FieldSchema, in parent: MessageSchema, into output: inout TextFormatMessageOutput) throws(WireError) {
        let inMapEntry = parent.isMapEntry
        let name = TextFormatPrinter.displayName(of: field, in: parent)
        if let schema = field.messageSchema {
            _ = try consume(0x3A)
            if field.isRepeated && token.isSymbol(0x5B) {
                try parseList { (parser: inout TextFormatParser) throws(WireError) in
                    try parser.parseMessageValue(of: field, schema, name, into: &output)
                }
            } else {
                try parseMessageValue(of: field, schema, name, into: &output)
            }
            return
        }
        guard try consume(0x3A) else { throw expected("':' after field name '\(name)'") }
        if token.isSymbol(0x5B) {
            guard field.isRepeated else {
                throw error(.invalidTextValue, at: token, "field '\(name)' is not repeated; a list [...] is only for repeated fields")
            }
            try parseList { (parser: inout TextFormatParser) throws(WireError) in
                try parser.parseScalar(of: field, inMapEntry: inMapEntry, into: &output)
            }
        } else {
            try parseScalar(of: field, inMapEntry: inMapEntry, into: &output)
        }
    }

    /// Parses `[v, v, ...]` (possibly empty) with `element` for each value.
    mutating func parseList(_ element: (inout TextFormatParser) throws(WireError) -> Void) throws(WireError) {
        try advance()
        if try consume(0x5D) { return }
        while true {
            try element(&self)
            if try consume(0x2C) { continue }
            guard try consume(0x5D) else { throw expected("',' or ']' in a list") }
            return
        }
    }

    mutating func parseMessageValue(of field: FieldSchema, _ schema: MessageSchema, _ name: String,
                                    into output: inout TextFormatMessageOutput) throws(WireError) {
        let body = try parseSubmessage(schema, fieldName: name)
        if case .group = field.kind {
            output.appendGroup(body, number: field.number)
        } else {
            output.appendLengthDelimited(body, number: field.number)
        }
    }

    /// `[type.googleapis.com/pkg.Msg] { ... }` inside an `Any`: the message parsed with the
    /// registry's schema, written as the Any's `type_url` and `value`.
    mutating func parseExpandedAny(url: String, at nameToken: TextFormatToken, into output: inout TextFormatMessageOutput,
                                   _ schema: MessageSchema, _ seen: inout Seen) throws(WireError) {
        guard schema.fullName == "google.protobuf.Any" else {
            throw error(.unknownTextField, at: nameToken,
                        "[\(url)] is a type URL, which only google.protobuf.Any may hold, not \(schema.fullName)")
        }
        guard let inner = registry.message(named: url) else {
            throw error(.invalidTextValue, at: nameToken,
                        "the Any type \(url) is not known; register its schema in TextFormatDecodingOptions.registry")
        }
        if !seen.numbers.isDisjoint(with: [1, 2]) {
            throw error(.duplicateTextField, at: nameToken, "this Any already has a type_url or value; give one expanded message or the two fields")
        }
        seen.numbers.formUnion([1, 2])
        _ = try consume(0x3A)
        let body = try parseSubmessage(inner, fieldName: "[\(url)]")
        output.appendLengthDelimited(Array(url.utf8), number: 1)
        output.appendLengthDelimited(body, number: 2)
    }
}
