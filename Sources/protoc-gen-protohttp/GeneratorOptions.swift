// GeneratorOptions.swift: parsing `--protohttp_opt` (visibility, file naming, imports, messages, clients, servers, mocks).

/// Options passed as `--protohttp_opt=Key=Value,Key=Value`, named as in swift-protobuf.
struct GeneratorOptions {
    /// Access level of generated declarations.
    enum Visibility: String { case `public` = "Public", `internal` = "Internal" }
    /// How an output path is derived from a `.proto` path.
    enum FileNaming: String { case fullPath = "FullPath", pathToUnderscores = "PathToUnderscores", dropPath = "DropPath" }

    var visibility = Visibility.internal
    var fileNaming = FileNaming.fullPath
    /// `ImportProtoWire=false` omits `import ProtoWire`, for code compiled into ProtoWire itself.
    var importProtoWire = true
    /// `ModuleMappings=<path>` (may repeat): the Swift modules of `.proto` files generated elsewhere.
    var moduleMappings = ModuleMappings()
    /// `Messages=false` skips `<base>.pb.swift` (messages, enums, extensions, service metadata):
    /// the target generates only the client or server layer for messages compiled in another
    /// module, which `ModuleMappings` names. Needs `Clients=true` or `Servers=true`.
    var messages = true
    /// `Clients=true` also writes `<base>.client.pb.swift` per `.proto` with services: a typed
    /// client per service (see ``ClientEmitter``), importing ProtoHTTP.
    var clients = false
    /// `Servers=true` also writes `<base>.server.pb.swift` per `.proto` with services: a handler
    /// protocol per service (see ``ServerEmitter``), importing ProtoHTTPServer.
    var servers = false
    /// `Mocks=true` also writes `<base>.mock.pb.swift` per `.proto` with services: a client mock
    /// per service (see ``MockEmitter``) conforming to the client protocol of `Clients=true`.
    var mocks = false
    /// `UseAccessLevelOnImports=true` writes each `import` with the generated code's access level
    /// (`public import` for `Visibility=Public`, `internal import` otherwise), for targets built
    /// with the `InternalImportsByDefault` upcoming feature, whose plain imports are internal.
    var useAccessLevelOnImports = false
    /// `ClientModule=<module>`: the module that holds the typed clients a mock (`Mocks=true`)
    /// conforms to, when they were generated into another module than the messages
    /// (`Clients=true,Messages=false` there); the mock imports it beside the messages' module.
    var clientModule: String?

    /// Parses the plugin parameter string; unknown keys or values are errors.
    init(parameter: String) throws(GeneratorError) {
        for item in parameter.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            let key = parts.first ?? ""
            let value = parts.count > 1 ? parts[1] : ""
            switch key {
            case "Visibility":
                guard let v = Visibility(rawValue: value) else {
                    throw GeneratorError("unknown Visibility '\(value)'; use Visibility=Public or Visibility=Internal")
                }
                visibility = v
            case "FileNaming":
                guard let v = FileNaming(rawValue: value) else {
                    throw GeneratorError("unknown FileNaming '\(value)'; use FullPath, PathToUnderscores or DropPath")
                }
                fileNaming = v
            case "ImportProtoWire":
                guard value == "true" || value == "false" else {
                    throw GeneratorError("unknown ImportProtoWire '\(value)'; use ImportProtoWire=true or ImportProtoWire=false")
                }
                importProtoWire = value == "true"
            case "Messages":
                guard value == "true" || value == "false" else {
                    throw GeneratorError("unknown Messages '\(value)'; use Messages=true or Messages=false")
                }
                messages = value == "true"
            case "Clients":
                guard value == "true" || value == "false" else {
                    throw GeneratorError("unknown Clients '\(value)'; use Clients=true or Clients=false")
                }
                clients = value == "true"
            case "Servers":
                guard value == "true" || value == "false" else {
                    throw GeneratorError("unknown Servers '\(value)'; use Servers=true or Servers=false")
                }
                servers = value == "true"
            case "Mocks":
                guard value == "true" || value == "false" else {
                    throw GeneratorError("unknown Mocks '\(value)'; use Mocks=true or Mocks=false")
                }
                mocks = value == "true"
            case "UseAccessLevelOnImports":
                guard value == "true" || value == "false" else {
                    throw GeneratorError("unknown UseAccessLevelOnImports '\(value)'; use UseAccessLevelOnImports=true or UseAccessLevelOnImports=false")
                }
                useAccessLevelOnImports = value == "true"
            case "ClientModule":
                guard ModuleMappings.isSwiftIdentifier(value) else {
                    throw GeneratorError("ClientModule needs a Swift module name: ClientModule=<module>, not '\(value)'")
                }
                clientModule = value
            case "ModuleMappings", "ProtoPathModuleMappings":
                guard !value.isEmpty else { throw GeneratorError("\(key) needs a file path: \(key)=<path>") }
                try moduleMappings.merge(ModuleMappings.load(path: value), source: value)
            default:
                throw GeneratorError("unknown option '\(key)'; protoc-gen-protohttp accepts Visibility=Public|Internal, FileNaming=FullPath|PathToUnderscores|DropPath, ImportProtoWire=true|false, Messages=true|false, Clients=true|false, Servers=true|false, Mocks=true|false, UseAccessLevelOnImports=true|false, ClientModule=<module> and ModuleMappings=<path>")
            }
        }
        if !messages && !clients && !servers && !mocks {
            throw GeneratorError("Messages=false leaves nothing to generate: it skips <file>.pb.swift and keeps only the client and server files, so add Clients=true, Servers=true or Mocks=true (or drop Messages=false)")
        }
    }

    /// The `public ` prefix for generated declarations, or nothing.
    var access: String { visibility == .public ? "public " : "" }

    /// `import M` with the access level `UseAccessLevelOnImports` asks for.
    func importLine(_ module: String) -> String {
        guard useAccessLevelOnImports else { return "import \(module)" }
        return visibility == .public ? "public import \(module)" : "internal import \(module)"
    }

    /// `dir/name.proto` → `<base>.pb.swift`, or `<base>.client.pb.swift` / `<base>.server.pb.swift`
    /// for a layer; `<base>` follows `FileNaming`.
    func outputPath(for protoPath: String, layer: ServiceLayer? = nil) -> String {
        var base = protoPath
        if base.hasSuffix(".proto") { base.removeLast(6) }
        switch fileNaming {
        case .fullPath: break
        case .pathToUnderscores: base = base.replacingAll("/", with: "_")
        case .dropPath: base = String(base.split(separator: "/").last ?? Substring(base))
        }
        return base + (layer.map { "." + $0.fileInfix } ?? "") + ".pb.swift"
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
