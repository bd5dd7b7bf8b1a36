// PluginHarness.swift: finds protoc and the built plugin, and runs them for the generator tests.

import Foundation
import ProtoDescriptors
import ProtoWire

/// Paths and process helpers shared by the generator tests.
enum PluginHarness {
    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `protoc` from `PROTOC_PATH` or `PATH`, or `nil` when it is not installed.
    static let protocPath: String? = {
        let env = ProcessInfo.processInfo.environment
        if let explicit = env["PROTOC_PATH"], FileManager.default.isExecutableFile(atPath: explicit) { return explicit }
        for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/protoc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Where Debian's libprotobuf-dev puts the well-known types' `.proto` files.
    static let protoInclude = ProcessInfo.processInfo.environment["PROTO_INCLUDE"] ?? "/usr/include"

    /// The protoc that knows editions (protobuf 36, `scripts/protoc-editions`), found once per
    /// test process: its path, or why there is none. Its include folder holds the
    /// `descriptor.proto` and `plugin.proto` the bootstrap descriptors come from.
    static let editionsProtoc: Result<String, HarnessError> = {
        let script = packageRoot.appendingPathComponent("scripts/protoc-editions").path
        guard let output = try? runBlocking("/bin/bash", [script], stdin: Data(), in: packageRoot) else {
            return .failure(HarnessError(message: "scripts/protoc-editions could not be started"))
        }
        let last = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard output.status == 0, last.hasPrefix("/") else {
            return .failure(HarnessError(message: "scripts/protoc-editions failed (\(output.status)): \(output.stderr.suffix(2000))"))
        }
        return .success(last)
    }()

    /// The include folder of ``editionsProtoc``.
    static func editionsInclude() throws -> String {
        URL(fileURLWithPath: try editionsProtoc.get()).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("include").path
    }

    /// The `protoc-gen-protohttp` built next to the test bundle (the test target depends on it).
    static let pluginPath: String = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("protoc-gen-protohttp").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return "protoc-gen-protohttp-not-found-next-to-\(exe.path)"
    }()

    /// The result of running a process.
    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    /// Runs `executable` with `arguments`, feeding `stdin`, in `directory`, on a Dispatch
    /// thread: waiting for a child on the cooperative pool (one thread per core) stalled every
    /// other suite for as long as the generator tests ran (30 s on a fresh clone in CI).
    static func run(_ executable: String, _ arguments: [String], stdin: Data = Data(),
                    in directory: URL = packageRoot) async throws -> Output {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Output, any Error>) in
            DispatchQueue.global().async {
                done.resume(with: Result { try runBlocking(executable, arguments, stdin: stdin, in: directory) })
            }
        }
    }

    /// Runs a process and waits for it, blocking the calling thread.
    static func runBlocking(_ executable: String, _ arguments: [String], stdin: Data, in directory: URL) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs protoc with the plugin on `files` (relative to `includePath`) and returns the
    /// generated files by name, or throws with protoc's message.
    static func generate(_ files: [String], includePath: String, option: String,
                         protoc: String? = nil) async throws -> [String: String] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await run(protoc ?? protocPath ?? "protoc", [
            "--plugin=protoc-gen-protohttp=\(pluginPath)",
            "--protohttp_out=\(option):\(out.path)",
            "-I", includePath,
        ] + files)
        guard result.status == 0 else { throw HarnessError(message: "protoc failed: \(result.stderr)") }
        var generated: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let name = String(url.path.dropFirst(out.path.count + 1))
            generated[name] = try String(contentsOf: url, encoding: .utf8)
        }
        return generated
    }

    /// Sends `request` straight to the plugin (no protoc) and decodes its response.
    static func invoke(_ request: Google_Protobuf_Compiler_CodeGeneratorRequest) async throws -> Google_Protobuf_Compiler_CodeGeneratorResponse {
        let result = try await run(pluginPath, [], stdin: Data(request.serializedBytes()))
        guard result.status == 0 else { throw HarnessError(message: "plugin exited \(result.status): \(result.stderr)") }
        return try Google_Protobuf_Compiler_CodeGeneratorResponse(serializedBytes: result.stdout)
    }

    /// The `.proto` files in a package-relative directory, sorted.
    static func protos(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(directory).path)
            .filter { $0.hasSuffix(".proto") }.sorted().map { directory + "/" + $0 }
    }

    /// The contents of a package-relative file.
    static func committed(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }
}

/// A harness failure with protoc's or the plugin's own message.
struct HarnessError: Error, CustomStringConvertible, Sendable {
    let message: String
    var description: String { message }
}

/// The first line that differs between two texts, for readable golden failures.
func firstDifference(_ a: String, _ b: String) -> String {
    let la = a.split(separator: "\n", omittingEmptySubsequences: false)
    let lb = b.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(la.count, lb.count) {
        let x = i < la.count ? String(la[i]) : "<end of file>"
        let y = i < lb.count ? String(lb[i]) : "<end of file>"
        if x != y { return "line \(i + 1):\n  committed: \(x)\n  generated: \(y)" }
    }
    return "identical"
}

extension Dictionary where Key == String, Value == String {
    /// The generated file named `name` (`edge_cases.client.pb.swift`) in any folder, or "" when
    /// there is none.
    func file(_ name: String) -> String {
        first { $0.key == name || $0.key.hasSuffix("/" + name) }?.value ?? ""
    }
}

/// The `import` lines of a generated file, in order.
func importLines(_ text: String) -> [String] {
    text.split(separator: "\n").filter { line in ["import ", "public import ", "internal import ", "package import "].contains { line.hasPrefix($0) } }.map(String.init)
}
