// ProtoHTTPPlugin.swift: the build-tool plugin: protoc + protoc-gen-protohttp on a target's .proto files.

import Foundation
import PackagePlugin

/// Generates `.pb.swift` files for the `.proto` files of the target it is applied to, at build
/// time, into the plugin's work directory (never into the source tree).
///
/// ```
/// protohttp-config.json (optional) ─► files, import paths, options
/// target's dependencies ─► Clients=true (on ProtoHTTP), Servers=true (on ProtoHTTPServer),
///   unless the config sets them
/// dependency targets with a config ─► their -I roots + "<proto> <Module>" mappings
/// target's dependencies ─► each ProtoHTTP product the generated code imports (RuntimeProducts)
/// protoc (config → $PROTOC → $PROTOC_PATH → PATH) --plugin=protoc-gen-protohttp ─► <base>.pb.swift per .proto,
///   plus <base>.client.pb.swift / <base>.server.pb.swift (Clients=true / Servers=true) per .proto
///   with a service; no <base>.pb.swift with Messages=false
/// ```
///
/// Inputs are the `.proto` files, the mapping files and the generator executable itself, so a
/// rebuilt generator regenerates; outputs are exactly the files the generator writes. Which
/// `.proto` files declare a service is read from their text before protoc runs
/// (``ProtoServiceScanner``), since outputs must be declared up front. protoc runs through the
/// generator's `--run-protoc` mode, so its errors arrive as `<absolute path>:<line>:<col>:
/// error: …`.
@main
struct ProtoHTTPPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let proto = try ProtoTarget.make(target, requireConfig: false, implyingLayers: true) else {
            throw PluginFailure("ProtoHTTPPlugin applies to Swift source targets; \(target.name) is not one")
        }
        if proto.protos.isEmpty { return [] }
        try RuntimeProducts(target: proto).check(target, of: proto, in: context.package)
        let dependencies = try target.recursiveTargetDependencies.compactMap { try ProtoTarget.make($0, requireConfig: true) }
        let generator = try context.tool(named: "protoc-gen-protohttp").url
        let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let invocation = try ProtocInvocation(target: proto, dependencies: dependencies, generator: generator,
                                              outputDirectory: outputDirectory, workDirectory: context.pluginWorkDirectoryURL)
        return [
            .buildCommand(
                displayName: "protoc-gen-protohttp: generating Swift for \(proto.protos.count) .proto file(s) of \(target.name)",
                executable: invocation.executable,
                arguments: invocation.executableArguments,
                inputFiles: invocation.inputs,
                outputFiles: invocation.outputs
            )
        ]
    }
}
