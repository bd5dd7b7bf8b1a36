// Imports.swift: the module `import` lines of a generated file (ProtoWire, mapped modules, runtimes).

import ProtoDescriptors

/// Works out which Swift modules a generated file imports.
///
/// ```
/// dependency of the file                          import
/// ─────────────────────────────────────────────   ─────────────────────────────────
/// generated in this run (same module)             none
/// named by ModuleMappings                         that module (unless it is this one)
/// google/protobuf/{any,duration,...}.proto        none beyond `import ProtoWire`,
///   (the well-known types bundled in ProtoWire)     which holds them
/// anything else                                   none: assumed to be in this module
/// ```
///
/// Dependencies are the file's direct imports plus, transitively, what those re-export with
/// `import public`. `ImportProtoWire=false` drops `import ProtoWire`, for code that is compiled
/// into ProtoWire itself (the well-known types). `Clients=true` adds `import ProtoHTTP` and
/// `Servers=true` adds `import ProtoHTTPServer` to files that declare a service.
struct Imports {
    /// The well-known types whose generated code ships in ProtoWire.
    static let bundledWellKnownTypes: Set<String> = [
        "google/protobuf/any.proto", "google/protobuf/duration.proto", "google/protobuf/empty.proto",
        "google/protobuf/field_mask.proto", "google/protobuf/struct.proto",
        "google/protobuf/timestamp.proto", "google/protobuf/wrappers.proto",
    ]

    /// The module of ProtoWire, the runtime every generated file uses.
    static let runtimeModule = "ProtoWire"

    private let filesByName: [String: Google_Protobuf_FileDescriptorProto]
    private let generated: Set<String>
    private let options: GeneratorOptions
    /// The modules the mappings assign to files generated in this run: this module's names.
    private let currentModules: Set<String>

    /// Prepares import planning for one plugin run.
    init(files: [Google_Protobuf_FileDescriptorProto], generated: [String], options: GeneratorOptions) {
        var byName: [String: Google_Protobuf_FileDescriptorProto] = [:]
        for f in files { byName[f.name] = f }
        filesByName = byName
        self.generated = Set(generated)
        self.options = options
        currentModules = Set(generated.compactMap { name in
            byName[name].flatMap { options.moduleMappings.module(forFile: name, package: $0.package) }
        })
    }

    /// The module that holds `file`'s generated code, or `nil` for this module.
    func module(of file: String) -> String? {
        if generated.contains(file) { return nil }
        let package = filesByName[file]?.package ?? ""
        let module = options.moduleMappings.module(forFile: file, package: package)
            ?? (Imports.bundledWellKnownTypes.contains(file) ? Imports.runtimeModule : nil)
        guard let module, !currentModules.contains(module) else { return nil }
        if module == Imports.runtimeModule && !options.importProtoWire { return nil }
        return module
    }

    /// `import X` lines for `file`, sorted, ProtoWire first.
    func lines(for file: Google_Protobuf_FileDescriptorProto) -> [String] {
        var modules: Set<String> = []
        for dependency in dependencies(of: file) {
            if let m = module(of: dependency) { modules.insert(m) }
        }
        var lines: [String] = []
        if options.importProtoWire && !currentModules.contains(Imports.runtimeModule) {
            lines.append("import \(Imports.runtimeModule)")
        }
        if options.clients && !file.service.isEmpty { modules.insert(ClientEmitter.clientModule) }
        if options.servers && !file.service.isEmpty { modules.insert(ServerEmitter.serverModule) }
        modules.remove(Imports.runtimeModule)
        lines += modules.sorted().map { "import \($0)" }
        return lines
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
