// MessageEmitter.swift: the data-only struct of a message: properties, has/clear, nested types.

/// Emits a message's `public struct` (fields, oneof, unknown fields, nested types, `init()`);
/// the wire conformance goes in a separate extension, see ``MessageWireEmitter``.
struct MessageEmitter {
    let context: FileContext

    func emit(_ model: MessageModel, _ p: inout CodePrinter) throws(GeneratorError) {
        let access = context.access
        let type = model.type
        p.doc(context.comments.doc(type.sourcePath, fallback: ["The `\(type.protoName)` message."]))
        try p.blockThrowing("\(access)struct \(type.relativeName): Sendable, Hashable {") { p throws(GeneratorError) in
            var emittedOneofs: Set<Int> = []
            for field in model.fields {
                if let oneof = field.oneof {
                    if !emittedOneofs.contains(oneof.index) {
                        emittedOneofs.insert(oneof.index)
                        OneofEmitter(context: context).emitProperty(oneof, &p)
                    }
                    OneofEmitter(context: context).emitAccessor(field, oneof, &p)
                } else {
                    try emitField(field, &p)
                }
                p.line()
            }
            p.doc(["Fields this schema does not know, kept byte-exact."])
            p.line("\(access)var unknownFields = ProtoWire.UnknownFields()")
            p.line()
            if type.isExtensible {
                p.doc(["The extension fields present; read them through the extensions' accessors."])
                p.line("\(access)var extensionFields = ProtoWire.ExtensionFieldSet()")
                p.line()
            }
            for oneof in model.oneofs {
                OneofEmitter(context: context).emitEnum(oneof, &p)
                p.line()
            }
            for e in context.types.nestedEnums(of: type) {
                EnumEmitter(e: e, comments: context.comments, access: access).emit(&p)
                p.line()
            }
            for nested in context.types.nestedMessages(of: type) where !nested.isMapEntry {
                try emit(try MessageModel(nested, types: context.types, analysis: context.analysis), &p)
                p.line()
            }
            p.doc(["Creates a message with every field at its default."])
            p.line("\(access)init() {}")
        }
    }

    private func emitField(_ field: FieldModel, _ p: inout CodePrinter) throws(GeneratorError) {
        let access = context.access
        let docs = context.comments.doc(field.sourcePath, fallback: [try fallbackDoc(field)])
        p.doc(docs)
        switch field.shape {
        case .implicit:
            p.line("\(access)var \(field.name): \(field.propertyType) = \(field.value.zero)")
        case .repeated:
            p.line("\(access)var \(field.name): \(field.propertyType) = []")
        case .map:
            // `Dictionary()` is the shared empty storage; `[:]` runs the literal initializer at
            // every message init, which a message with many map fields pays on each decode.
            p.line("\(access)var \(field.name): \(field.propertyType) = \(field.propertyType)()")
        case .optional:
            let type = field.value.swiftType
            let fallback = try Proto2Support.defaultExpression(field)
            let backing = field.backingName
            p.block("\(access)var \(field.name): \(type) {") { p in
                if field.isBoxed {
                    p.line("get { \(backing)?.value ?? \(fallback) }")
                    p.line("set { \(backing) = ProtoWire.ProtoBox(newValue) }")
                } else {
                    p.line("get { \(backing) ?? \(fallback) }")
                    p.line("set { \(backing) = newValue }")
                }
            }
            p.doc(["Whether `\(field.bareName)` is set."])
            p.line("\(access)var \(field.hasName): Bool { \(backing) != nil }")
            p.doc(["Clears `\(field.bareName)`."])
            p.line("\(access)mutating func \(field.clearName)() { \(backing) = nil }")
            let storage = field.isBoxed ? "ProtoWire.ProtoBox<\(type)>" : type
            p.line("var \(backing): \(storage)? = nil")
        case .oneofMember:
            break
        }
    }

    /// `Field 3.`, with the declared default and `(required)` where they apply.
    private func fallbackDoc(_ field: FieldModel) throws(GeneratorError) -> String {
        var s = "Field \(field.number)"
        if field.isRequired { s += " (required)" }
        if field.descriptor.hasDefaultValue {
            let raw = field.descriptor.defaultValue
            let shown = field.value.protoType == .string || field.value.protoType == .bytes
                ? Proto2Defaults.swiftStringLiteral(raw) : raw
            s += "; default `\(shown)`"
        }
        if field.isBoxed { s += "; kept in copy-on-write heap storage, as its type can contain this message" }
        return s + "."
    }
}

extension CodePrinter {
    /// ``block(_:closer:_:)`` for bodies that throw.
    mutating func blockThrowing(_ opener: String, _ body: (inout CodePrinter) throws(GeneratorError) -> Void) throws(GeneratorError) {
        line(opener)
        indent()
        try body(&self)
        outdent()
        line("}")
    }
}
