// PythonEditionsOracleTests.swift: cross-checks the testee's editions messages against Google's Python protobuf.

import Foundation
import Testing

/// Runs `Tests/PythonOracle/editions_oracle.py` in the oracle's virtualenv, against the
/// conformance testee (which `scripts/conformance-testee` builds with the editions schemas of
/// `../shared/conformance/editions`, compiled by protobuf 36's protoc): for each of
/// TestAllTypesEdition2023 and the editions versions of TestAllTypesProto2 and
/// TestAllTypesProto3, 400 seeded random messages each through the binary, JSON and text
/// formats both ways (1,200 per schema), the editions versions answered byte for byte as their
/// originals are (400 inputs each), and edge cases (closed enums, delimited fields, implicit
/// presence, UTF-8 checks). Skipped only when Python is missing.
///
/// `ORACLE_SEED=N swift test --filter PythonEditionsOracle` repeats a run; the seed is in the output.
@Suite("Python editions oracle", .enabled(if: PythonOracle.available, Comment(rawValue: PythonOracle.unavailableReason)))
struct PythonEditionsOracleTests {
    @Test func editionsMessagesAgreeWithGooglesPythonProtobuf() async throws { try await offThePool { try self.body() } }
    func body() throws {
        let python = try PythonOracle.environment.python()
        let testee = try ConformanceTestee.path()
        let run = try PythonOracle.execute(python, [
            PythonOracle.directory.appendingPathComponent("editions_oracle.py").path,
            "--testee", testee, "--conformance", ConformanceTestee.schemas.path, "--count", "400",
        ])
        let summary = run.output.split(separator: "\n").last { $0.hasPrefix("RESULT editions-oracle") }.map(String.init)
        if run.status != 0 || run.timedOut {
            Issue.record("the Python editions oracle found mismatches (\(summary ?? "no summary line")):\n\(run.output.suffix(20_000))")
        } else {
            #expect(summary?.contains(" messages=1200 binary_identical=1200 ") == true && summary?.hasSuffix(" failures=0") == true,
                    "no clean summary line:\n\(run.output.suffix(4000))")
        }
    }
}
