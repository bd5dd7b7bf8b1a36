// PythonClient.swift: runs a script from Clients/ with the virtualenv of scripts/python-client-env and collects its output.
import Foundation

/// Runs the independent Python clients in `Clients/` with the virtualenv `scripts/python-client-env`
/// makes (the same one the client tests' Python peers use); its `gen/` holds the code generated
/// from `Protos/demo/notes.proto`.
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

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The virtualenv's python and its generated-code folder, made once per test process.
    private static let environment: Result<(python: String, gen: String), Failure> = {
        let result = runProgram(root.appendingPathComponent("scripts/python-client-env").path, [], timeout: 600)
        guard let result, result.status == 0, let python = result.lines.last else {
            return .failure(Failure(description: "scripts/python-client-env failed: \(result?.stderr ?? "it did not finish in time")"))
        }
        let gen = URL(fileURLWithPath: python).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("gen").path
        return .success((python, gen))
    }()

    /// Runs `Clients/<script>` with the generated-code folder and `arguments`, off the cooperative pool.
    static func run(_ script: String, _ arguments: [String], timeout: Double = 120) async throws -> Output {
        try await offPool {
            let (python, gen) = try environment.get()
            let path = root.appendingPathComponent("Tests/ProtoHTTPServerTests/Clients/\(script)").path
            guard let output = runProgram(python, [path, gen] + arguments, timeout: timeout) else {
                throw Failure(description: "\(script) did not finish within \(timeout) s")
            }
            return output
        }
    }

    /// Runs a program to completion, or kills it after `timeout` seconds and returns `nil`. Its
    /// output goes to temporary files, which never fill up and block it the way pipes can, nor
    /// stay open in other children spawned meanwhile (a pipe inherited by a concurrent
    /// `pip install` withholds EOF until that exits). Blocks: call it off the cooperative pool.
    static func runProgram(_ executable: String, _ arguments: [String], timeout: Double) -> Output? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-python-\(UUID().uuidString)")
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
            try process.run()
        } catch {
            return Output(status: -1, stdout: "", stderr: "\(executable) did not start: \(error)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        let stdout = (try? Data(contentsOf: outURL)) ?? Data()
        let stderr = (try? Data(contentsOf: errURL)) ?? Data()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stdoutBytes: Array(stdout), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
