// GenerateProtos.swift: `swift package generate-protos`: writes generated .pb.swift files into the source tree.

import Foundation
import PackagePlugin

/// For packages that commit generated code: runs protoc + protoc-gen-protohttp for every target
/// with a `protohttp-config.json` (or those named with `--target`) and writes the results into
/// `<target>/<outputDirectory>` (default `Generated`), replacing the generated files there.
///
/// ```sh
/// swift package --allow-writing-to-package-directory generate-protos [--target Name ...]
/// ```
///
/// Only files that start with the generator's `// DO NOT EDIT` header are ever removed. Do not
/// also apply the build-tool plugin to the same target: the types would be defined twice.
@main
struct GenerateProtos: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        if let extra = extractor.remainingArguments.first {
            throw PluginFailure("generate-protos: unexpected argument '\(extra)'; usage: swift package generate-protos [--target Name ...]")
        }
        let all = context.package.targets
        for name in names where !all.contains(where: { $0.name == name }) {
            throw PluginFailure("generate-protos: the package has no target named '\(name)'")
        }
        let selected = names.isEmpty ? all : all.filter { names.contains($0.name) }
        let generator = try context.tool(named: "protoc-gen-protohttp").url
        var generatedAny = false
        for target in selected {
            guard let proto = try ProtoTarget.make(target, requireConfig: names.isEmpty, implyingLayers: true) else { continue }
            guard !proto.protos.isEmpty else { continue }
            try RuntimeProducts(target: proto).check(target, of: proto, in: context.package)
            let dependencies = try target.recursiveTargetDependencies.compactMap { try ProtoTarget.make($0, requireConfig: true) }
            let scratch = context.pluginWorkDirectoryURL.appendingPathComponent("out-\(target.name)")
            try? FileManager.default.removeItem(at: scratch)
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let invocation = try ProtocInvocation(target: proto, dependencies: dependencies, generator: generator,
                                                  outputDirectory: scratch, workDirectory: context.pluginWorkDirectoryURL)
            let destination = ProtoTarget.resolve(proto.config.outputDirectory, in: proto.directory)
            // What protoc wrote, not what the plan declared: with Clients/Servers the layer files
            // exist only for .proto files with services, and the generator is the judge of that.
            // Every .proto file gives at least its messages' file, so none at all is a failed run
            // even with exit status 0 (seen once in a while on CI): run again, and never
            // replace the committed files with nothing.
            var outputs: [URL] = []
            for attempt in 1...2 where outputs.isEmpty {
                if attempt > 1 { print("generate-protos: \(target.name): protoc exited 0 but wrote nothing; running it again") }
                try run(invocation.executable, invocation.executableArguments)
                outputs = generatedFiles(in: scratch)
            }
            guard !outputs.isEmpty || invocation.outputs.isEmpty else {
                throw PluginFailure("generate-protos: \(target.name): protoc exited 0 twice but wrote no file to \(scratch.path); the files in \(destination.path) were left as they were. Run again, or run protoc by hand to see why.")
            }
            var stale = try removeGeneratedFiles(in: destination)
            for output in outputs {
                let relative = String(output.path.dropFirst(scratch.standardizedFileURL.path.count + 1))
                let file = destination.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: output, to: file)
                stale.remove(file.standardizedFileURL.path)
            }
            print("generate-protos: \(target.name): wrote \(outputs.count) file(s) to \(destination.path)"
                  + (stale.isEmpty ? "" : "; removed \(stale.count) stale: \(stale.sorted().joined(separator: ", "))"))
            generatedAny = true
        }
        if !generatedAny {
            print("generate-protos: no target has a \(ProtoHTTPConfig.fileName) with .proto files; nothing to do")
        }
    }

    /// The `.pb.swift` files under `directory`, sorted.
    private func generatedFiles(in directory: URL) -> [URL] {
        let root = directory.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        while let url = enumerator.nextObject() as? URL {
            let file = url.standardizedFileURL
            if file.lastPathComponent.hasSuffix(".pb.swift") && file.path.hasPrefix(root.path + "/") { files.append(file) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Deletes the `.pb.swift` files under `directory` that carry the generator's header and
    /// returns their paths.
    private func removeGeneratedFiles(in directory: URL) throws -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var removed: Set<String> = []
        while let url = enumerator.nextObject() as? URL {
            guard url.lastPathComponent.hasSuffix(".pb.swift"),
                  let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let head = handle.readData(ofLength: 64)
            try? handle.close()
            if head.starts(with: Data("// DO NOT EDIT. Generated by protoc-gen-protohttp.".utf8)) {
                try FileManager.default.removeItem(at: url)
                removed.insert(url.standardizedFileURL.path)
            }
        }
        return removed
    }

    /// Runs protoc (through the generator's `--run-protoc` mode) and fails with its
    /// diagnostics when it fails.
    private func run(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("protoc failed (exit \(process.terminationStatus)):\n\(String(decoding: message, as: UTF8.self))")
        }
    }
}
