// PythonClient.swift: runs a script from PythonClients/ with the virtualenv of scripts/python-client-env and collects its output.
import Foundation
import ProtoHTTPTestSupport

/// Runs the independent Python clients in `PythonClients/` with the virtualenv
/// `scripts/python-client-env` makes (the same one the client tests' Python peers use); its
/// `gen/` holds the code generated from `Protos/demo/notes.proto`.
enum PythonClient {
    /// What a script printed and how it ended.
    struct Output: Sendable {
        var status: Int32
        var stdout: String
        /// stdout as raw bytes, for binary output.
        var stdoutBytes: [UInt8] = []
        var stderr: String
        /// The non-empty lines of stdout.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The virtualenv's python and its generated-code folder, made once per test process.
    private static let environment: Result<(python: String, gen: String), Failure> = {
        let result = runProgram(PackageRoot.path("scripts/python-client-env"), [], timeout: 600)
        guard let result, result.status == 0, let python = result.lines.last else {
            return .failure(Failure(description: "scripts/python-client-env failed: \(result?.stderr ?? "it did not finish in time")"))
        }
        let gen = URL(fileURLWithPath: python).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("gen").path
        return .success((python, gen))
    }()

    /// Runs `PythonClients/<script>` with the generated-code folder and `arguments`, off the cooperative pool.
    static func run(_ script: String, _ arguments: [String], timeout: Double = 120) async throws -> Output {
        try await offPool {
            let (python, gen) = try environment.get()
            let path = PackageRoot.path("Tests/ProtoHTTPServerTests/PythonClients/\(script)")
            guard let output = runProgram(python, [path, gen] + arguments, timeout: timeout) else {
                throw Failure(description: "\(script) did not finish within \(timeout) s")
            }
            return output
        }
    }

    /// Runs a program to completion with ``ChildProcess/run(_:_:environment:input:timeout:)``
    /// (output in temporary files, which never fill up and block it the way pipes can), or
    /// stops it after `timeout` seconds and returns `nil`. Blocks: call it off the cooperative pool.
    static func runProgram(_ executable: String, _ arguments: [String], timeout: Double) -> Output? {
        do {
            guard let result = try ChildProcess.run(executable, arguments, timeout: .milliseconds(Int(timeout * 1000))) else { return nil }
            return Output(status: result.status, stdout: result.stdout, stdoutBytes: result.stdoutBytes, stderr: result.stderr)
        } catch {
            return Output(status: -1, stdout: "", stderr: "\(executable) did not start: \(error)")
        }
    }
}
