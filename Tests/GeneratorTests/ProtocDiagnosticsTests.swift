// ProtocDiagnosticsTests.swift: protoc's messages become `<absolute path>:<line>:<col>: error: …`, by table and through real protoc.

import Foundation
import ProtoDescriptors
import Testing

@Suite("protoc's messages as diagnostics")
struct ProtocDiagnosticsTests {
    /// Two -I roots; `greet/v1/greet.proto` exists only under the second, `a.proto` under both.
    let diagnostics = ProtocDiagnostics(
        protocArguments: ["--plugin=protoc-gen-x=/bin/x", "-I", "vendor", "--proto_path=/work/app/Protos", "greet/v1/greet.proto"],
        workingDirectory: "/work/app",
        fileExists: { ["/work/app/Protos/greet/v1/greet.proto", "/work/app/vendor/a.proto", "/work/app/Protos/a.proto"].contains($0) }
    )

    @Test func rewritesEachShapeOfLine() {
        let cases: [(String, String)] = [
            ("greet/v1/greet.proto:4:24: \"strin\" is not defined.",
             "/work/app/Protos/greet/v1/greet.proto:4:24: error: \"strin\" is not defined."),
            ("greet/v1/greet.proto:3:1: warning: Import \"x.proto\" is unused.",
             "/work/app/Protos/greet/v1/greet.proto:3:1: warning: Import \"x.proto\" is unused."),
            ("greet/v1/greet.proto:7:3: error: Expected \";\".",
             "/work/app/Protos/greet/v1/greet.proto:7:3: error: Expected \";\"."),
            // The first root that holds the file wins, as in protoc's own search.
            ("a.proto:1:1: Expected top-level statement.", "/work/app/vendor/a.proto:1:1: error: Expected top-level statement."),
            ("missing.proto: File not found.", "/work/app/missing.proto: error: File not found."),
            ("/abs/x/../y.proto: File does not reside within any path specified using --proto_path (or -I).",
             "/abs/y.proto: error: File does not reside within any path specified using --proto_path (or -I)."),
            ("--x_out: protoc-gen-x: Plugin failed with status code 1.",
             "error: protoc: --x_out: protoc-gen-x: Plugin failed with status code 1."),
            ("error: already a diagnostic", "error: already a diagnostic"),
        ]
        for (line, expected) in cases {
            #expect(diagnostics.rewrite(line: line, failed: true) == expected, "\(line)")
        }
        #expect(diagnostics.rewrite(line: "something odd", failed: false) == "warning: protoc: something odd")
        #expect(diagnostics.rewrite("a.proto: File not found.\n\n--x_out: failed.\n", failed: true)
                == "/work/app/vendor/a.proto: error: File not found.\nerror: protoc: --x_out: failed.")
    }

    @Test func readsEveryFormOfImportRoot() {
        let roots = ProtocDiagnostics(protocArguments: ["-Ione", "-I", "two", "--proto_path=/three", "--proto_path", "four", "x.proto"],
                                      workingDirectory: "/w").importRoots
        #expect(roots == ["/w/one", "/w/two", "/three", "/w/four"])
        #expect(ProtocDiagnostics(protocArguments: ["x.proto"], workingDirectory: "/w").importRoots == ["/w"], "no -I: protoc's default, .")
    }

    /// What the plugins run: `protoc-gen-protohttp --run-protoc <protoc> <arguments>`, on a
    /// broken file under an import root in a folder of its own.
    @Test(.enabled(if: PluginHarness.protocPath != nil, "protoc is not installed"))
    func theGeneratorRunsProtocAndRewritesItsErrors() async throws {
        let protoc = try #require(PluginHarness.protocPath)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-diag-\(UUID().uuidString)")
        let protos = root.appendingPathComponent("Protos/greet/v1")
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: protos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = protos.appendingPathComponent("greet.proto")
        try "syntax = \"proto3\";\npackage greet.v1;\n\nmessage Hello { strin name = 1; }\n".write(to: broken, atomically: true, encoding: .utf8)
        let arguments = ["--run-protoc", protoc, "--plugin=protoc-gen-protohttp=\(PluginHarness.pluginPath)",
                         "--protohttp_out=\(out.path)", "-I", root.appendingPathComponent("Protos").path, broken.path]

        let failed = try await PluginHarness.run(PluginHarness.pluginPath, arguments)
        #expect(failed.status == 1, "protoc's own status")
        let path = broken.resolvingSymlinksInPath().standardizedFileURL.path
        #expect(failed.stderr.contains("\(broken.path):4:17: error: \"strin\" is not defined.")
                || failed.stderr.contains("\(path):4:17: error: \"strin\" is not defined."), "\(failed.stderr)")

        try "syntax = \"proto3\";\npackage greet.v1;\n\nmessage Hello { string name = 1; }\n".write(to: broken, atomically: true, encoding: .utf8)
        let fixed = try await PluginHarness.run(PluginHarness.pluginPath, arguments)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("greet/v1/greet.pb.swift").path))

        let missing = try await PluginHarness.run(PluginHarness.pluginPath, ["--run-protoc", "/nonexistent/protoc", "x.proto"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot run protoc at /nonexistent/protoc"), "\(missing.stderr)")
        let bare = try await PluginHarness.run(PluginHarness.pluginPath, ["--run-protoc"])
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("--run-protoc needs protoc's path"), "\(bare.stderr)")
    }
}
