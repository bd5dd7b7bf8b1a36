// CLI.swift: runs the built `protohttp` executable (and finds `protohttp-demo`) as a child process, off the cooperative pool.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Testing

/// The `protohttp` executable next to the tests, run to completion.
enum CLI {
    /// The built `protohttp` (or `name`, e.g. `protohttp-demo`), found next to the test bundle
    /// (as the server tests find it).
    static func executable(_ name: String = "protohttp") throws -> String {
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        throw ChildProcess.Failure("\(name) is not built next to the tests; run swift build --build-tests first")
    }

    /// Runs `protohttp <arguments>` with `input` on standard input, within 60 s.
    static func run(_ arguments: [String], input: [UInt8]? = nil, environment: [String: String]? = nil) async throws -> ChildProcess.Completed {
        let program = try executable()
        let done = try await offPool {
            try ChildProcess.run(program, arguments, environment: environment, input: input, timeout: .seconds(60))
        }
        guard let done else { throw ChildProcess.Failure("protohttp \(arguments.joined(separator: " ")) did not finish within 60 s") }
        return done
    }

    /// The repository's demo schema.
    static let notesProto = PackageRoot.path("Protos/demo/notes.proto")
    /// The Python peers' schema.
    static let rpcTestProto = PackageRoot.path("Tests/ProtoHTTPTests/PythonPeers/protos/rpc_test.proto")
    /// The shared conformance schemas, outside the repository (never copied in).
    static let conformanceDirectory = ConformanceSchemas.directory
}

/// Runs a one-shot tool (protoc) to completion off the pool, within 60 s; `nil` if it hung.
func runTool(_ program: String, _ arguments: [String], input: [UInt8]? = nil) async throws -> ChildProcess.Completed {
    let done = try await offPool { try ChildProcess.run(program, arguments, input: input, timeout: .seconds(60)) }
    guard let done else { throw ChildProcess.Failure("\(program) did not finish within 60 s") }
    return done
}

/// A temporary folder removed by ``remove()``.
struct TemporaryFolder {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
