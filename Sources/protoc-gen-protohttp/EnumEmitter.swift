// EnumEmitter.swift: a protobuf enum as a Swift enum (open with UNRECOGNIZED, or closed).

/// Emits one enum: a case per distinct number, `static let` aliases, and the `ProtoEnum`
/// members (`init()`, `init?(rawValue:)`, `rawValue`, `allCases`).
struct EnumEmitter {
    let e: EnumType
    let comments: Comments
    let access: String

    func emit(_ p: inout CodePrinter) {
        p.doc(comments.doc(e.sourcePath, fallback: ["The `\(e.protoName)` enum."]))
        let cases = e.values.filter { $0.aliasOf == nil }
        // Aliases that camel-case to a name already taken (`MOO` and `moo`) are emitted once.
        var taken = Set(cases.map(\.swiftName))
        let aliases = e.values.filter { v in
            v.aliasOf != nil && taken.insert(v.swiftName).inserted
        }
        p.block("\(access)enum \(e.relativeName): ProtoWire.ProtoEnum {") { p in
            p.line("\(access)typealias RawValue = Int")
            for v in cases {
                p.doc(comments.doc(e.sourcePath + [2, Int32(v.index)], fallback: ["\(v.protoName) = \(v.number)"]))
                p.line("case \(v.swiftName)")
            }
            if !e.isClosed {
                p.doc(["A number this version of the schema does not declare (proto3 enums are open)."])
                p.line("case UNRECOGNIZED(Int)")
            }
            p.line()
            for v in aliases {
                guard let original = v.aliasOf else { continue }
                p.doc(comments.doc(e.sourcePath + [2, Int32(v.index)],
                                   fallback: ["\(v.protoName) = \(v.number), an alias of `\(e.values[original].protoName)`."]))
                p.line("\(access)static let \(v.swiftName) = \(e.relativeName)\(e.dotted(e.values[original]))")
                p.line()
            }
            p.doc(["The default, `\(e.dotted(e.defaultValue))` (the first declared value)."])
            p.line("\(access)init() { self = \(e.dotted(e.defaultValue)) }")
            p.line()
            if e.isClosed {
                p.doc(["Fails for numbers the enum does not declare (proto2 enums are closed)."])
            } else {
                p.doc(["Never fails: unknown numbers become `.UNRECOGNIZED`."])
            }
            p.block("\(access)init?(rawValue: Int) {") { p in
                p.switchBlock("switch rawValue {") { p in
                    for v in cases { p.line("case \(v.number): self = \(e.dotted(v))") }
                    p.line(e.isClosed ? "default: return nil" : "default: self = .UNRECOGNIZED(rawValue)")
                }
            }
            p.line()
            p.doc(["The enum number."])
            p.block("\(access)var rawValue: Int {") { p in
                p.switchBlock("switch self {") { p in
                    for v in cases { p.line("case \(e.dotted(v)): return \(v.number)") }
                    if !e.isClosed { p.line("case .UNRECOGNIZED(let n): return n") }
                }
            }
            p.line()
            p.doc(["The declared cases."])
            let list = cases.map { e.dotted($0) }.joined(separator: ", ")
            p.line("\(access)static let allCases: [\(e.relativeName)] = [\(list)]")
            p.line()
            p.doc(["The protobuf names of the values, for JSON."])
            let names = e.values.map { "(\($0.number), \"\($0.protoName)\")" }.joined(separator: ", ")
            p.line("\(access)static let _protoNames = ProtoWire.ProtoEnumNames(\"\(e.protoName)\", [\(names)])")
        }
    }
}
