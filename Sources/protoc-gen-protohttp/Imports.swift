// Imports.swift: the module `import` lines of a generated file (ProtoWire, mapped modules, runtimes).

import ProtoDescriptors

/// Works out which Swift modules a generated file imports: only what its content names.
///
/// ```
/// file                     imports
/// ──────────────────────   ────────────────────────────────────────────────────────────────
/// <base>.pb.swift          ProtoWire; ProtoHTTPCore when the .proto declares a service
///                          (metadata conforms to RPCMethod); the modules of its dependencies
/// <base>.client.pb.swift   ProtoHTTP, ProtoHTTPCore (ProtoHTTPError); the modules of the methods' input and
///                          output messages
/// <base>.server.pb.swift   ProtoHTTPServer; the modules of the methods' messages
/// <base>.mock.pb.swift     ProtoHTTP, ProtoHTTPCore, ProtoHTTPTesting, Dispatch; `ClientModule`, if set; the module of the file's own messages (and so of
///                          its client protocol) when mapped; the modules of the methods' messages
/// ```
///
/// Never ProtoHTTP or ProtoHTTPServer in `<base>.pb.swift`, never both runtimes in one file.
/// No module re-exports another, so a file imports every module whose names it writes;
/// `UseAccessLevelOnImports=true` gives each line the generated code's access level.
/// Foundation is the main file's business (``FileEmitter``, for `Data`); layer files never need
/// it. The module of a `.proto` file's generated messages:
///
/// ```
/// .proto file                                     module                   imported
/// ─────────────────────────────────────────────   ──────────────────────   ─────────────────────
/// generated in this run                           this one                 no
/// generated in this run, with Messages=false      its ModuleMappings       yes (none if unmapped:
///                                                   module, if mapped        same module)
/// named by ModuleMappings                         that module              unless it is this one
/// google/protobuf/{any,duration,...}.proto        ProtoWire, which holds   already, as the runtime
///   (the well-known types bundled in ProtoWire)     them
/// anything else                                   this one (assumed)       no
/// ```
///
/// Dependencies are the file's direct imports plus, transitively, what those re-export with
/// `import public`. `ImportProtoWire=false` drops `import ProtoWire`, for code that is compiled
/// into ProtoWire itself (the well-known types).
struct Imports {
    /// The well-known types whose generated code ships in ProtoWire.
    static let bundledWellKnownTypes: Set<String> = [
        "google/protobuf/any.proto", "google/protobuf/duration.proto", "google/protobuf/empty.proto",
        "google/protobuf/field_mask.proto", "google/protobuf/struct.proto",
        "google/protobuf/timestamp.proto", "google/protobuf/wrappers.proto",
    ]

    /// The module of ProtoWire, the runtime every generated message uses.
    static let runtimeModule = "ProtoWire"

    /// The module of ``RPCMethod``, which generated service metadata conforms to.
    static let methodsModule = "ProtoHTTPCore"

    private let filesByName: [String: Google_Protobuf_FileDescriptorProto]
    private let generated: Set<String>
    private let options: GeneratorOptions
    /// The modules the mappings assign to files generated in this run: this module's names
    /// (none with `Messages=false`, whose messages live in those modules, not in this one).
    private let currentModules: Set<String>

    /// Prepares import planning for one plugin run.
    init(files: [Google_Protobuf_FileDescriptorProto], generated: [String], options: GeneratorOptions) {
        var byName: [String: Google_Protobuf_FileDescriptorProto] = [:]
        for f in files { byName[f.name] = f }
        filesByName = byName
        self.generated = Set(generated)
        self.options = options
        currentModules = !options.messages ? [] : Set(generated.compactMap { name in
            byName[name].flatMap { options.moduleMappings.module(forFile: name, package: $0.package) }
        })
    }

    /// The module that holds `file`'s generated messages, or `nil` for this module.
    func module(of file: String) -> String? {
        let package = filesByName[file]?.package ?? ""
        if generated.contains(file) {
            // Messages=false: this run writes no messages; they are where the mappings put them.
            return options.messages ? nil : options.moduleMappings.module(forFile: file, package: package)
        }
        let module = options.moduleMappings.module(forFile: file, package: package)
            ?? (Imports.bundledWellKnownTypes.contains(file) ? Imports.runtimeModule : nil)
        guard let module, !currentModules.contains(module) else { return nil }
        if module == Imports.runtimeModule && !options.importProtoWire { return nil }
        return module
    }

    /// `import X` lines of `file`'s main `<base>.pb.swift`, ProtoWire first, then sorted.
    func lines(for file: Google_Protobuf_FileDescriptorProto) -> [String] {
        var modules: Set<String> = []
        for dependency in dependencies(of: file) {
            if let m = module(of: dependency) { modules.insert(m) }
        }
        if options.importProtoWire && !currentModules.contains(Imports.runtimeModule) {
            modules.insert(Imports.runtimeModule)
        }
        if !file.service.isEmpty && !currentModules.contains(Imports.methodsModule) {
            modules.insert(Imports.methodsModule)
        }
        return ordered(modules)
    }

    /// `import X` lines of `file`'s client or server file: the layer's runtime and the modules
    /// of the messages its methods take and return, ProtoWire first, then sorted.
    func lines(for file: Google_Protobuf_FileDescriptorProto, layer: ServiceLayer, types: TypeTable) throws(GeneratorError) -> [String] {
        var modules: Set<String> = [layer.runtimeModule]
        if layer != .server && !currentModules.contains(Imports.methodsModule) {
            // Clients and mocks name `ProtoHTTPCore.ProtoHTTPError`, which ProtoHTTP uses but does
            // not re-export.
            modules.insert(Imports.methodsModule)
        }
        if layer == .mock {
            // The mock names `DispatchQueue`, and conforms to the client protocol, which lives
            // with the file's messages when they are generated elsewhere (Messages=false); its
            // machinery is ProtoHTTPTesting's.
            modules.insert("Dispatch")
            modules.insert(MockEmitter.testingModule)
            if let m = module(of: file.name) { modules.insert(m) }
            if let m = options.clientModule, !currentModules.contains(m) { modules.insert(m) }
        }
        for service in file.service {
            for method in service.method {
                for typeName in [method.inputType, method.outputType] {
                    if let m = module(of: try types.message(typeName).file) { modules.insert(m) }
                }
            }
        }
        return ordered(modules)
    }

    /// `import` lines: ProtoWire first, then the other modules sorted.
    private func ordered(_ modules: Set<String>) -> [String] {
        var rest = modules
        let runtime = rest.remove(Imports.runtimeModule).map { [options.importLine($0)] } ?? []
        return runtime + rest.sorted().map(options.importLine)
    }

    /// Direct imports plus what they re-export through `import public`, transitively.
    private func dependencies(of file: Google_Protobuf_FileDescriptorProto) -> [String] {
        var seen: Set<String> = []
        var order: [String] = []
        var stack = file.dependency.reversed() as [String]
        while let name = stack.popLast() {
            guard seen.insert(name).inserted else { continue }
            order.append(name)
            guard let d = filesByName[name] else { continue }
            for index in d.publicDependency.reversed() where d.dependency.indices.contains(Int(index)) {
                stack.append(d.dependency[Int(index)])
            }
        }
        return order
    }
}
