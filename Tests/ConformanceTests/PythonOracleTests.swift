// PythonOracleTests.swift: cross-checks the testee's proto3 JSON against Google's Python protobuf (Tests/PythonOracle).

import Foundation
import Testing

/// Runs `Tests/PythonOracle/json_oracle.py` in the virtualenv that `scripts/python-env` makes,
/// against the conformance testee that `scripts/conformance-testee` builds: seeded random
/// `TestAllTypesProto3`/`TestAllTypesProto2` messages cross the testee as JSON in both
/// directions, and every case of the edge-case table goes through Python's `json_format` and
/// the testee. Skipped only when Python or protoc is missing (a missing `../shared/conformance`
/// fails, with one message); an
/// incomplete Swift JSON mapping fails (the table marks known gaps as pending, by name).
///
/// `ORACLE_SEED=N swift test --filter PythonOracle` repeats a run; the seed is in the output.
@Suite("Python JSON oracle", .enabled(if: PythonOracle.available, Comment(rawValue: PythonOracle.unavailableReason)))
struct PythonOracleTests {
    @Test func swiftJSONAgreesWithGooglesPythonProtobuf() async throws { try await offThePool { try self.swiftJSONAgreesWithGooglesPythonProtobufBody() } }
    func swiftJSONAgreesWithGooglesPythonProtobufBody() throws {
        let python = try PythonOracle.environment.python()
        let testee = try ConformanceTestee.path()
        let run = try PythonOracle.execute(python, [
            PythonOracle.directory.appendingPathComponent("json_oracle.py").path,
            "--testee", testee, "--conformance", ConformanceTestee.schemas.path,
        ])
        let summary = run.output.split(separator: "\n").last { $0.hasPrefix("oracle: ") }.map(String.init)
        if run.status != 0 || run.timedOut {
            Issue.record("the Python oracle found mismatches (\(summary ?? "no summary line")):\n\(run.output.suffix(20_000))")
        } else {
            #expect(summary?.contains(" 0 failed") == true, "no clean summary line:\n\(run.output.suffix(4000))")
        }
    }
}

/// Runs `Tests/PythonOracle/text_oracle.py` the same way: random messages through the
/// testee's text format both ways against Python's `text_format`, the conformance suite's text
/// format cases (text_cases.py) and the unknown-field printing cases.
@Suite("Python text format oracle", .enabled(if: PythonOracle.available, Comment(rawValue: PythonOracle.unavailableReason)))
struct PythonTextOracleTests {
    @Test func swiftTextFormatAgreesWithGooglesPythonProtobuf() async throws { try await offThePool { try self.swiftTextFormatAgreesWithGooglesPythonProtobufBody() } }
    func swiftTextFormatAgreesWithGooglesPythonProtobufBody() throws {
        let python = try PythonOracle.environment.python()
        let testee = try ConformanceTestee.path()
        let run = try PythonOracle.execute(python, [
            PythonOracle.directory.appendingPathComponent("text_oracle.py").path,
            "--testee", testee, "--conformance", ConformanceTestee.schemas.path,
        ])
        let summary = run.output.split(separator: "\n").last { $0.hasPrefix("RESULT text-oracle") }.map(String.init)
        if run.status != 0 || run.timedOut {
            Issue.record("the Python text oracle found mismatches (\(summary ?? "no summary line")):\n\(run.output.suffix(20_000))")
        } else {
            #expect(summary?.contains(" mismatches=0 ") == true && summary?.hasSuffix(" failures=0") == true,
                    "no clean summary line:\n\(run.output.suffix(4000))")
        }
    }
}

/// Finds Python, prepares the oracle's virtualenv once per test process, and runs scripts.
enum PythonOracle {
    static let directory = TesteeTools.packageRoot.appendingPathComponent("Tests/PythonOracle")

    /// What `scripts/python-env` reported, once per test process.
    enum Environment {
        case ready(python: String)
        case noPython(String)  // exit status 3: the suite is disabled
        case failed(String)    // anything else (PyPI unreachable, ...): the test fails

        func python() throws -> String {
            switch self {
            case .ready(let python): return python
            case .noPython(let why), .failed(let why): throw HarnessError(message: why)
            }
        }
    }

    static let environment: Environment = {
        do {
            let run = try execute("/bin/bash", [TesteeTools.packageRoot.appendingPathComponent("scripts/python-env").path])
            let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
            if run.status == 0, last.hasPrefix("/") { return .ready(python: last) }
            let why = "scripts/python-env failed (\(run.status)):\n\(run.output.suffix(4000))"
            return run.status == 3 ? .noPython(why) : .failed(why)
        } catch {
            return .failed("cannot run scripts/python-env: \(error)")
        }
    }()

    static var available: Bool {
        guard ConformanceTestee.available else { return false }
        if case .noPython = environment { return false }
        return true
    }

    static var unavailableReason: String {
        if !ConformanceTestee.available { return ConformanceTestee.unavailableReason }
        if case .noPython(let why) = environment { return "needs Python 3.9+ with venv: \(why)" }
        return ""
    }

    struct Run {
        let status: Int32
        let output: String  // stdout and stderr, interleaved as written
        let timedOut: Bool
    }

    /// Runs a process with stdout and stderr in one pipe; stops it after `timeout` seconds.
    static func execute(_ executable: String, _ arguments: [String], timeout: Double = 600) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = TesteeTools.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"  // no __pycache__ in Tests/PythonOracle
        process.environment = environment
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let collected = ErrorCollector(output.fileHandleForReading)
        let timedOut = exited.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            process.terminate()
            exited.wait()
        }
        let text = collected.text() + (timedOut ? "\n(stopped after \(Int(timeout)) s)" : "")
        return Run(status: process.terminationStatus, output: text, timedOut: timedOut)
    }
}
