// MessageConversion.swift: messages of any type in the schema between proto3 JSON, binary and text format, through dynamic messages.
import ProtoDescriptors
import ProtoWire

/// Converts messages of types the CLI knows only from descriptors. Every conversion goes
/// through ProtoWire's run-time schemas (``SchemaRegistry`` built from the descriptor set):
/// dynamic messages for binary and proto3 JSON, the text format on schema and binary bytes.
struct MessageConversion {
    let catalog: SchemaCatalog
    /// Every message and extension of the schema, for `Any` and extensions too.
    let registry: SchemaRegistry
    /// The schema's extensions alone, for printing text as `protoc --decode` does: it prints
    /// `[pkg.ext]` for extensions but leaves an `Any` as `type_url` and `value` (C++'s printer
    /// expands `Any` only when asked to).
    let extensionsOnly: SchemaRegistry

    init(_ catalog: SchemaCatalog) throws(CLIError) {
        self.catalog = catalog
        do {
            registry = try SchemaRegistry(fileDescriptorSet: catalog.set)
        } catch {
            throw CLIError(.usage, "the schema's descriptors do not describe usable messages: \(error)")
        }
        let registry = registry
        extensionsOnly = SchemaRegistry(extensions: catalog.extensions.compactMap { registry.extensionField(of: $0.extendee, number: $0.number) })
    }

    /// The schema of `type`, which the catalogue has already checked.
    func schema(_ type: String) throws(CLIError) -> MessageSchema {
        guard let schema = registry.message(named: type) else {
            throw CLIError(.usage, "the schema has no message type \(type); give its full name, package included (pkg.Message).")
        }
        return schema
    }

    /// `json` (proto3 JSON of `type`) as binary protobuf. Bad JSON is a usage error (it is an argument).
    func binary(fromJSON json: [UInt8], type: String, source: String) throws(CLIError) -> [UInt8] {
        try dynamic(fromJSON: json, type: type, source: source, lenient: false).serializedBytes()
    }

    /// `json` re-written as canonical compact proto3 JSON of `type`. A request (`lenient`
    /// false) must name only fields the schema has, and bad JSON is a usage error; a response
    /// (`lenient`) may carry fields a newer schema added, which are dropped, and bad JSON is a
    /// data error.
    func canonicalJSON(_ json: [UInt8], type: String, source: String, lenient: Bool = false) throws(CLIError) -> [UInt8] {
        try write(dynamic(fromJSON: json, type: type, source: source, lenient: lenient), type: type, source: source)
    }

    /// Binary `bytes` of `type` as canonical compact proto3 JSON; bad bytes are a data error.
    func json(fromBinary bytes: [UInt8], type: String, source: String) throws(CLIError) -> [UInt8] {
        let schema = try schema(type)
        let message: DynamicMessage
        do {
            message = try DynamicMessage(schema: schema, serializedBytes: bytes, extensions: registry)
        } catch {
            throw CLIError(.data, "\(source) is not a valid binary \(type): \(error)")
        }
        return try write(message, type: type, source: source)
    }

    /// `message` as compact proto3 JSON, `Any` payloads resolved through the schema.
    private func write(_ message: DynamicMessage, type: String, source: String) throws(CLIError) -> [UInt8] {
        do {
            return Array(try message.jsonString(registry: registry).utf8)
        } catch {
            throw CLIError(.data, "\(source) (a \(type)) cannot be written as proto3 JSON: \(error)")
        }
    }

    /// Text format of `type` as binary protobuf.
    func binary(fromText text: String, type: String) throws(CLIError) -> [UInt8] {
        let schema = try schema(type)
        do {
            return try TextFormat.parse(text, schema: schema, options: TextFormatDecodingOptions(registry: registry))
        } catch {
            throw CLIError(.data, "standard input is not a \(type) in text format: \(error)")
        }
    }

    /// Binary `bytes` of `type` in text format, unknown fields by number (as protoc --decode).
    func text(fromBinary bytes: [UInt8], type: String) throws(CLIError) -> String {
        let schema = try schema(type)
        do {
            return try TextFormat.print(bytes, schema: schema, options: TextFormatEncodingOptions(registry: extensionsOnly, printUnknownFields: true, escapeNonASCII: true))
        } catch {
            throw CLIError(.data, "standard input is not a valid binary \(type): \(error)")
        }
    }

    private func dynamic(fromJSON json: [UInt8], type: String, source: String, lenient: Bool) throws(CLIError) -> DynamicMessage {
        let schema = try schema(type)
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = lenient
        do {
            return try DynamicMessage(schema: schema, jsonString: String(decoding: json, as: UTF8.self), registry: registry, options: options)
        } catch {
            throw CLIError(lenient ? .data : .usage, "\(source) is not valid proto3 JSON for \(type): \(error)")
        }
    }
}
