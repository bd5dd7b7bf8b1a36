// DescriptorSetLoader.swift: a FileDescriptorSet read from a file, or made by running protoc on a .proto file into a temporary file.
import Foundation
import ProtoDescriptors
import ProtoWire

/// Reads `FileDescriptorSet`s, and makes them from `.proto` files with protoc:
///
/// ```
/// protoc --include_imports --descriptor_set_out=<temp dir>/set.binpb -I <dir>... -I /usr/include FILE
/// ```
///
/// The `-I` directories are the user's (else the directory of FILE), then `$PROTO_INCLUDE`
/// (default `/usr/include`, where Debian's protobuf-compiler puts `google/protobuf/*.proto`), as
/// the repository's scripts do. protoc is `$PROTOC` (or `$PROTOC_PATH`), else `protoc` on `PATH`. The temporary
/// directory is removed whatever happens; protoc's messages come back as diagnostics
/// (``ProtocDiagnostics``: `<absolute path>:<line>:<col>: error: …`).
enum DescriptorSetLoader {
    /// Decodes the `FileDescriptorSet` in the file at `path`.
    static func read(_ path: String) throws(CLIError) -> Google_Protobuf_FileDescriptorSet {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(.usage, "cannot read the descriptor set \(path): \(FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file").")
        }
        return try decode([UInt8](data), from: path)
    }

    /// Decodes `bytes` as a `FileDescriptorSet`; `source` names them in the error.
    static func decode(_ bytes: [UInt8], from source: String) throws(CLIError) -> Google_Protobuf_FileDescriptorSet {
        do {
            let set = try Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)
            guard !set.file.isEmpty else {
                throw CLIError(.usage, "\(source) holds no files: it is empty or not a FileDescriptorSet; make one with protoc --include_imports --descriptor_set_out=FILE.")
            }
            return set
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(.usage, "\(source) is not a binary FileDescriptorSet (\(error)); make one with protoc --include_imports --descriptor_set_out=FILE.")
        }
    }

    /// Runs protoc on `file` and decodes the set it writes.
    static func compile(_ file: String, importPaths: [String]) throws(CLIError) -> Google_Protobuf_FileDescriptorSet {
        // As protoc and grpcurl do: a file named relative to an -I directory is found there.
        let underImports = importPaths.contains { FileManager.default.fileExists(atPath: URL(fileURLWithPath: $0).appendingPathComponent(file).path) }
        guard FileManager.default.fileExists(atPath: file) || underImports else {
            let searched = importPaths.isEmpty ? "" : " (nor under \(importPaths.map { "-I \($0)" }.joined(separator: ", ")))"
            throw CLIError(.usage, "cannot read the .proto file \(file): no such file\(searched).")
        }
        let protoc = try findProtoc()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw CLIError(.usage, "cannot make a temporary directory in \(FileManager.default.temporaryDirectory.path) for protoc's output: \(error.localizedDescription).")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        let output = temporary.appendingPathComponent("set.binpb").path
        // Without -I, the file's own folder; both absolute, as protoc wants the folder to be an
        // exact prefix of the file's path.
        let absolute = URL(fileURLWithPath: file).standardizedFileURL
        let includes = importPaths.isEmpty ? [absolute.deletingLastPathComponent().path] : importPaths
        // With -I, protoc takes the name as given: a path under an -I directory, or one relative to it.
        let fileArgument = importPaths.isEmpty ? absolute.path : file
        let system = ProcessInfo.processInfo.environment["PROTO_INCLUDE"] ?? "/usr/include"
        var arguments = ["--include_imports", "--descriptor_set_out=\(output)"]
        for directory in includes + [system] { arguments.append("-I\(directory)") }
        arguments.append(fileArgument)
        let (status, errors) = try run(protoc, arguments)
        guard status == 0 else {
            // As `<absolute path>:<line>:<col>: error: …`, so a terminal or editor can open the line.
            let text = ProtocDiagnostics(protocArguments: arguments).rewrite(errors, failed: true)
            throw CLIError(.usage, "protoc could not compile \(file)\(text.isEmpty ? " (exit status \(status))" : ":\n\(text)")")
        }
        return try read(output)
    }

    /// `$PROTOC`, else `$PROTOC_PATH`, else the first executable `protoc` on `PATH`.
    /// Editions files need protoc 27 or newer (`scripts/protoc-editions` installs one).
    static func findProtoc() throws(CLIError) -> String {
        let environment = ProcessInfo.processInfo.environment
        for variable in ["PROTOC", "PROTOC_PATH"] {
            guard let path = environment[variable], !path.isEmpty else { continue }
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CLIError(.usage, "\(variable) is \(path), which is not an executable file; point it at protoc, or unset it to use protoc from PATH.")
            }
            return path
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/protoc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw CLIError(.usage, "protoc is not installed (not found on PATH): install protobuf-compiler (apt-get install protobuf-compiler), set PROTOC, or pass --descriptor-set with a FileDescriptorSet made elsewhere.")
    }

    /// Runs `program` to completion; its standard error, read while it runs, comes back.
    private static func run(_ program: String, _ arguments: [String]) throws(CLIError) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIError(.usage, "cannot run \(program): \(error.localizedDescription); install protobuf-compiler (apt-get install protobuf-compiler).")
        }
        let errors = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
    }
}
