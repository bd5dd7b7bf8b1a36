// SchemaTable.swift: the schemas of one descriptor set by full name, filled once, read by lazy references.

import ProtoWire
import Synchronization

/// Where the ``ProtoWire/MessageSchemaReference``s of schemas built from descriptors look
/// their targets up. Schemas of recursive messages refer to each other, so the table is
/// created empty, handed to every reference, and filled when every schema exists; references
/// are followed only after that.
final class SchemaTable: Sendable {
    private let schemas = Mutex<[String: MessageSchema]>([:])

    /// Adds every schema of `all`.
    func fill(_ all: [String: MessageSchema]) {
        schemas.withLock { $0.merge(all) { _, new in new } }
    }

    /// A reference to the schema named `fullName`, which the builder has checked exists.
    func reference(_ fullName: String) -> MessageSchemaReference {
        MessageSchemaReference { [self] in
            // The builder resolves every name before creating references, so the fallback
            // (an empty schema of that name) is never reached.
            schemas.withLock { $0[fullName] } ?? MessageSchema(fullName: fullName, fields: [])
        }
    }
}
