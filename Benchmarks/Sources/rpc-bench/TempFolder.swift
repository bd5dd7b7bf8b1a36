// TempFolder.swift: the benchmark's scratch folder under /tmp: config files, scripts, logs.
import Foundation

/// A folder made with `mkdtemp` and removed with everything in it at the end of the run.
struct TempFolder: Sendable {
    /// The folder's absolute path, without a trailing slash.
    let path: String

    /// Creates `/tmp/rpc-bench.XXXXXX`.
    static func make() throws -> TempFolder {
        var template = Array("/tmp/rpc-bench.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw BenchError("mkdtemp under /tmp failed: \(String(cString: strerror(errno)))")
        }
        return TempFolder(path: String(cString: made))
    }

    /// The absolute path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name`, creating intermediate folders.
    func write(_ name: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: file(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Writes `text` as UTF-8 to `name`.
    func write(_ name: String, text: String) throws {
        try write(name, Array(text.utf8))
    }

    /// The text of `name`, or "" if it cannot be read.
    func read(_ name: String) -> String {
        (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
