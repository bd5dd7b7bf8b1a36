// JSONEmitter.swift: a message's JSON field table, _protoWriteJSON and _protoMergeJSON.

/// Emits the proto3 JSON mapping of one message, inside its `ProtoMessage` extension:
///
/// ```
/// static let _protoJSONFields = JSONFieldTable("pkg.Msg", [("jsonName", "proto_name"), ...])
/// func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError)      fields in number order
/// mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError)   switch on the
///                                                    field's index in the table
/// ```
///
/// Fields are indexed in field-number order; the index of a oneof for duplicate detection is
/// the field count plus the oneof's position. Well-known types with a special JSON form get
/// hand-written methods in ProtoWire instead (``hasHandWrittenJSON(_:)``).
struct JSONEmitter {
    let context: FileContext

    /// Well-known types whose JSON form is not an object of their fields.
    static let handWritten: Set<String> = [
        "google.protobuf.Any", "google.protobuf.Duration", "google.protobuf.Timestamp",
        "google.protobuf.FieldMask", "google.protobuf.Struct", "google.protobuf.Value",
        "google.protobuf.ListValue", "google.protobuf.DoubleValue", "google.protobuf.FloatValue",
        "google.protobuf.Int64Value", "google.protobuf.UInt64Value", "google.protobuf.Int32Value",
        "google.protobuf.UInt32Value", "google.protobuf.BoolValue", "google.protobuf.StringValue",
        "google.protobuf.BytesValue",
    ]

    static func hasHandWrittenJSON(_ type: MessageType) -> Bool { handWritten.contains(type.protoName) }

    func emit(_ model: MessageModel, _ p: inout CodePrinter) {
        guard !JSONEmitter.hasHandWrittenJSON(model.type) else { return }
        let access = context.access
        let fields = model.fieldsByNumber
        let index = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.number, $0) })
        let extensible = model.type.isExtensible
        p.line()
        let names = fields.map { "(\(Proto2Defaults.swiftStringLiteral($0.jsonName)), \(Proto2Defaults.swiftStringLiteral($0.descriptor.name)))" }
        let extensibleArgument = extensible ? ", isExtensible: true" : ""
        if names.isEmpty {
            p.line("static let _protoJSONFields = ProtoWire.JSONFieldTable(\"\(model.type.protoName)\", []\(extensibleArgument))")
        } else {
            p.line("static let _protoJSONFields = ProtoWire.JSONFieldTable(\"\(model.type.protoName)\", [")
            p.indent()
            for n in names { p.line(n + ",") }
            p.outdent()
            p.line("]\(extensibleArgument))")
        }
        p.line()
        p.block("\(access)func _protoWriteJSON(_ w: inout ProtoWire.JSONWriter) throws(ProtoWire.WireError) {") { p in
            if !fields.isEmpty { p.line("let t = Self._protoJSONFields") }
            p.line("w.beginObject()")
            var seenOneofs: Set<Int> = []
            for f in fields {
                if let o = f.oneof {
                    if seenOneofs.insert(o.index).inserted { writeOneof(o, index, &p) }
                } else {
                    writeLines(f, index[f.number] ?? 0, &p)
                }
            }
            if extensible { p.line("try extensionFields.writeJSON(&w)") }
            p.line("w.endObject()")
        }
        p.line()
        p.block("\(access)mutating func _protoMergeJSON(_ r: inout ProtoWire.JSONReader) throws(ProtoWire.WireError) {") { p in
            p.line("let t = Self._protoJSONFields")
            p.line("var seen = ProtoWire.JSONSeenFields()")
            p.line("try r.beginObject()")
            if fields.isEmpty && !extensible {
                p.line("while try r.nextField(t, &seen) != nil {}")
                return
            }
            p.block("while let i = try r.nextField(t, &seen) {") { p in
                p.switchBlock("switch i {") { p in
                    for (i, f) in fields.enumerated() { mergeLine(f, i, fieldCount: fields.count, model, &p) }
                    if extensible { p.line("case ProtoWire.JSONFieldTable.extensionIndex: try r.readExtension(into: &self)") }
                    p.line("default: break")
                }
            }
        }
    }

    /// The codec used for JSON (groups are written as messages).
    private func codec(_ v: ValueType) -> String {
        v.isGroup ? "ProtoWire.WireMessage<\(v.swiftType)>" : v.codec
    }

    private func throwsOnWrite(_ v: ValueType) -> Bool { v.isMessage }

    private func writeLines(_ f: FieldModel, _ i: Int, _ p: inout CodePrinter) {
        let v = f.value
        let c = codec(v)
        let tryWrite = throwsOnWrite(v) ? "try " : ""
        switch f.shape {
        case .implicit:
            p.block("if \(v.isNonDefault(f.ref)) || w.emitDefaults {") { p in
                p.line("w.key(t, \(i))")
                p.line("\(tryWrite)\(c).writeJSON(\(f.ref), &w)")
            }
        case .optional:
            let value = f.isBoxed ? "boxed: v" : "v"
            p.block("if let v = \(f.backingName) {") { p in
                p.line("w.key(t, \(i))")
                p.line("\(tryWrite)\(c).writeJSON(\(value), &w)")
            }
        case .repeated:
            p.block("if !\(f.ref).isEmpty || w.emitDefaults {") { p in
                p.line("w.key(t, \(i))")
                p.line("try w.writeRepeated(\(c).self, \(f.ref))")
            }
        case .map(let key, let value):
            p.block("if !\(f.ref).isEmpty || w.emitDefaults {") { p in
                p.line("w.key(t, \(i))")
                p.line("try w.writeMap(\(key.codec).self, \(codec(value)).self, \(f.ref))")
            }
        case .oneofMember:
            break
        }
    }

    private func writeOneof(_ o: OneofModel, _ index: [Int: Int], _ p: inout CodePrinter) {
        p.switchBlock("switch \(o.ref) {") { p in
            for f in o.fields {
                let tryWrite = throwsOnWrite(f.value) ? "try " : ""
                p.line("case .\(f.bareName)(let v)?:")
                p.indent()
                p.line("w.key(t, \(index[f.number] ?? 0))")
                p.line("\(tryWrite)\(codec(f.value)).writeJSON(v, &w)")
                p.outdent()
            }
            p.line("case nil: break")
        }
    }

    private func mergeLine(_ f: FieldModel, _ i: Int, fieldCount: Int, _ model: MessageModel, _ p: inout CodePrinter) {
        let v = f.value
        let c = codec(v)
        switch f.shape {
        case .implicit:
            p.line("case \(i): try r.readImplicit(\(c).self, into: &\(f.ref))")
        case .optional:
            if v.isMessage {
                p.line("case \(i): try r.readMessage(into: &\(f.backingName))")
            } else {
                p.line("case \(i): try r.readOptional(\(c).self, into: &\(f.backingName))")
            }
        case .repeated:
            p.line("case \(i): try r.readRepeated(\(c).self, into: &\(f.ref))")
        case .map(let key, let value):
            p.line("case \(i): try r.readMap(\(key.codec).self, \(codec(value)).self, into: &\(f.ref))")
        case .oneofMember(let o):
            let oneofIndex = fieldCount + (model.oneofs.firstIndex { $0 === o } ?? 0)
            p.line("case \(i):")
            p.indent()
            p.block("if let v = try r.readOneofMember(\(c).self) {") { p in
                p.line("try r.claimOneof(&seen, \(oneofIndex), t)")
                p.line("\(o.ref) = .\(f.bareName)(v)")
            }
            p.outdent()
        }
    }
}
