// ReflectionIndex.swift: what server reflection looks up: services, files by name, the file of each symbol and of each extension.
import ProtoWire

/// The descriptors of a server's services, indexed for the reflection protocol's questions.
/// Built once, from every registered service's ``ProtoFileDescriptors`` (read for their names only,
/// `descriptor_names.proto`); a file several services share (or import) is kept once, under its name.
struct ReflectionIndex: Sendable {
    /// The fully qualified names of the services, sorted.
    let services: [String]
    /// Each file's serialized `FileDescriptorProto`, by the name protoc knows it by.
    private(set) var files: [String: [UInt8]] = [:]
    /// Each file's direct imports.
    private(set) var imports: [String: [String]] = [:]
    /// The file that defines each fully qualified symbol (no leading dot): packages' messages,
    /// enums, enum values, services, methods, fields, oneofs and extensions.
    private(set) var fileOfSymbol: [String: String] = [:]
    /// The messages the files define.
    private(set) var messages: Set<String> = []
    /// For each extended message, its extensions' field numbers and the files that declare them.
    private(set) var extensions: [String: [Int32: String]] = [:]

    init(services definitions: [ServiceDefinition]) {
        services = definitions.map(\.name).sorted()
        for definition in definitions {
            for bytes in definition.fileDescriptors.files {
                // Bytes the generator wrote; a file that does not decode is left out, not fatal.
                guard let file = try? Protohttp_Reflection_FileNames(serializedBytes: bytes), files[file.name] == nil else { continue }
                files[file.name] = bytes
                imports[file.name] = file.dependency
                add(file)
            }
        }
    }

    /// The file `name` and the files it imports (directly or not) that `sent` does not hold
    /// yet, in that order; each added to `sent`. `nil` when no file has that name.
    func file(_ name: String, sending sent: inout Set<String>) -> [[UInt8]]? {
        guard let requested = files[name] else { return nil }
        var out = [requested]
        sent.insert(name)
        var stack = Array((imports[name] ?? []).reversed())
        while let next = stack.popLast() {
            guard sent.insert(next).inserted else { continue }
            if let bytes = files[next] { out.append(bytes) }
            stack.append(contentsOf: (imports[next] ?? []).reversed())
        }
        return out
    }

    // MARK: Building

    private mutating func add(_ file: Protohttp_Reflection_FileNames) {
        let scope = file.package
        for message in file.messageType { add(message, in: scope, file: file.name) }
        for enumType in file.enumType { add(enumType, in: scope, file: file.name) }
        for service in file.service {
            let name = qualified(scope, service.name)
            fileOfSymbol[name] = file.name
            for method in service.method { fileOfSymbol[qualified(name, method.name)] = file.name }
        }
        for field in file.extension { addExtension(field, in: scope, file: file.name) }
    }

    private mutating func add(_ message: Protohttp_Reflection_MessageNames, in scope: String, file: String) {
        let name = qualified(scope, message.name)
        fileOfSymbol[name] = file
        messages.insert(name)
        for field in message.field { fileOfSymbol[qualified(name, field.name)] = file }
        for oneof in message.oneofDecl { fileOfSymbol[qualified(name, oneof.name)] = file }
        for nested in message.nestedType { add(nested, in: name, file: file) }
        for enumType in message.enumType { add(enumType, in: name, file: file) }
        for field in message.extension { addExtension(field, in: name, file: file) }
    }

    private mutating func add(_ enumType: Protohttp_Reflection_EnumNames, in scope: String, file: String) {
        fileOfSymbol[qualified(scope, enumType.name)] = file
        // Enum values are scoped like their enum's siblings (C++ scoping), as protoc resolves them.
        for value in enumType.value { fileOfSymbol[qualified(scope, value.name)] = file }
    }

    private mutating func addExtension(_ field: Protohttp_Reflection_FieldNames, in scope: String, file: String) {
        fileOfSymbol[qualified(scope, field.name)] = file
        let extended = field.extendee.hasPrefix(".") ? String(field.extendee.dropFirst()) : field.extendee
        extensions[extended, default: [:]][field.number] = file
    }

    private func qualified(_ scope: String, _ name: String) -> String {
        scope.isEmpty ? name : "\(scope).\(name)"
    }
}
