// Proto2Support.swift: proto2 specifics: declared defaults and `isInitialized` for required fields.

/// proto2 rules shared by the emitters: the value an unset field reads as, and the
/// `isInitialized` check that fails when a required field is missing here or in a submessage.
enum Proto2Support {
    /// The getter's fallback for an unset explicit-presence field: the declared default, or
    /// the type's zero (for closed enums, the first value).
    static func defaultExpression(_ field: FieldModel) throws(GeneratorError) -> String {
        if field.descriptor.hasDefaultValue {
            return try Proto2Defaults.literal(field.descriptor.defaultValue, for: field.value)
        }
        return field.value.zero
    }

    /// Emits `isInitialized` when the message or a submessage type has required fields.
    static func emitIsInitialized(_ model: MessageModel, context: FileContext, _ p: inout CodePrinter) {
        guard model.needsInitCheck else { return }
        let analysis = context.analysis
        p.doc(["Whether every required field is set, here and in the submessages that are present."])
        p.block("\(context.access)var isInitialized: Bool {") { p in
            if model.type.isExtensible { p.line("if !extensionFields.isInitialized { return false }") }
            var doneOneofs: Set<Int> = []
            for field in model.fields {
                if field.isRequired { p.line("if \(field.backingName) == nil { return false }") }
                if let oneof = field.oneof {
                    if doneOneofs.insert(oneof.index).inserted {
                        for line in OneofEmitter(context: context).initCheckLines(oneof) { p.line(line) }
                    }
                    continue
                }
                let messageType: MessageType?
                if case .map(_, let value) = field.shape { messageType = value.messageType } else { messageType = field.value.messageType }
                guard let m = messageType, analysis.needsInitCheck(m.protoName) else { continue }
                switch field.shape {
                case .repeated:
                    p.line("for v in \(field.ref) where !v.isInitialized { return false }")
                case .map:
                    p.line("for v in \(field.ref).values where !v.isInitialized { return false }")
                default:
                    let value = field.isBoxed ? "v.value" : "v"
                    p.line("if let v = \(field.backingName), !\(value).isInitialized { return false }")
                }
            }
            p.line("return true")
        }
        p.line()
    }
}
