// OneofEmitter.swift: a `oneof` as an optional Swift enum with one accessor per member.

/// Emits the oneof property, its `OneOf_X` enum, the member accessors, and the oneof's
/// share of `isInitialized`, `_protoSize`, `_protoWrite` and `_protoMerge`.
struct OneofEmitter {
    let context: FileContext

    func emitProperty(_ oneof: OneofModel, _ p: inout CodePrinter) {
        p.doc(context.comments.doc(oneof.sourcePath,
                                   fallback: ["The `\(oneof.protoName)` oneof: at most one of its fields is set."]))
        p.line("\(context.access)var \(oneof.propertyName): \(oneof.enumName)? = nil")
        p.line()
    }

    func emitAccessor(_ field: FieldModel, _ oneof: OneofModel, _ p: inout CodePrinter) {
        p.doc(context.comments.doc(field.sourcePath, fallback: ["Field \(field.number), in oneof `\(oneof.bareName)`."]))
        let caseName = "." + field.bareName
        p.block("\(context.access)var \(field.name): \(field.value.swiftType) {") { p in
            p.block("get {") { p in
                p.line("if case \(caseName)(let v)? = \(oneof.propertyName) { return v }")
                p.line("return \(field.value.zero)")
            }
            p.line("set { \(oneof.propertyName) = \(caseName)(newValue) }")
        }
    }

    func emitEnum(_ oneof: OneofModel, _ p: inout CodePrinter) {
        p.doc(["The cases of the `\(oneof.protoName)` oneof."])
        p.block("\(context.access)enum \(oneof.enumName): Sendable, Hashable {") { p in
            for field in oneof.fields {
                p.doc(["Field `\(field.bareName)` (\(field.number))."])
                let indirect = field.isBoxed ? "indirect " : ""
                p.line("\(indirect)case \(field.name)(\(field.value.swiftType))")
            }
        }
    }

    /// `isInitialized` lines for members whose message type has required fields.
    func initCheckLines(_ oneof: OneofModel) -> [String] {
        oneof.fields.compactMap { field in
            guard let m = field.value.messageType, context.analysis.needsInitCheck(m.protoName) else { return nil }
            return "if case .\(field.bareName)(let v)? = \(oneof.ref), !v.isInitialized { return false }"
        }
    }

    func emitSize(_ oneof: OneofModel, _ p: inout CodePrinter) {
        p.switchBlock("switch \(oneof.ref) {") { p in
            for field in oneof.fields {
                let v = field.value
                let size = v.isGroup
                    ? "ProtoWire.FieldSize.group(v, tagSize: \(field.tagSize), &cache)"
                    : "\(field.tagSize) &+ \(v.codec).size(of: v, &cache)"
                p.line("case .\(field.bareName)(let v)?: n &+= \(size)")
            }
            p.line("case nil: break")
        }
    }

    func emitWrite(_ oneof: OneofModel, _ p: inout CodePrinter) {
        p.switchBlock("switch \(oneof.ref) {") { p in
            for field in oneof.fields {
                let v = field.value
                if v.isGroup {
                    p.line("case .\(field.bareName)(let v)?: w.writeGroup(v, fieldNumber: \(field.number))")
                } else {
                    p.line("case .\(field.bareName)(let v)?:")
                    p.indent()
                    p.line("w.writeTag(\(field.tag))")
                    p.line("\(v.codec).write(v, &w)")
                    p.outdent()
                }
            }
            p.line("case nil: break")
        }
    }

    func emitMerge(_ field: FieldModel, _ oneof: OneofModel, _ p: inout CodePrinter) {
        let v = field.value
        let prop = oneof.ref
        let caseName = "." + field.bareName
        if let m = v.messageType {
            p.line("case \(field.tag):")
            p.indent()
            p.line("var v = \(m.swiftName)()")
            p.block("if case \(caseName)(let old)? = \(prop) {") { p in
                p.line("v = old")
                p.line("\(prop) = nil")
            }
            p.line(v.isGroup ? "try r.readGroup(fieldNumber: \(field.number), into: &v)" : "try r.readMessage(into: &v)")
            p.line("\(prop) = \(caseName)(v)")
            p.outdent()
        } else if let e = v.closedEnum {
            p.line("case \(field.tag):")
            p.indent()
            p.line("if let v: \(e.swiftName) = try r.readClosedEnum(tag, unknownFields: &unknownFields) { \(prop) = \(caseName)(v) }")
            p.outdent()
        } else if v.protoType == .string && field.keepsInvalidUTF8 {
            p.line("case \(field.tag):")
            p.indent()
            p.line("if let v = try r.readString(tag, keepingInvalidIn: &unknownFields) { \(prop) = \(caseName)(v) }")
            p.outdent()
        } else {
            p.line("case \(field.tag): \(prop) = \(caseName)(try \(v.codec).read(&r))")
        }
    }
}
