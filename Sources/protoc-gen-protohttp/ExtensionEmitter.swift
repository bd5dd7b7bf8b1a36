// ExtensionEmitter.swift: `extend` blocks as typed declarations, accessors and a registry per file.

import ProtoDescriptors

/// Emits a file's extensions, swift-protobuf style:
///
/// ```swift
/// let Pkg_Extensions_weight = MessageExtension<OptionalExtensionField<WireInt32>, Pkg_Base>(...)
/// extension Pkg_Scope { enum Extensions { static let note = MessageExtension<...>(...) } }
/// extension Pkg_Base {                        // accessors on the extended message
///     var Pkg_weight: Int32 { get set }       // hasPkg_weight, clearPkg_weight()
/// }
/// let Pkg_File_Extensions: ExtensionRegistry = [Pkg_Extensions_weight, Pkg_Scope.Extensions.note]
/// ```
struct ExtensionEmitter {
    let context: FileContext

    /// Whether any extension of the file holds `bytes` (and so needs Foundation's `Data`).
    static func usesData(_ context: FileContext) -> Bool {
        let fileLevel = context.file.extension.contains { $0.type == .bytes }
        let nested = (context.types.messagesByFile[context.file.name] ?? []).contains { m in
            m.descriptor.extension.contains { $0.type == .bytes }
        }
        return fileLevel || nested
    }

    func emit(_ p: inout CodePrinter) throws(GeneratorError) {
        let file = context.file
        let extensions = try ExtensionModel.all(in: file, types: context.types)
        guard !extensions.isEmpty else { return }
        let access = context.access

        // Declarations: file-level ones as globals, nested ones in `Scope.Extensions`.
        for ext in extensions where ext.scope == nil {
            try emitDeclaration(ext, static: false, &p)
            p.line()
        }
        var scopes: [String] = []
        var byScope: [String: [ExtensionModel]] = [:]
        for ext in extensions {
            guard let scope = ext.scope else { continue }
            if byScope[scope.swiftName] == nil { scopes.append(scope.swiftName) }
            byScope[scope.swiftName, default: []].append(ext)
        }
        for scope in scopes {
            try p.blockThrowing("extension \(scope) {") { p throws(GeneratorError) in
                p.doc(["The extensions declared inside this message."])
                try p.blockThrowing("\(access)enum Extensions {") { p throws(GeneratorError) in
                    for (i, ext) in (byScope[scope] ?? []).enumerated() {
                        if i > 0 { p.line() }
                        try emitDeclaration(ext, static: true, &p)
                    }
                }
            }
            p.line()
        }

        // Accessors on the extended messages, grouped per extended message.
        var extendees: [String] = []
        var byExtendee: [String: [ExtensionModel]] = [:]
        for ext in extensions {
            let name = ext.extendee.swiftName
            if byExtendee[name] == nil { extendees.append(name) }
            byExtendee[name, default: []].append(ext)
        }
        for extendee in extendees {
            p.block("extension \(extendee) {") { p in
                for (i, ext) in (byExtendee[extendee] ?? []).enumerated() {
                    if i > 0 { p.line() }
                    emitAccessors(ext, &p)
                }
            }
            p.line()
        }

        // The file's registry.
        let registry = registryName(file)
        p.doc(["Every extension declared in `\(file.name)`; pass it to the decoder to decode them typed",
               "(`init(serializedBytes:extensions:)`), combined with others through `union(_:)`."])
        p.block("\(access)let \(registry): ProtoWire.ExtensionRegistry = [", closer: "]") { p in
            for ext in extensions { p.line(ext.reference + ",") }
        }
        p.line()
    }

    /// `<Prefix><UpperCamelFileName>_Extensions`, as swift-protobuf names a file's extension map.
    private func registryName(_ file: Google_Protobuf_FileDescriptorProto) -> String {
        let prefix = Naming.typePrefix(package: file.package,
                                       swiftPrefix: file.options.hasSwiftPrefix ? file.options.swiftPrefix : nil)
        var base = String(file.name.split(separator: "/").last ?? Substring(file.name))
        if base.hasSuffix(".proto") { base.removeLast(6) }
        return prefix + Naming.upperCamelCase(base) + "_Extensions"
    }

    private func emitDeclaration(_ ext: ExtensionModel, static isStatic: Bool, _ p: inout CodePrinter) throws(GeneratorError) {
        let fullName = ext.fullName(package: context.file.package)
        let fallback = "Extension `\(fullName)`: field \(ext.descriptor.number) of `\(ext.extendee.protoName)`."
        p.doc(context.comments.doc(ext.sourcePath, fallback: [fallback]))
        var arguments = "fieldNumber: \(ext.descriptor.number), fieldName: \"\(fullName)\""
        if ext.descriptor.hasDefaultValue && !ext.isRepeated {
            arguments += ", defaultValue: " + (try Proto2Defaults.literal(ext.descriptor.defaultValue, for: ext.value))
        }
        arguments += ", kind: " + SchemaEmitter.kind(ext.value) + (ext.isPacked ? ", isPacked: true" : "")
            + (ext.keepsInvalidUTF8 ? ", validatesUTF8: false" : "")
        let keyword = isStatic ? "static let" : "let"
        p.line("\(context.access)\(keyword) \(ext.declarationName) = ProtoWire.MessageExtension<\(ext.fieldType), \(ext.extendee.swiftName)>(")
        p.indent()
        p.line(arguments + ")")
        p.outdent()
    }

    private func emitAccessors(_ ext: ExtensionModel, _ p: inout CodePrinter) {
        let access = context.access
        let fullName = ext.fullName(package: context.file.package)
        p.doc(context.comments.doc(ext.sourcePath, fallback: ["Extension `\(fullName)` (field \(ext.descriptor.number))."]))
        p.block("\(access)var \(ext.propertyName): \(ext.swiftType) {") { p in
            p.line("get { self[extension: \(ext.reference)] }")
            p.line("set { self[extension: \(ext.reference)] = newValue }")
        }
        guard !ext.isRepeated else { return }
        p.doc(["Whether extension `\(fullName)` is set."])
        p.line("\(access)var has\(ext.propertyName): Bool { hasExtension(\(ext.reference)) }")
        p.doc(["Clears extension `\(fullName)`."])
        p.line("\(access)mutating func clear\(ext.propertyName)() { clearExtensionValue(\(ext.reference)) }")
    }
}
