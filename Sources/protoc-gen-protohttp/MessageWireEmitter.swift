// MessageWireEmitter.swift: the `extension X: ProtoMessage` with _protoSize/_protoWrite/_protoMerge.

/// Emits a message's wire conformance. Fields are sized and written in field-number order
/// (a oneof at the position of its lowest member, the extensions of each extension range at
/// the position of that range), then the unknown fields; the decoder switches on the raw tag,
/// accepting both packed and unpacked forms of packable fields. Messages with extension
/// ranges conform to `ExtensibleMessage` and send undeclared fields through the extension
/// registry; `message_set_wire_format` messages write their extensions as MessageSet items.
struct MessageWireEmitter {
    let context: FileContext

    func emit(_ model: MessageModel, _ p: inout CodePrinter) throws(GeneratorError) {
        let access = context.access
        let conformance = model.type.isExtensible ? "ProtoWire.ExtensibleMessage" : "ProtoWire.ProtoMessage"
        try p.blockThrowing("extension \(model.type.swiftName): \(conformance) {") { p throws(GeneratorError) in
            p.line("\(access)static let protoMessageName = \"\(model.type.protoName)\"")
            p.line()
            try SchemaEmitter(context: context).emit(model, &p)
            p.line()
            Proto2Support.emitIsInitialized(model, context: context, &p)
            let order = writeOrder(model)
            p.block("\(access)func _protoSize(_ cache: inout ProtoWire.SizeCache) -> Int {") { p in
                p.line("var n = 0")
                for item in order {
                    switch item {
                    case .field(let f): sizeLines(f, &p)
                    case .oneof(let o): OneofEmitter(context: context).emitSize(o, &p)
                    case .extensions(let l, let u): p.line("n &+= extensionFields.size(in: \(l)..<\(u), &cache)")
                    case .messageSet: p.line("n &+= extensionFields.messageSetSize(&cache)")
                    }
                }
                p.line("n &+= unknownFields.count")
                p.line("return n")
            }
            p.line()
            p.block("\(access)func _protoWrite(_ w: inout ProtoWire.WireWriter) {") { p in
                for item in order {
                    switch item {
                    case .field(let f): writeLines(f, &p)
                    case .oneof(let o): OneofEmitter(context: context).emitWrite(o, &p)
                    case .extensions(let l, let u): p.line("extensionFields.write(in: \(l)..<\(u), &w)")
                    case .messageSet: p.line("extensionFields.writeMessageSet(&w)")
                    }
                }
                p.line("unknownFields.write(to: &w)")
            }
            p.line()
            p.block("\(access)mutating func _protoMerge(_ r: inout ProtoWire.WireReader) throws(ProtoWire.WireError) {") { p in
                p.block("while let tag = try r.readTag() {") { p in
                    p.switchBlock("switch tag.rawValue {") { p in
                        for f in model.fieldsByNumber {
                            if let o = f.oneof {
                                OneofEmitter(context: context).emitMerge(f, o, &p)
                            } else {
                                mergeLines(f, &p)
                            }
                        }
                        if model.type.isMessageSet {
                            p.line("default: try r.readMessageSetField(tag, into: &self)")
                        } else if model.type.isExtensible {
                            p.line("default: try r.readExtensionField(tag, into: &self)")
                        } else {
                            p.line("default: try r.skipUnknown(tag, into: &unknownFields)")
                        }
                    }
                }
            }
            JSONEmitter(context: context).emit(model, &p)
        }
    }

    private enum Item {
        case field(FieldModel)
        case oneof(OneofModel)
        /// The extensions of the range `lower..<upper`.
        case extensions(Int, Int)
        /// Every extension, as MessageSet items.
        case messageSet
    }

    private func writeOrder(_ model: MessageModel) -> [Item] {
        var items: [Item] = []
        var seen: Set<Int> = []
        let fields = model.fieldsByNumber
        var ranges = model.type.isMessageSet ? [] : ExtensionRanges.placed(model.type, fieldNumbers: fields.map(\.number))
        for f in fields {
            while let r = ranges.first, r.before == f.number {
                items.append(.extensions(r.lower, r.upper))
                ranges.removeFirst()
            }
            if let o = f.oneof {
                if seen.insert(o.index).inserted { items.append(.oneof(o)) }
            } else {
                items.append(.field(f))
            }
        }
        for r in ranges { items.append(.extensions(r.lower, r.upper)) }
        if model.type.isMessageSet { items.append(.messageSet) }
        return items
    }

    private func sizeLines(_ f: FieldModel, _ p: inout CodePrinter) {
        let v = f.value
        switch f.shape {
        case .implicit:
            p.line("if \(v.isNonDefault(f.ref)) { n &+= \(f.tagSize) &+ \(v.codec).size(of: \(f.ref), &cache) }")
        case .optional:
            let value = f.isBoxed ? "v.value" : "v"
            if v.isGroup {
                p.line("if let v = \(f.backingName) { n &+= ProtoWire.FieldSize.group(\(value), tagSize: \(f.tagSize), &cache) }")
            } else {
                // A boxed value is sized in its box: reading `v.value` would copy the message.
                let argument = f.isBoxed ? "ofBoxed: v" : "of: v"
                p.line("if let v = \(f.backingName) { n &+= \(f.tagSize) &+ \(v.codec).size(\(argument), &cache) }")
            }
        case .repeated(let packed):
            if v.isGroup {
                p.line("n &+= ProtoWire.FieldSize.repeatedGroup(\(f.ref), tagSize: \(f.tagSize), &cache)")
            } else {
                let fn = packed ? "packed" : "repeated"
                p.line("n &+= ProtoWire.FieldSize.\(fn)(\(v.codec).self, \(f.ref), tagSize: \(f.tagSize), &cache)")
            }
        case .map(let key, let value):
            p.line(MapFields.sizeLine(f, key: key, value: value))
        case .oneofMember:
            break
        }
    }

    private func writeLines(_ f: FieldModel, _ p: inout CodePrinter) {
        let v = f.value
        switch f.shape {
        case .implicit:
            p.block("if \(v.isNonDefault(f.ref)) {") { p in
                p.line("w.writeTag(\(f.tag))")
                p.line("\(v.codec).write(\(f.ref), &w)")
            }
        case .optional:
            let value = f.isBoxed ? "v.value" : "v"
            if v.isGroup {
                p.line("if let v = \(f.backingName) { w.writeGroup(\(value), fieldNumber: \(f.number)) }")
            } else {
                p.block("if let v = \(f.backingName) {") { p in
                    p.line("w.writeTag(\(f.tag))")
                    p.line("\(v.codec).write(\(f.isBoxed ? "boxed: v" : "v"), &w)")
                }
            }
        case .repeated(let packed):
            if v.isGroup {
                p.line("w.writeRepeatedGroup(\(f.ref), fieldNumber: \(f.number))")
            } else if packed {
                p.line("w.writePacked(\(v.codec).self, \(f.ref), tag: \(f.lengthDelimitedTag))")
            } else {
                p.line("w.writeRepeated(\(v.codec).self, \(f.ref), tag: \(f.tag))")
            }
        case .map(let key, let value):
            p.line(MapFields.writeLine(f, key: key, value: value))
        case .oneofMember:
            break
        }
    }

    private func mergeLines(_ f: FieldModel, _ p: inout CodePrinter) {
        let v = f.value
        let lenientString = v.protoType == .string && f.keepsInvalidUTF8
        switch f.shape {
        case .implicit where lenientString:
            p.line("case \(f.tag): if let v = try r.readString(tag, keepingInvalidIn: &unknownFields) { \(f.ref) = v }")
        case .implicit:
            p.line("case \(f.tag): \(f.ref) = try \(v.codec).read(&r)")
        case .optional:
            let b = f.backingName
            if let m = v.messageType {
                p.line("case \(f.tag):")
                p.indent()
                let target: String
                if f.isBoxed {
                    p.line("if \(b) == nil { \(b) = ProtoWire.ProtoBox(\(m.swiftName)()) }")
                    target = "&\(b)!.value"
                } else {
                    p.line("if \(b) == nil { \(b) = \(m.swiftName)() }")
                    target = "&\(b)!"
                }
                p.line(v.isGroup ? "try r.readGroup(fieldNumber: \(f.number), into: \(target))" : "try r.readMessage(into: \(target))")
                p.outdent()
            } else if let e = v.closedEnum {
                p.line("case \(f.tag):")
                p.indent()
                p.line("if let v: \(e.swiftName) = try r.readClosedEnum(tag, unknownFields: &unknownFields) { \(b) = v }")
                p.outdent()
            } else if lenientString {
                p.line("case \(f.tag): if let v = try r.readString(tag, keepingInvalidIn: &unknownFields) { \(b) = v }")
            } else {
                p.line("case \(f.tag): \(b) = try \(v.codec).read(&r)")
            }
        case .repeated:
            if v.isGroup {
                p.line("case \(f.tag): try r.readRepeatedGroup(fieldNumber: \(f.number), into: &\(f.ref))")
            } else if v.isPackable {
                let tags = "\(f.tag), \(f.lengthDelimitedTag)"
                if v.closedEnum != nil {
                    p.line("case \(tags): try r.readRepeatedClosedEnum(tag, into: &\(f.ref), unknownFields: &unknownFields)")
                } else {
                    p.line("case \(tags): try r.readRepeated(\(v.codec).self, tag, into: &\(f.ref))")
                }
            } else if lenientString {
                p.line("case \(f.tag): try r.readRepeatedString(tag, into: &\(f.ref), keepingInvalidIn: &unknownFields)")
            } else {
                p.line("case \(f.tag): try r.readRepeated(\(v.codec).self, tag, into: &\(f.ref))")
            }
        case .map(let key, let value):
            p.line(MapFields.mergeLine(f, key: key, value: value))
        case .oneofMember:
            break
        }
    }
}
