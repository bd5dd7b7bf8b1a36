// TextFormatPrinter.swift: walks binary input with a message schema and writes the text format.

/// Prints binary protobuf as text, guided by a ``MessageSchema``, the way C++'s `TextFormat`
/// and `protoc --decode` do:
///
/// ```
/// binary fields (any order, repeats)      text (field-number order)
/// 1: 5, 3: "a", 1: 7, 2: {…}, 2: {…}  →   f1: 7                    last scalar wins
///                                         f2 { …merged… }          payloads concatenated = merge
///                                         f3: "a"
/// ```
///
/// Repeated fields print one line per value (packed runs unpacked); maps as `key`/`value`
/// entries sorted by key, the last entry of a key winning; groups under their type name;
/// extensions the registry knows as `[pkg.ext]`; `Any` expanded when the registry knows its
/// type; unknown fields (only with ``TextFormatEncodingOptions/printUnknownFields``) as
/// `number: value` after the known ones.
struct TextFormatPrinter {
    var output: [UInt8] = []
    let options: TextFormatEncodingOptions
    /// ``TextFormatEncodingOptions/registry`` with the options' generated extensions.
    let registry: SchemaRegistry
    /// The whole input, to turn payload positions into byte offsets in errors.
    let input: UnsafeRawBufferPointer
    var indent = 0
    var depth = 0

    init(options: TextFormatEncodingOptions, input: UnsafeRawBufferPointer) {
        self.options = options
        self.registry = options.extensions.isEmpty ? options.registry : options.registry.adding(options.extensions)
        self.input = input
    }

    /// The offset of `buffer` in the input, or 0 for merged payloads built by the printer.
    func base(of buffer: UnsafeRawBufferPointer) -> Int {
        guard let start = input.baseAddress, let b = buffer.baseAddress, b >= start, b <= start + input.count else { return 0 }
        return b - start
    }

    /// The text, with single-line output's trailing space removed.
    var text: String {
        var bytes = output
        if options.singleLine && bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Lines

    mutating func beginLine() {
        if !options.singleLine { output.append(contentsOf: repeatElement(0x20, count: indent * 2)) }
    }

    mutating func endLine() {
        output.append(options.singleLine ? 0x20 : 0x0A)
    }

    // MARK: Messages

    /// Prints the fields of one message body.
    mutating func printMessage(_ buffer: UnsafeRawBufferPointer, schema: MessageSchema) throws(WireError) {
        guard depth < options.maxDepth else {
            throw WireError(.depthLimitExceeded, offset: base(of: buffer),
                            "messages are nested deeper than the limit of \(options.maxDepth); raise TextFormatEncodingOptions.maxDepth if this input is trusted")
        }
        depth += 1
        defer { depth -= 1 }
        let fields = try WireFieldList.read(buffer, base: base(of: buffer), maxDepth: options.maxDepth - depth)
        if schema.fullName == "google.protobuf.Any", try printExpandedAny(fields) { return }

        var known: [Int32: (field: FieldSchema, values: [RawWireField.Value])] = [:]
        var unknown: [RawWireField] = []
        var oneofMember: [Int: Int32] = [:]
        for raw in fields {
            guard let field = schema.field(number: raw.number) ?? extensionField(of: schema, raw.number),
                  let values = try values(of: raw, as: field, unknown: &unknown) else {
                unknown.append(raw)
                continue
            }
            if let oneof = field.oneofIndex {
                // A oneof holds its last member: an earlier member's values are dropped, and
                // a message member seen again after another one starts afresh.
                if let current = oneofMember[oneof], current != field.number { known[current] = nil }
                oneofMember[oneof] = field.number
            }
            known[field.number, default: (field, [])].values.append(contentsOf: values)
        }
        for number in known.keys.sorted() {
            guard let entry = known[number] else { continue }
            try printField(entry.field, entry.values, in: schema)
        }
        if options.printUnknownFields { try printUnknown(unknown) }
    }

    private func extensionField(of schema: MessageSchema, _ number: Int32) -> FieldSchema? {
        guard schema.isExtensionNumber(number) else { return nil }
        return registry.extensionField(of: schema.fullName, number: number)
    }

    /// The values `raw` holds for `field` (a packed run unpacked), or `nil` when its wire type
    /// does not fit the field (it is then an unknown field). Closed-enum numbers the enum does
    /// not declare go to `unknown`, as the binary decoder moves them to unknown fields.
    private func values(of raw: RawWireField, as field: FieldSchema,
                        unknown: inout [RawWireField]) throws(WireError) -> [RawWireField.Value]? {
        let expected = Self.wireType(of: field.kind)
        var values: [RawWireField.Value]
        if raw.wireType == expected {
            values = [raw.value]
        } else if field.isRepeated, raw.wireType == .lengthDelimited, case .bytes(let payload) = raw.value,
                  expected != .lengthDelimited && expected != .startGroup {
            values = try Self.unpack(payload, expected, base: base(of: payload))
        } else {
            return nil
        }
        if field.isMap, let entry = field.messageSchema, let valueField = entry.field(number: 2),
           case .enumeration(let names, isClosed: true) = valueField.kind {
            // A map entry whose closed-enum value the enum does not declare is an unknown
            // field as a whole, as the binary decoder keeps it.
            var kept: [RawWireField.Value] = []
            for value in values {
                guard case .bytes(let payload) = value else { continue }
                let entryFields = try WireFieldList.read(payload, base: base(of: payload), maxDepth: options.maxDepth - depth)
                let undeclared = entryFields.contains { raw in
                    guard raw.number == 2, case .varint(let bits) = raw.value else { return false }
                    return names.name(of: Int(Int32(truncatingIfNeeded: bits))) == nil
                }
                if undeclared {
                    unknown.append(RawWireField(number: field.number, value: value))
                } else {
                    kept.append(value)
                }
            }
            return kept
        }
        if case .enumeration(let names, isClosed: true) = field.kind {
            values = values.filter { value in
                guard case .varint(let bits) = value, names.name(of: Int(Int32(truncatingIfNeeded: bits))) == nil else { return true }
                // The decoder keeps the number as an int32 sign-extended to 64 bits, as C++ does.
                let kept = RawWireField.Value.varint(UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: bits))))
                unknown.append(RawWireField(number: field.number, value: kept))
                return false
            }
        }
        return values
    }

    /// The wire type one value of `kind` travels with.
    static func wireType(of kind: FieldSchema.Kind) -> WireType {
        switch kind {
        case .int32, .int64, .uint32, .uint64, .sint32, .sint64, .bool, .enumeration: .varint
        case .fixed32, .sfixed32, .float: .fixed32
        case .fixed64, .sfixed64, .double: .fixed64
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        }
    }

    /// The values of a packed run.
    private static func unpack(_ payload: UnsafeRawBufferPointer, _ wireType: WireType, base: Int) throws(WireError) -> [RawWireField.Value] {
        var reader = WireReader(payload, options: DecodingOptions())
        var values: [RawWireField.Value] = []
        do {
            while !reader.isAtEnd {
                switch wireType {
                case .fixed32: values.append(.fixed32(try reader.readFixed32()))
                case .fixed64: values.append(.fixed64(try reader.readFixed64()))
                default: values.append(.varint(try reader.readVarint()))
                }
            }
        } catch {
            throw WireError(error.code, offset: error.offset.map { $0 + base }, "a packed field's payload is cut: \(error.message)")
        }
        return values
    }

    // MARK: Fields

    /// The name a field of `parent` prints under: `[pkg.ext]`, a group-like field's type name,
    /// or its own name.
    ///
    /// A delimited field is group-like, as protobuf defines it, when its type is declared
    /// beside it (nested in `parent`) and its name is the type's name in lower case: every
    /// proto2 `group`, and the editions fields written to stand for one. Other delimited
    /// fields of editions files print under their own name.
    static func displayName(of field: FieldSchema, in parent: MessageSchema) -> String {
        if field.isExtension { return "[\(field.name)]" }
        if case .group(let reference) = field.kind {
            let type = reference.schema
            if field.name == type.name.lowercased() && type.fullName == parent.fullName + "." + type.name {
                return String(type.name)
            }
        }
        return field.name
    }

    private mutating func printField(_ field: FieldSchema, _ values: [RawWireField.Value], in parent: MessageSchema) throws(WireError) {
        let name = Self.displayName(of: field, in: parent)
        if field.isMap, let entry = field.messageSchema {
            try printMap(name, entry, values)
            return
        }
        switch field.kind {
        case .message(let reference), .group(let reference):
            if field.isRepeated {
                for value in values {
                    switch value {
                    case .bytes(let payload), .group(let payload):
                        try printMessageField(name, payload, reference.schema)
                    default: continue
                    }
                }
            } else {
                try printMerged(name, values, reference.schema)
            }
        default:
            if field.isRepeated {
                for value in values { try printScalarLine(name, field.kind, value) }
            } else if let last = values.last {
                if field.label == .singular(hasPresence: false) && Self.isDefault(last) { return }
                try printScalarLine(name, field.kind, last)
            }
        }
    }

    /// A singular message seen several times: the payloads concatenated, which merges them.
    mutating func printMerged(_ name: String, _ values: [RawWireField.Value], _ schema: MessageSchema) throws(WireError) {
        let payloads: [UnsafeRawBufferPointer] = values.compactMap {
            switch $0 {
            case .bytes(let payload), .group(let payload): payload
            default: nil
            }
        }
        if payloads.count <= 1 {
            try printMessageField(name, payloads.first ?? UnsafeRawBufferPointer(start: nil, count: 0), schema)
            return
        }
        var merged: [UInt8] = []
        for payload in payloads { merged.append(contentsOf: payload) }
        let result: Result<Void, WireError> = merged.withUnsafeBytes { buffer in
            Result { () throws(WireError) in try self.printMessageField(name, buffer, schema) }
        }
        try result.get()
    }

    mutating func printMessageField(_ name: String, _ payload: UnsafeRawBufferPointer, _ schema: MessageSchema) throws(WireError) {
        beginLine()
        append(name)
        append(" {")
        endLine()
        indent += 1
        try printMessage(payload, schema: schema)
        indent -= 1
        beginLine()
        append("}")
        endLine()
    }

    private mutating func printScalarLine(_ name: String, _ kind: FieldSchema.Kind, _ value: RawWireField.Value) throws(WireError) {
        beginLine()
        append(name)
        append(": ")
        try appendScalar(kind, value)
        endLine()
    }

    /// Whether a value is its type's default (zero bits, empty), which implicit-presence
    /// fields do not print. Negative zero is not a default, as in C++.
    static func isDefault(_ value: RawWireField.Value) -> Bool {
        switch value {
        case .varint(let v), .fixed64(let v): v == 0
        case .fixed32(let v): v == 0
        case .bytes(let payload): payload.isEmpty
        case .group: false
        }
    }

    /// Appends one scalar value of `kind`.
    mutating func appendScalar(_ kind: FieldSchema.Kind, _ value: RawWireField.Value) throws(WireError) {
        switch (kind, value) {
        case (.int32, .varint(let v)): append(String(Int32(truncatingIfNeeded: v)))
        case (.int64, .varint(let v)): append(String(Int64(bitPattern: v)))
        case (.uint32, .varint(let v)): append(String(UInt32(truncatingIfNeeded: v)))
        case (.uint64, .varint(let v)): append(String(v))
        case (.sint32, .varint(let v)): append(String(ZigZag.decoded(UInt32(truncatingIfNeeded: v))))
        case (.sint64, .varint(let v)): append(String(ZigZag.decoded(v)))
        case (.bool, .varint(let v)): append(v != 0 ? "true" : "false")
        case (.enumeration(let names, _), .varint(let v)):
            let number = Int(Int32(truncatingIfNeeded: v))
            append(names.name(of: number) ?? String(number))
        case (.fixed32, .fixed32(let v)): append(String(v))
        case (.sfixed32, .fixed32(let v)): append(String(Int32(bitPattern: v)))
        case (.float, .fixed32(let v)): append(Self.format(Float(bitPattern: v)))
        case (.fixed64, .fixed64(let v)): append(String(v))
        case (.sfixed64, .fixed64(let v)): append(String(Int64(bitPattern: v)))
        case (.double, .fixed64(let v)): append(Self.format(Double(bitPattern: v)))
        case (.string, .bytes(let payload)):
            guard UTF8Validation.isValid(payload) else {
                throw WireError(.invalidUTF8, offset: base(of: payload),
                                "a string field holds bytes that are not valid UTF-8; use a bytes field for binary data")
            }
            appendQuoted(payload, keepUTF8: !options.escapeNonASCII)
        case (.bytes, .bytes(let payload)): appendQuoted(payload, keepUTF8: false)
        default:
            // Wire types are checked against the kind before values get here.
            append("0")
        }
    }

    /// The value a scalar field has when absent, as a raw value.
    static func defaultValue(of kind: FieldSchema.Kind) -> RawWireField.Value {
        switch wireType(of: kind) {
        case .fixed32: .fixed32(0)
        case .fixed64: .fixed64(0)
        case .lengthDelimited: .bytes(UnsafeRawBufferPointer(start: nil, count: 0))
        default: .varint(0)
        }
    }
}
