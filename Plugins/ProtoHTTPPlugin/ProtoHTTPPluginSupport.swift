// ProtoHTTPPluginSupport.swift: protohttp-config.json, finding protoc, and the protoc invocation
// shared by the build-tool and command plugins (Plugins/GenerateProtos links to this file).

import Foundation
import PackagePlugin

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The contents of a target's `protohttp-config.json`. Every key is optional:
///
/// ```json
/// {
///   "files": ["Protos/**/*.proto"],        globs relative to the target; default: every .proto in it
///   "importPaths": ["Protos"],             protoc -I roots, relative to the target; default: ["."]
///   "visibility": "public",                "public" or "internal" (default)
///   "fileNaming": "FullPath",              FullPath (default), PathToUnderscores or DropPath
///   "moduleMappings": "mappings.txt",      extra proto → Swift module mappings (generator format)
///   "generatorOptions": ["Key=Value"],     passed to protoc-gen-protohttp as they are; Clients=,
///                                          Servers= and Messages= also decide the declared outputs;
///                                          without Clients= / Servers=, the target's dependencies
///                                          do (on ProtoHTTP: clients; on ProtoHTTPServer: servers)
///   "protoc": "/opt/protobuf/bin/protoc",  protoc to use; else $PROTOC, $PROTOC_PATH, protoc on PATH
///   "outputDirectory": "Generated"         command plugin only: where generated files are written
/// }
/// ```
struct ProtoHTTPConfig {
    static let fileName = "protohttp-config.json"
    private static let keys: Set<String> = [
        "files", "importPaths", "visibility", "fileNaming", "moduleMappings", "generatorOptions", "protoc", "outputDirectory",
    ]

    var files: [String] = ["**/*.proto"]
    var importPaths: [String] = ["."]
    var visibility = "Internal"
    var fileNaming = "FullPath"
    var moduleMappings: String?
    var generatorOptions: [String] = []
    var protoc: String?
    var outputDirectory = "Generated"

    /// The config of the target in `directory`, or `nil` when it has no config file.
    static func load(in directory: URL) throws -> ProtoHTTPConfig? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        guard let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any] else {
            throw PluginFailure("\(url.path) is not a JSON object; see the README's 'Generating code' section")
        }
        if let unknown = json.keys.sorted().first(where: { !keys.contains($0) }) {
            throw PluginFailure("\(url.path): unknown key '\(unknown)'; known keys: \(keys.sorted().joined(separator: ", "))")
        }
        func strings(_ key: String) throws -> [String]? {
            guard let value = json[key] else { return nil }
            guard let list = value as? [String] else { throw PluginFailure("\(url.path): '\(key)' must be a list of strings") }
            return list
        }
        func string(_ key: String) throws -> String? {
            guard let value = json[key] else { return nil }
            guard let s = value as? String else { throw PluginFailure("\(url.path): '\(key)' must be a string") }
            return s
        }
        var config = ProtoHTTPConfig()
        if let v = try strings("files") { config.files = v }
        if let v = try strings("importPaths") { config.importPaths = v }
        if let v = try string("visibility") {
            switch v.lowercased() {
            case "public": config.visibility = "Public"
            case "internal": config.visibility = "Internal"
            default: throw PluginFailure("\(url.path): visibility must be \"public\" or \"internal\", not \"\(v)\"")
            }
        }
        if let v = try string("fileNaming") {
            guard ["FullPath", "PathToUnderscores", "DropPath"].contains(v) else {
                throw PluginFailure("\(url.path): fileNaming must be FullPath, PathToUnderscores or DropPath, not \"\(v)\"")
            }
            config.fileNaming = v
        }
        config.moduleMappings = try string("moduleMappings")
        if let v = try strings("generatorOptions") { config.generatorOptions = v }
        config.protoc = try string("protoc")
        if let v = try string("outputDirectory") { config.outputDirectory = v }
        return config
    }
}

/// A plugin error whose message says what is wrong and how to fix it.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "protohttp: " + description }
}

/// A target whose `.proto` files are (or may be) generated, with its config resolved.
struct ProtoTarget {
    let name: String
    let moduleName: String
    let directory: URL
    let config: ProtoHTTPConfig
    /// Absolute `-I` roots, in order.
    let importPaths: [URL]
    /// The `.proto` files to generate, sorted by protoc name.
    let protos: [(file: URL, protoName: String)]

    init(name: String, moduleName: String, directory: URL, config: ProtoHTTPConfig) throws {
        self.name = name
        self.moduleName = moduleName
        self.directory = directory.standardizedFileURL
        self.config = config
        let roots = config.importPaths.map { Self.resolve($0, in: directory) }
        importPaths = roots
        var found: [String: URL] = [:]
        for pattern in config.files {
            let matches = Glob.protoFiles(matching: pattern, in: self.directory)
            if matches.isEmpty {
                throw PluginFailure("target \(name): 'files' pattern '\(pattern)' matches no .proto file under \(self.directory.path)")
            }
            for file in matches {
                guard let root = roots.first(where: { file.path.hasPrefix($0.path + "/") }) else {
                    throw PluginFailure("target \(name): \(file.path) is under none of the importPaths (\(config.importPaths.joined(separator: ", "))); protoc needs every file under an -I root")
                }
                found[String(file.path.dropFirst(root.path.count + 1))] = file
            }
        }
        protos = found.keys.sorted().compactMap { key in found[key].map { ($0, key) } }
    }

    /// A path from the config, relative to the target directory unless absolute.
    static func resolve(_ path: String, in directory: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
        var s = url.standardizedFileURL.path
        while s.count > 1 && s.hasSuffix("/") { s.removeLast() }
        return URL(fileURLWithPath: s)
    }

    /// The generated files' paths relative to the output directory, as the generator names them:
    /// `<base>.pb.swift` unless `Messages=false`, and for a `.proto` that declares a service
    /// (``ProtoServiceScanner``) `<base>.client.pb.swift` with `Clients=true`,
    /// `<base>.server.pb.swift` with `Servers=true` and `<base>.mock.pb.swift` with `Mocks=true`.
    func outputPaths(for proto: (file: URL, protoName: String)) throws -> [String] {
        var base = proto.protoName
        if base.hasSuffix(".proto") { base.removeLast(6) }
        switch config.fileNaming {
        case "PathToUnderscores": base = base.replacingOccurrences(of: "/", with: "_")
        case "DropPath": base = String(base.split(separator: "/").last ?? Substring(base))
        default: break
        }
        let layers = GeneratedLayers(options: config.generatorOptions)
        var paths = layers.messages ? [base + ".pb.swift"] : []
        guard layers.clients || layers.servers || layers.mocks, try declaresService(proto.file) else { return paths }
        if layers.clients { paths.append(base + ".client.pb.swift") }
        if layers.servers { paths.append(base + ".server.pb.swift") }
        if layers.mocks { paths.append(base + ".mock.pb.swift") }
        return paths
    }

    /// Whether the `.proto` file at `file` declares a service (``ProtoServiceScanner``).
    func declaresService(_ file: URL) throws -> Bool {
        do {
            return ProtoServiceScanner.declaresService(try String(contentsOf: file, encoding: .utf8))
        } catch {
            throw PluginFailure("target \(name): cannot read \(file.path) to see whether it declares a service: \(error)")
        }
    }

    /// The target of `target`, if it is a source module with a config file (or `requireConfig` is false).
    static func make(_ target: Target, requireConfig: Bool, implyingLayers: Bool = false) throws -> ProtoTarget? {
        guard let source = target as? SourceModuleTarget else { return nil }
        let loaded = try ProtoHTTPConfig.load(in: target.directoryURL)
        if loaded == nil && requireConfig { return nil }
        var config = loaded ?? ProtoHTTPConfig()
        if implyingLayers { config.implyLayers(from: target) }
        return try ProtoTarget(name: target.name, moduleName: source.moduleName, directory: target.directoryURL, config: config)
    }
}

/// One protoc run for one target: arguments, inputs and the exact outputs.
///
/// Both plugins run protoc through the generator (``executable`` and ``executableArguments``:
/// `protoc-gen-protohttp --run-protoc <protoc> <arguments>`), which rewrites protoc's messages
/// into `<absolute path>:<line>:<col>: error: …` diagnostics that SwiftPM and editors follow.
struct ProtocInvocation {
    let protoc: URL
    /// protoc's own arguments.
    let arguments: [String]
    let inputs: [URL]
    let outputs: [URL]
    /// What runs: the generator, in its protoc-running mode.
    let executable: URL

    /// The arguments of ``executable``: the mode, protoc, then protoc's arguments.
    var executableArguments: [String] { ["--run-protoc", protoc.path] + arguments }

    /// Plans protoc for `target`. `dependencies` are the targets it depends on that have their
    /// own config: their import paths are added and their files mapped to their modules, so
    /// that imports across targets resolve. A mapping file is written into `workDirectory`.
    init(target: ProtoTarget, dependencies: [ProtoTarget], generator: URL, outputDirectory: URL,
         workDirectory: URL) throws {
        protoc = try ProtocLocator.find(configured: target.config.protoc, relativeTo: target.directory)
        executable = generator
        var options = ["Visibility=\(target.config.visibility)", "FileNaming=\(target.config.fileNaming)"]
        var inputs = target.protos.map(\.file)
        if let user = target.config.moduleMappings {
            let url = ProtoTarget.resolve(user, in: target.directory)
            options.append("ModuleMappings=\(url.path)")
            inputs.append(url)
        }
        var lines: [String] = []
        for dependency in dependencies {
            for proto in dependency.protos {
                lines.append("\(proto.protoName) \(dependency.moduleName)")
                inputs.append(proto.file)
            }
        }
        if !lines.isEmpty {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            let url = workDirectory.appendingPathComponent("\(target.name)-module-mappings.txt")
            let text = "# Written by ProtoHTTPPlugin: .proto files of dependency targets and their modules.\n"
                + lines.joined(separator: "\n") + "\n"
            // Rewrite only on change, so an unchanged plan does not look like a changed input.
            if (try? String(contentsOf: url, encoding: .utf8)) != text {
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            options.append("ModuleMappings=\(url.path)")
            inputs.append(url)
        }
        options += target.config.generatorOptions
        if let bad = options.first(where: { $0.contains(",") }) {
            throw PluginFailure("target \(target.name): generator option '\(bad)' contains a comma, which protoc uses to separate options; move the file to a path without commas")
        }
        var imports: [String] = []
        for root in target.importPaths + dependencies.flatMap(\.importPaths) where !imports.contains(root.path) {
            imports.append(root.path)
        }
        arguments = ["--plugin=protoc-gen-protohttp=\(generator.path)",
                     "--protohttp_out=\(options.joined(separator: ",")):\(outputDirectory.path)"]
            + imports.flatMap { ["-I", $0] }
            + target.protos.map(\.file.path)
        self.inputs = inputs + [generator]
        outputs = try target.protos.flatMap { proto in
            try target.outputPaths(for: proto).map { outputDirectory.appendingPathComponent($0) }
        }
        if Set(outputs.map(\.lastPathComponent)).count != outputs.count {
            throw PluginFailure("target \(target.name): two .proto files give Swift files with the same name, which one module cannot compile; set \"fileNaming\": \"PathToUnderscores\" in \(ProtoHTTPConfig.fileName)")
        }
    }
}

/// Which files the generator writes per `.proto`, from the `generatorOptions` of the config
/// (`Messages=`, `Clients=`, `Servers=`, `Mocks=`; the last occurrence wins, as in the generator).
struct GeneratedLayers {
    var messages = true
    var clients = false
    var servers = false
    var mocks = false

    init(options: [String]) {
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "Messages": messages = parts[1] == "true"
            case "Clients": clients = parts[1] == "true"
            case "Servers": servers = parts[1] == "true"
            case "Mocks": mocks = parts[1] == "true"
            default: break
            }
        }
    }
}

extension ProtoHTTPConfig {
    /// Adds the layers the target's own dependencies imply, for those the config does not set:
    /// clients (`Clients=true`) when it depends on the `ProtoHTTP` product, servers
    /// (`Servers=true`) when it depends on `ProtoHTTPServer`. So the common case needs no
    /// config file; one that names `Clients=` or `Servers=` (either value) decides instead.
    mutating func implyLayers(from target: Target) {
        var named: Set<String> = []
        for dependency in target.dependencies {
            if case .product(let product) = dependency { named.insert(product.name) }
            if case .target(let dependencyTarget) = dependency { named.insert(dependencyTarget.name) }
        }
        let chosen = Set(generatorOptions.compactMap { option in
            option.split(separator: "=", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
        })
        if !chosen.contains("Clients"), named.contains("ProtoHTTP") { generatorOptions.append("Clients=true") }
        if !chosen.contains("Servers"), named.contains("ProtoHTTPServer") { generatorOptions.append("Servers=true") }
    }
}

/// Finds protoc: the config's `protoc`, then `$PROTOC`, then `$PROTOC_PATH`, then `protoc` on
/// `PATH`. Editions files (`edition = "2023"`) need protoc 27 or newer: point `PROTOC` at one.
enum ProtocLocator {
    static let installHint = """
        install it with `apt-get install protobuf-compiler` (Debian, Ubuntu) or `brew install protobuf` (macOS), \
        or point to one with "protoc" in \(ProtoHTTPConfig.fileName) or the PROTOC environment variable
        """

    static func find(configured: String?, relativeTo directory: URL) throws -> URL {
        let fm = FileManager.default
        if let configured {
            let url = ProtoTarget.resolve(configured, in: directory)
            guard fm.isExecutableFile(atPath: url.path) else {
                throw PluginFailure("the \"protoc\" in \(ProtoHTTPConfig.fileName), \(url.path), is not an executable file; \(installHint)")
            }
            return url
        }
        let environment = ProcessInfo.processInfo.environment
        for variable in ["PROTOC", "PROTOC_PATH"] {
            guard let path = environment[variable], !path.isEmpty else { continue }
            guard fm.isExecutableFile(atPath: path) else {
                throw PluginFailure("\(variable) is \(path), which is not an executable file; \(installHint)")
            }
            return URL(fileURLWithPath: path)
        }
        for dir in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/protoc"
            if fm.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        throw PluginFailure("protoc was not found on PATH; \(installHint)")
    }
}

/// `*`, `?`, `[...]` within a path component (fnmatch) and `**` across components.
enum Glob {
    /// The `.proto` files under `directory` whose path relative to it matches `pattern`.
    static func protoFiles(matching pattern: String, in directory: URL) -> [URL] {
        var parts = pattern.split(separator: "/").map(String.init)
        // Walk down the literal leading components (`../Protos`), so patterns may leave the target.
        var base = directory
        while parts.count > 1, let first = parts.first, !first.contains(where: { "*?[".contains($0) }) {
            base = base.appendingPathComponent(first)
            parts.removeFirst()
        }
        base = base.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var result: [URL] = []
        while let url = enumerator.nextObject() as? URL {
            let file = url.standardizedFileURL
            guard file.pathExtension == "proto", file.path.hasPrefix(base.path + "/") else { continue }
            let relative = String(file.path.dropFirst(base.path.count + 1)).split(separator: "/").map(String.init)
            // Build folders below the target are skipped; the folders above it are the user's
            // business (a package may well live inside a folder named `.build-something`).
            if relative.contains(where: { $0.hasPrefix(".build") }) { continue }
            if match(parts[...], relative[...]) { result.append(file) }
        }
        return result.sorted { $0.path < $1.path }
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            return match(pattern.dropFirst(), path) || (!path.isEmpty && match(pattern, path.dropFirst()))
        }
        guard let name = path.first, fnmatch(head, name, 0) == 0 else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
