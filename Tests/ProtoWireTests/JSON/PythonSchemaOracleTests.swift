// PythonSchemaOracleTests.swift: Protos/test messages cross ProtoWire's JSON and Google's Python json_format.

import Dispatch
import Foundation
import ProtoHTTPTestSupport
import ProtoWire
import ProtoWireTestSchema
import Testing

/// The Protos/test types have no conformance testee, so they cross by files
/// (`Tests/PythonOracle/schema_corpus.py`): Python writes seeded random messages as binary and
/// as its JSON; this test parses each JSON with ProtoWire and writes its binary, and encodes
/// each binary as ProtoWire JSON; Python then checks both against the originals, the JSON also
/// against its canonical form. The conformance schemas are covered by `PythonOracleTests`.
/// Skipped only when Python or protoc is missing; a missing `../shared/conformance` fails.
@Suite("Python JSON oracle, Protos/test", .enabled(if: SchemaOracle.available, Comment(rawValue: SchemaOracle.unavailableReason)))
struct PythonSchemaOracleTests {
    /// Runs on a Dispatch thread: the Python runs block for seconds, and a blocked thread of
    /// the cooperative pool (two on this machine) stalls every other suite's async test.
    /// The problems are recorded here, in the test's task: an issue recorded on a Dispatch
    /// thread belongs to no test and was reported against every test running at the time.
    @Test func protosTestMessagesAgreeWithGooglesPythonProtobuf() async throws {
        let problems = try await withCheckedThrowingContinuation { (done: CheckedContinuation<[String], any Error>) in
            DispatchQueue.global().async { done.resume(with: Result { try Self.crossCheck() }) }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// Runs the exchange and returns what went wrong, empty when the two sides agree.
    static func crossCheck() throws -> [String] {
        _ = try ConformanceSchemas.require()
        let python = try SchemaOracle.environment.python()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-schema-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("corpus.tsv")
        let answers = folder.appendingPathComponent("answers.tsv")
        let script = SchemaOracle.root.appendingPathComponent("Tests/PythonOracle/schema_corpus.py").path

        let written = try SchemaOracle.execute(python, [script, "write", "--out", corpus.path])
        guard written.status == 0 else {
            return ["schema_corpus.py write failed (\(written.status)):\n\(written.output.suffix(8000))"]
        }
        let lines = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n")
        var problems: [String] = []
        if lines.count < 100 { problems.append("the corpus holds \(lines.count) messages, fewer than 100") }
        var out = ""
        for line in lines {
            out += try SchemaOracle.answer(line) + "\n"
        }
        try out.write(to: answers, atomically: true, encoding: .utf8)

        let checked = try SchemaOracle.execute(python, [script, "check", "--corpus", corpus.path, "--answers", answers.path])
        if checked.status != 0 {
            let seed = written.output.split(separator: "\n").first.map(String.init) ?? ""
            let report = "ProtoWire's JSON disagrees with Google's Python (\(seed)):\n\(checked.output.suffix(20_000))"
            problems.append(report)
        }
        return problems
    }
}

/// The Swift half of the file exchange, and the small process helpers it needs (the same
/// steps as `PythonOracle` in GeneratorTests, which is another module).
enum SchemaOracle {
    static let root = URL(fileURLWithPath: PackageRoot.path)

    /// JSON to binary and binary to JSON for one message type.
    struct Codec: Sendable {
        let fromJSON: @Sendable (String) throws -> [UInt8]
        let toJSON: @Sendable ([UInt8]) throws -> String
    }

    static func codec<M: ProtoMessage>(_: M.Type, extensions: ExtensionRegistry = ExtensionRegistry()) -> Codec {
        Codec(fromJSON: { try M(jsonString: $0, options: JSONDecodingOptions(extensions: extensions)).serializedBytes() },
              toJSON: { try M(serializedBytes: $0, extensions: extensions).jsonString() })
    }

    /// Every type schema_corpus.py fills (its TYPES), by full name.
    static let codecs: [String: Codec] = [
        "protohttp.test.TestAllTypes3": codec(Protohttp_Test_TestAllTypes3.self),
        "protohttp.test.Presence3": codec(Protohttp_Test_Presence3.self),
        "protohttp.test2.TestAllTypes2": codec(Protohttp_Test2_TestAllTypes2.self),
        "protohttp.test2.Groups2": codec(Protohttp_Test2_Groups2.self),
        "protohttp.ext2.Extendable": codec(Protohttp_Ext2_Extendable.self, extensions: Protohttp_Ext2_TestExtensions2_Extensions),
    ]

    /// One answer line: ok|error, base64 binary of the JSON (or the error), ok|error, base64 JSON of the binary (or the error).
    static func answer(_ line: Substring) throws -> String {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, let codec = codecs[String(fields[0])],
              let binary = Data(base64Encoded: String(fields[1])), let json = Data(base64Encoded: String(fields[2])) else {
            throw OracleError("a corpus line this test cannot read (unknown type or bad base64): \(line.prefix(200))")
        }
        var parts: [String] = []
        do {
            parts += ["ok", Data(try codec.fromJSON(String(decoding: json, as: UTF8.self))).base64EncodedString()]
        } catch {
            parts += ["error", Data("\(error)".utf8).base64EncodedString()]
        }
        do {
            parts += ["ok", Data(try codec.toJSON([UInt8](binary)).utf8).base64EncodedString()]
        } catch {
            parts += ["error", Data("\(error)".utf8).base64EncodedString()]
        }
        return parts.joined(separator: "\t")
    }

    struct OracleError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What `scripts/python-env` reported, once per test process (exit status 3: no Python).
    enum Environment {
        case ready(python: String)
        case noPython(String)
        case failed(String)

        func python() throws -> String {
            switch self {
            case .ready(let python): return python
            case .noPython(let why), .failed(let why): throw OracleError(why)
            }
        }
    }

    static let environment: Environment = {
        do {
            let run = try execute("/bin/bash", [root.appendingPathComponent("scripts/python-env").path])
            let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
            if run.status == 0, last.hasPrefix("/") { return .ready(python: last) }
            let why = "scripts/python-env failed (\(run.status)):\n\(run.output.suffix(4000))"
            return run.status == 3 ? .noPython(why) : .failed(why)
        } catch {
            return .failed("cannot run scripts/python-env: \(error)")
        }
    }()

    /// Whether protoc is installed (scripts/install-deps installs it). Missing conformance
    /// schemas do not skip: the test fails with ``ConformanceSchemas/missing``.
    static var protocPresent: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/protoc") }
    }

    static var available: Bool {
        guard protocPresent else { return false }
        if case .noPython = environment { return false }
        return true
    }

    static var unavailableReason: String {
        if !protocPresent { return "needs protoc (scripts/install-deps installs it)" }
        if case .noPython(let why) = environment { return "needs Python 3.9+ with venv: \(why)" }
        return ""
    }

    /// Runs a process with stdout and stderr in one pipe.
    static func execute(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
