// FileEmitter.swift: one `<base>.pb.swift` file: header, imports, types, conformances, service metadata.

import ProtoDescriptors

/// What the emitters of one file share.
struct FileContext {
    let file: Google_Protobuf_FileDescriptorProto
    let types: TypeTable
    let analysis: TypeAnalysis
    let comments: Comments
    let options: GeneratorOptions
    /// The module `import` lines (see ``Imports``).
    let imports: [String]
    var access: String { options.access }
}

/// Emits the main Swift file for one `.proto` file (skipped with `Messages=false`).
///
/// ```
/// // DO NOT EDIT. ...            header naming the source
/// import ProtoWire               (Foundation too when a bytes field needs Data; ProtoHTTPCore
///                                 when the file has services; modules of imported files
///                                 mapped elsewhere, see ``Imports``)
/// enum ... / struct ... { }      top-level enums, then messages with nested types inside
/// extension X: ProtoMessage      one per message, pre-order (its schema, see ``SchemaEmitter``)
/// extensions                     declarations, accessors, registry (``ExtensionEmitter``)
/// enum Pkg_ServiceMetadata       one per service (``ServiceEmitter``)
/// let protoFileDescriptors       with services: the file's and its imports' descriptors, which
///                                 the metadata share (private)
/// ```
///
/// Clients and handlers never go here: ``LayerFileEmitter`` writes them into files of their
/// own, so that this file never imports ProtoHTTP or ProtoHTTPServer.
struct FileEmitter {
    let context: FileContext

    func emit() throws(GeneratorError) -> String {
        let file = context.file
        let messages = (context.types.messagesByFile[file.name] ?? []).filter { !$0.isMapEntry }
        let models = try messages.map { m throws(GeneratorError) in
            try MessageModel(m, types: context.types, analysis: context.analysis)
        }
        let usesData = ExtensionEmitter.usesData(context) || models.contains { $0.fields.contains { f in
            if case .map(let k, let v) = f.shape { return k.usesData || v.usesData }
            return f.value.usesData
        } }

        var p = CodePrinter()
        p.header(source: file.name)
        if usesData {
            p.line("#if canImport(FoundationEssentials)")
            p.line(context.options.importLine("FoundationEssentials"))
            p.line("#else")
            p.line(context.options.importLine("Foundation"))
            p.line("#endif")
        }
        for line in context.imports { p.line(line) }
        if usesData || !context.imports.isEmpty { p.line() }
        let topLevelEnums = (context.types.enumsByFile[file.name] ?? []).filter { e in
            file.enumType.contains { $0.name == e.descriptor.name } && !e.swiftName.contains(".")
        }
        for e in topLevelEnums {
            EnumEmitter(e: e, comments: context.comments, access: context.access).emit(&p)
            p.line()
        }
        let emitter = MessageEmitter(context: context)
        for model in models where !model.type.swiftName.contains(".") {
            try emitter.emit(model, &p)
            p.line()
        }
        let wire = MessageWireEmitter(context: context)
        for model in models {
            try wire.emit(model, &p)
            p.line()
        }
        try ExtensionEmitter(context: context).emit(&p)
        for (i, service) in file.service.enumerated() {
            ServiceEmitter(context: context).emit(try ServiceModel(service, index: i, context: context), &p)
            p.line()
        }
        if !file.service.isEmpty {
            ServiceEmitter(context: context).emitFileDescriptors(&p)
            p.line()
        }
        var text = p.text
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }
}
