// SchemaRegistry+Descriptors.swift: a schema registry built from a FileDescriptorSet (protoc --descriptor_set_out).

public import ProtoWire

extension SchemaRegistry {
    /// Creates a registry of every message (nested ones and map entries' owners included) and
    /// every extension (file-level and nested `extend` blocks) declared in `fileDescriptorSet`,
    /// so messages of `.proto` files never compiled into the program can be read and written.
    ///
    /// ```sh
    /// protoc --include_imports --descriptor_set_out=api.pb -I protos api.proto
    /// ```
    ///
    /// ```swift
    /// let set = try Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)
    /// let registry = try SchemaRegistry(fileDescriptorSet: set)
    /// let request = registry.message(named: "pkg.Request")
    /// ```
    ///
    /// Map entry messages are not registered by name (as generated code has no type for
    /// them); map fields still reach their entry schema.
    ///
    /// The schemas refer to each other through one table (a message may contain itself), so
    /// they stay in memory for the rest of the process, as generated schemas do: build a
    /// registry once per descriptor set and keep it, rather than once per request.
    ///
    /// Throws a ``DescriptorError`` naming the field and the type when a field refers to a type
    /// the set does not declare (build the set with `--include_imports`), or when a declaration
    /// is malformed.
    public init(fileDescriptorSet: Google_Protobuf_FileDescriptorSet) throws(DescriptorError) {
        let index = try DescriptorIndex(fileDescriptorSet)
        let table = SchemaTable()
        let builder = SchemaBuilder(index: index, table: table)
        var all: [String: MessageSchema] = [:]
        var registered: [MessageSchema] = []
        for name in index.messageOrder {
            guard let schema = try builder.message(name) else { continue }
            all[name] = schema
            if !schema.isMapEntry { registered.append(schema) }
        }
        table.fill(all)
        var extensions: [FieldSchema] = []
        for e in index.extensions { extensions.append(try builder.extensionField(e)) }
        self.init(messages: registered, extensions: extensions)
    }
}
