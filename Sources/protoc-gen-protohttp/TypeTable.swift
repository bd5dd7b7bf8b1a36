// TypeTable.swift: every message and enum of the request, by full proto name, with Swift names.

import ProtoDescriptors

/// A message type known to the generator.
final class MessageType {
    /// The descriptor as protoc sent it.
    let descriptor: Google_Protobuf_DescriptorProto
    /// Full proto name without the leading dot, e.g. `pkg.Outer.Inner`.
    let protoName: String
    /// Full Swift name, e.g. `Pkg_Outer.Inner`.
    let swiftName: String
    /// The Swift name inside its parent (the last component).
    let relativeName: String
    /// The message's resolved features (its file's syntax or edition, enclosing messages, its own).
    let features: ProtoFeatures
    /// Path of this message in the file's SourceCodeInfo.
    let sourcePath: [Int32]
    /// The `.proto` file that declares it, as protoc names it.
    let file: String
    /// Whether this is a synthesized `map<K, V>` entry.
    var isMapEntry: Bool { descriptor.options.mapEntry }

    init(descriptor: Google_Protobuf_DescriptorProto, protoName: String, swiftName: String,
         relativeName: String, features: ProtoFeatures, sourcePath: [Int32], file: String) {
        self.descriptor = descriptor
        self.protoName = protoName
        self.swiftName = swiftName
        self.relativeName = relativeName
        self.features = features
        self.sourcePath = sourcePath
        self.file = file
    }
}

/// An enum type known to the generator, with its Swift case names worked out.
final class EnumType {
    /// One declared value.
    struct Value {
        let protoName: String
        let number: Int
        /// The case (or alias) name, sanitized (may hold backticks).
        let swiftName: String
        /// The first value with the same number, when this one is an alias of it.
        let aliasOf: Int?
        let index: Int
    }

    let descriptor: Google_Protobuf_EnumDescriptorProto
    let protoName: String
    let swiftName: String
    let relativeName: String
    /// Closed enums (`enum_type = CLOSED`, every proto2 enum) keep unknown numbers among the
    /// unknown fields; open ones (proto3's) hold them as `UNRECOGNIZED`.
    let isClosed: Bool
    let sourcePath: [Int32]
    let values: [Value]

    init(descriptor: Google_Protobuf_EnumDescriptorProto, protoName: String, swiftName: String,
         relativeName: String, isClosed: Bool, sourcePath: [Int32]) {
        self.descriptor = descriptor
        self.protoName = protoName
        self.swiftName = swiftName
        self.relativeName = relativeName
        self.isClosed = isClosed
        self.sourcePath = sourcePath
        self.values = EnumType.caseNames(descriptor)
    }

    /// The default case: the first declared value.
    var defaultValue: Value { values[0] }

    /// `.name` for a value, usable after a dot (no backticks).
    func dotted(_ v: Value) -> String { "." + Naming.trimBackticks(v.swiftName) }

    /// The value named `protoName`, for proto2 `[default = NAME]`.
    func value(named protoName: String) -> Value? { values.first { $0.protoName == protoName } }

    /// swift-protobuf's rule: strip the enum's name as a prefix, lower-camel-case, and when two
    /// values with different numbers end up with one name, suffix each with its number.
    private static func caseNames(_ e: Google_Protobuf_EnumDescriptorProto) -> [Value] {
        func candidate(_ name: String) -> String {
            Naming.lowerCamelCase(Naming.stripEnumPrefix(e.name, from: name) ?? name)
        }
        var byName: [String: [Int32]] = [:]
        for v in e.value { byName[candidate(v.name), default: []].append(v.number) }
        var firstIndexOfNumber: [Int32: Int] = [:]
        var result: [Value] = []
        for (i, v) in e.value.enumerated() {
            let base = candidate(v.name)
            let numbers = byName[base] ?? []
            var name = base
            if numbers.count > 1 && numbers.contains(where: { $0 != numbers[0] }) {
                name += v.number >= 0 ? "_\(v.number)" : "_n\(-Int(v.number))"
            }
            let aliasOf = firstIndexOfNumber[v.number]
            if aliasOf == nil { firstIndexOfNumber[v.number] = i }
            result.append(Value(protoName: v.name, number: Int(v.number), swiftName: Naming.sanitizeEnumCase(name),
                                aliasOf: aliasOf, index: i))
        }
        return result
    }
}

/// All types of all files in the request, indexed by full proto name.
struct TypeTable {
    private(set) var messages: [String: MessageType] = [:]
    private(set) var enums: [String: EnumType] = [:]
    /// Messages of each file in declaration pre-order (a message, then its nested messages).
    private(set) var messagesByFile: [String: [MessageType]] = [:]
    /// Enums of each file: top-level first, then per message in pre-order.
    private(set) var enumsByFile: [String: [EnumType]] = [:]

    /// The resolved features of each file (its syntax's rules, or its edition's with its options).
    private(set) var fileFeatures: [String: ProtoFeatures] = [:]

    /// Every file protoc sent (those to generate and all they import), by name.
    private(set) var files: [String: Google_Protobuf_FileDescriptorProto] = [:]

    /// Fails for a file whose edition or syntax the generator does not know.
    init(files: [Google_Protobuf_FileDescriptorProto]) throws(GeneratorError) {
        for file in files {
            self.files[file.name] = file
            let features: ProtoFeatures
            do {
                features = try ProtoFeatures.file(file)
            } catch {
                throw GeneratorError(error.message)
            }
            add(file, features: features)
        }
    }

    /// `name` and every file it imports, directly or not, each once: `name` first, then its
    /// imports depth first in declaration order.
    func fileWithImports(_ name: String) -> [Google_Protobuf_FileDescriptorProto] {
        var seen: Set<String> = []
        var ordered: [Google_Protobuf_FileDescriptorProto] = []
        func visit(_ name: String) {
            guard seen.insert(name).inserted, let file = files[name] else { return }
            ordered.append(file)
            for dependency in file.dependency { visit(dependency) }
        }
        visit(name)
        return ordered
    }

    private mutating func add(_ file: Google_Protobuf_FileDescriptorProto, features fileFeatures: ProtoFeatures) {
        self.fileFeatures[file.name] = fileFeatures
        let prefix = Naming.typePrefix(package: file.package,
                                       swiftPrefix: file.options.hasSwiftPrefix ? file.options.swiftPrefix : nil)
        let protoPrefix = file.package.isEmpty ? "" : file.package + "."
        var fileMessages: [MessageType] = []
        var fileEnums: [EnumType] = []
        for (i, e) in file.enumType.enumerated() {
            let relative = Naming.sanitizeTypeName(prefix + e.name, disambiguator: "Enum")
            let t = EnumType(descriptor: e, protoName: protoPrefix + e.name, swiftName: relative,
                             relativeName: relative, isClosed: fileFeatures.enumeration(e).closedEnums, sourcePath: [5, Int32(i)])
            enums[t.protoName] = t
            fileEnums.append(t)
        }
        func addMessage(_ m: Google_Protobuf_DescriptorProto, parent: MessageType?, path: [Int32]) {
            let features = (parent?.features ?? fileFeatures).message(m)
            let relative = parent == nil
                ? Naming.sanitizeTypeName(prefix + m.name, disambiguator: "Message")
                : Naming.sanitizeTypeName(m.name, disambiguator: "Message")
            let protoName = (parent.map { $0.protoName + "." } ?? protoPrefix) + m.name
            let swiftName = (parent.map { $0.swiftName + "." } ?? "") + relative
            let t = MessageType(descriptor: m, protoName: protoName, swiftName: swiftName,
                                relativeName: relative, features: features, sourcePath: path, file: file.name)
            messages[protoName] = t
            fileMessages.append(t)
            for (i, e) in m.enumType.enumerated() {
                let rel = Naming.sanitizeTypeName(e.name, disambiguator: "Enum")
                let et = EnumType(descriptor: e, protoName: protoName + "." + e.name, swiftName: swiftName + "." + rel,
                                  relativeName: rel, isClosed: features.enumeration(e).closedEnums, sourcePath: path + [4, Int32(i)])
                enums[et.protoName] = et
                fileEnums.append(et)
            }
            for (i, nested) in m.nestedType.enumerated() {
                addMessage(nested, parent: t, path: path + [3, Int32(i)])
            }
        }
        for (i, m) in file.messageType.enumerated() { addMessage(m, parent: nil, path: [4, Int32(i)]) }
        messagesByFile[file.name] = fileMessages
        enumsByFile[file.name] = fileEnums
    }

    /// The message named by a field's `type_name` (`.pkg.Msg`).
    func message(_ typeName: String) throws(GeneratorError) -> MessageType {
        guard let m = messages[String(typeName.drop(while: { $0 == "." }))] else {
            throw GeneratorError("unknown message type '\(typeName)'; protoc did not send its file")
        }
        return m
    }

    /// The enum named by a field's `type_name` (`.pkg.Enum`).
    func enumType(_ typeName: String) throws(GeneratorError) -> EnumType {
        guard let e = enums[String(typeName.drop(while: { $0 == "." }))] else {
            throw GeneratorError("unknown enum type '\(typeName)'; protoc did not send its file")
        }
        return e
    }

    /// The direct nested messages of `m`, in declaration order.
    func nestedMessages(of m: MessageType) -> [MessageType] {
        m.descriptor.nestedType.compactMap { messages[m.protoName + "." + $0.name] }
    }

    /// The direct nested enums of `m`, in declaration order.
    func nestedEnums(of m: MessageType) -> [EnumType] {
        m.descriptor.enumType.compactMap { enums[m.protoName + "." + $0.name] }
    }
}
