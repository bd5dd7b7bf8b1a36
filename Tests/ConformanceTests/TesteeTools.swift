// TesteeTools.swift: the package root, protoc and the built protoc-gen-protohttp, for the conformance testee tests.

import Foundation
import ProtoHTTPTestSupport

/// Paths the conformance testee tests need to build the testee through its script.
enum TesteeTools {
    /// The package root.
    static let packageRoot = URL(fileURLWithPath: PackageRoot.path)

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
}

/// A failure of the testee, its script or its framing, with their own message.
struct HarnessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
