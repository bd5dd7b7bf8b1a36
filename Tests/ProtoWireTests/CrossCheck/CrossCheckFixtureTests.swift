// CrossCheckFixtureTests.swift: the committed protoc-c output must equal fresh protoc-c output.

import Foundation
import ProtoHTTPTestSupport
import Testing

/// Regenerates the protobuf-c fixtures into a temporary folder with
/// scripts/gen-protobuf-c-fixtures and diffs them against Tests/CProtobufCTestSupport/generated.
/// Skipped when protoc-c is not installed.
@Suite struct CrossCheckFixtureTests {
    static let packageRoot = URL(fileURLWithPath: PackageRoot.path)

    static let protocC: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/protoc-c")
        }
    }()

    static let files = ["test_types3.pb-c.c", "test_types3.pb-c.h", "test_types2.pb-c.c", "test_types2.pb-c.h"]

    @Test(.enabled(if: protocC, "protoc-c is not installed"))
    func committedProtobufCOutputIsFresh() throws {
        let fresh = FileManager.default.temporaryDirectory
            .appendingPathComponent("protowire-pbc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fresh) }

        let script = try #require(try ChildProcess.run(PackageRoot.path("scripts/gen-protobuf-c-fixtures"), [fresh.path], timeout: .seconds(300)),
                                  "scripts/gen-protobuf-c-fixtures did not finish within 300 s")
        try #require(script.status == 0, "scripts/gen-protobuf-c-fixtures failed: \(script.stderr)")

        let committed = Self.packageRoot.appendingPathComponent("Tests/CProtobufCTestSupport/generated")
        for name in Self.files {
            let new = try Data(contentsOf: fresh.appendingPathComponent(name))
            let old = try? Data(contentsOf: committed.appendingPathComponent(name))
            #expect(old == new, "\(name) is stale: run scripts/gen-protobuf-c-fixtures and commit the result")
        }
    }
}
