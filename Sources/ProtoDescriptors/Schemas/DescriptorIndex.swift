// DescriptorIndex.swift: every message, enum and extension of a descriptor set by full name, with its file's rules.

import ProtoWire

/// The declarations of a descriptor set, indexed once so field types resolve by name.
struct DescriptorIndex {
    /// A message with what its fields need to know of their surroundings.
    struct Message {
        let descriptor: Google_Protobuf_DescriptorProto
        let fullName: String
        /// The message's resolved features (file, enclosing messages, then its own).
        let features: ProtoFeatures
    }

    /// An extension field with its full name and the scope its type names resolve in.
    struct Extension {
        let descriptor: Google_Protobuf_FieldDescriptorProto
        let fullName: String
        /// The package or message the `extend` block appears in.
        let scope: String
        /// The features of the scope the `extend` block appears in.
        let features: ProtoFeatures
    }

    private(set) var messages: [String: Message] = [:]
    /// Messages in declaration order, files in set order, nested ones after their parent.
    private(set) var messageOrder: [String] = []
    private(set) var enums: [String: (names: ProtoEnumNames, isClosed: Bool)] = [:]
    private(set) var extensions: [Extension] = []
    private var declaredIn: [String: String] = [:]

    init(_ set: Google_Protobuf_FileDescriptorSet) throws(DescriptorError) {
        var seenFiles: Set<String> = []
        for file in set.file where seenFiles.insert(file.name).inserted {
            try add(file)
        }
    }

    private mutating func add(_ file: Google_Protobuf_FileDescriptorProto) throws(DescriptorError) {
        let features = try ProtoFeatures.file(file)
        let prefix = file.package.isEmpty ? "" : file.package + "."
        for e in file.enumType { try addEnum(e, prefix: prefix, features: features, file: file.name) }
        for m in file.messageType { try addMessage(m, prefix: prefix, features: features, file: file.name) }
        for f in file.extension {
            extensions.append(Extension(descriptor: f, fullName: prefix + f.name, scope: file.package, features: features))
        }
    }

    private mutating func addMessage(_ m: Google_Protobuf_DescriptorProto, prefix: String,
                                     features outer: ProtoFeatures, file: String) throws(DescriptorError) {
        let fullName = prefix + m.name
        try claim(fullName, file: file)
        let features = outer.message(m)
        messages[fullName] = Message(descriptor: m, fullName: fullName, features: features)
        messageOrder.append(fullName)
        for e in m.enumType { try addEnum(e, prefix: fullName + ".", features: features, file: file) }
        for nested in m.nestedType {
            try addMessage(nested, prefix: fullName + ".", features: features, file: file)
        }
        for f in m.extension {
            extensions.append(Extension(descriptor: f, fullName: fullName + "." + f.name, scope: fullName, features: features))
        }
    }

    private mutating func addEnum(_ e: Google_Protobuf_EnumDescriptorProto, prefix: String,
                                  features: ProtoFeatures, file: String) throws(DescriptorError) {
        let fullName = prefix + e.name
        try claim(fullName, file: file)
        let isClosed = features.enumeration(e).closedEnums
        let names = ProtoEnumNames(fullName, e.value.map { (Int($0.number), $0.name) })
        enums[fullName] = (names, isClosed)
    }

    /// Records that `file` declares `fullName`; two files declaring one name is an error.
    private mutating func claim(_ fullName: String, file: String) throws(DescriptorError) {
        if let other = declaredIn[fullName] {
            throw DescriptorError(.malformed, "'\(fullName)' is declared twice, in '\(other)' and in '\(file)'; "
                                  + "a descriptor set may declare each type once")
        }
        declaredIn[fullName] = file
    }

    /// The full name `typeName` refers to from `scope` (a package or message name): a
    /// leading dot means fully qualified, otherwise the innermost enclosing scope that
    /// declares it wins, as protoc resolves names.
    func resolve(_ typeName: String, from scope: String) -> String? {
        if typeName.hasPrefix(".") {
            let name = String(typeName.dropFirst())
            return messages[name] != nil || enums[name] != nil ? name : nil
        }
        var scope = Substring(scope)
        while true {
            let candidate = scope.isEmpty ? typeName : scope + "." + typeName
            if messages[candidate] != nil || enums[candidate] != nil { return candidate }
            guard !scope.isEmpty else { return nil }
            scope = scope.lastIndex(of: ".").map { scope[..<$0] } ?? ""
        }
    }
}
