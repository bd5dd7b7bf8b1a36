// MessageConversion.swift: messages of any type in the schema between proto3 JSON, binary and text format, through dynamic messages.
import ProtoWire

/// Converts messages of types the CLI knows only from descriptors. Every conversion goes
/// through ProtoWire's schemas: dynamic messages for binary and proto3 JSON, the text format
/// on schema and binary bytes.
struct MessageConversion {
    let catalog: SchemaCatalog

    init(_ catalog: SchemaCatalog) throws(CLIError) {
        self.catalog = catalog
    }

    /// `json` (proto3 JSON of `type`) as binary protobuf. Bad JSON is a usage error (it is an argument).
    func binary(fromJSON json: [UInt8], type: String, source: String) throws(CLIError) -> [UInt8] {
        throw Self.unavailable
    }

    /// `json` re-written as canonical compact proto3 JSON of `type`.
    func canonicalJSON(_ json: [UInt8], type: String, source: String) throws(CLIError) -> [UInt8] {
        throw Self.unavailable
    }

    /// Binary `bytes` of `type` as canonical compact proto3 JSON; bad bytes are a data error.
    func json(fromBinary bytes: [UInt8], type: String, source: String) throws(CLIError) -> [UInt8] {
        throw Self.unavailable
    }

    /// Text format of `type` as binary protobuf.
    func binary(fromText text: String, type: String) throws(CLIError) -> [UInt8] {
        throw Self.unavailable
    }

    /// Binary `bytes` of `type` in text format.
    func text(fromBinary bytes: [UInt8], type: String) throws(CLIError) -> String {
        throw Self.unavailable
    }

    private static var unavailable: CLIError {
        CLIError(.usage, "converting messages needs dynamic messages, which this build does not have yet.")
    }
}
