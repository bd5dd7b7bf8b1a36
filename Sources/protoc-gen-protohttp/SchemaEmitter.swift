// SchemaEmitter.swift: a message's `_protoSchema` (its run-time MessageSchema) and extensions' schema arguments.

import ProtoDescriptors

/// Emits the run-time description of a message that the text format and dynamic messages read
/// it through, one line per field:
///
/// ```swift
/// static let _protoSchema: ProtoWire.MessageSchema = .init(fullName: "pkg.Msg", fields: [
///     .init(number: 1, name: "id", kind: .int32, label: .singular(hasPresence: false)),
///     .init(number: 2, name: "next", kind: .message(ProtoWire.MessageSchemaReference { Pkg_Msg._protoSchema }), label: .singular(hasPresence: true)),
/// ], oneofNames: ["choice"], extensionRanges: [100...199])
/// ```
///
/// Message kinds refer to other types lazily, so recursive types work; map entries, which have
/// no generated type, get their entry schema inline. The explicit type annotation keeps the
/// type checker from following the references of mutually recursive types.
struct SchemaEmitter {
    let context: FileContext

    func emit(_ model: MessageModel, _ p: inout CodePrinter) throws(GeneratorError) {
        let fields = model.fieldsByNumber
        let head = "\(context.access)static let _protoSchema: ProtoWire.MessageSchema = .init(fullName: \"\(model.type.protoName)\", fields: ["
        let tail = try arguments(model).map { ", " + $0 }.joined()
        if fields.isEmpty {
            p.line(head + "]" + tail + ")")
            return
        }
        p.line(head)
        p.indent()
        for f in fields { p.line(try fieldExpression(f, in: model) + ",") }
        p.outdent()
        p.line("]" + tail + ")")
    }

    /// The arguments after `fields:` that differ from their defaults.
    private func arguments(_ model: MessageModel) throws(GeneratorError) -> [String] {
        var out: [String] = []
        if !model.oneofs.isEmpty {
            out.append("oneofNames: [" + model.oneofs.map { "\"\($0.protoName)\"" }.joined(separator: ", ") + "]")
        }
        if model.type.isMapEntry { out.append("isMapEntry: true") }
        let ranges = model.type.descriptor.extensionRange.map { "\($0.start)...\($0.end - 1)" }
        if !ranges.isEmpty { out.append("extensionRanges: [" + ranges.joined(separator: ", ") + "]") }
        return out
    }

    /// `.init(number:name:jsonName:kind:label:isPacked:oneofIndex:validatesUTF8:)` of one field.
    private func fieldExpression(_ f: FieldModel, in model: MessageModel) throws(GeneratorError) -> String {
        var s = ".init(number: \(f.number), name: \"\(f.descriptor.name)\""
        if f.jsonName != FieldModel.defaultJSONName(f.descriptor.name) {
            s += ", jsonName: " + Proto2Defaults.swiftStringLiteral(f.jsonName)
        }
        s += ", kind: " + (try kindExpression(f))
        s += ", label: " + SchemaEmitter.label(f)
        if case .repeated(packed: true) = f.shape { s += ", isPacked: true" }
        if let oneof = f.oneof, let index = model.oneofs.firstIndex(where: { $0 === oneof }) {
            s += ", oneofIndex: \(index)"
        }
        if f.value.protoType == .string && f.keepsInvalidUTF8 { s += ", validatesUTF8: false" }
        return s + ")"
    }

    /// The `FieldSchema.Label` of a field.
    static func label(_ f: FieldModel) -> String {
        if f.isRequired { return ".required" }
        switch f.shape {
        case .implicit: return ".singular(hasPresence: false)"
        case .optional, .oneofMember: return ".singular(hasPresence: true)"
        case .repeated, .map: return ".repeated"
        }
    }

    private func kindExpression(_ f: FieldModel) throws(GeneratorError) -> String {
        if case .map = f.shape, let entry = f.value.messageType {
            let model = try MessageModel(entry, types: context.types, analysis: context.analysis)
            let fields = try model.fieldsByNumber.map { e throws(GeneratorError) in try fieldExpression(e, in: model) }
            let schema = "ProtoWire.MessageSchema(fullName: \"\(entry.protoName)\", fields: [\(fields.joined(separator: ", "))], isMapEntry: true)"
            return ".message(ProtoWire.MessageSchemaReference(\(schema)))"
        }
        return SchemaEmitter.kind(f.value)
    }

    /// The `FieldSchema.Kind` of one value type.
    static func kind(_ value: ValueType) -> String {
        switch value.kind {
        case .scalar: return "." + scalarKind(value.protoType)
        case .openEnum(let e): return ".enumeration(\(e.swiftName)._protoNames, isClosed: false)"
        case .closedEnum(let e): return ".enumeration(\(e.swiftName)._protoNames, isClosed: true)"
        case .message(let m): return ".message(ProtoWire.MessageSchemaReference { \(m.swiftName)._protoSchema })"
        case .group(let m): return ".group(ProtoWire.MessageSchemaReference { \(m.swiftName)._protoSchema })"
        }
    }

    private static func scalarKind(_ type: Google_Protobuf_FieldDescriptorProto.TypeEnum) -> String {
        switch type {
        case .double: return "double"
        case .float: return "float"
        case .int64: return "int64"
        case .uint64: return "uint64"
        case .int32: return "int32"
        case .fixed64: return "fixed64"
        case .fixed32: return "fixed32"
        case .bool: return "bool"
        case .string: return "string"
        case .bytes: return "bytes"
        case .uint32: return "uint32"
        case .sfixed32: return "sfixed32"
        case .sfixed64: return "sfixed64"
        case .sint32: return "sint32"
        case .sint64: return "sint64"
        case .enum, .message, .group: return "bytes"  // not scalars; `kind(_:)` handles them
        }
    }
}
