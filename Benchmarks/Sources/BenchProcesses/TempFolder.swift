// TempFolder.swift: a run's scratch folder under /tmp: config files, scripts, logs, queue and cache files.
import Foundation

/// A folder made with `mkdtemp` and removed with everything in it at the end of the run.
public struct TempFolder: Sendable {
    /// The folder's absolute path, without a trailing slash.
    public let path: String

    /// Creates `/tmp/<tool>.XXXXXX` (`tool`: the benchmark's name, `rpc-bench` or `bench-scale`).
    public static func make(for tool: String) throws -> TempFolder {
        var template = Array("/tmp/\(tool).XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw ProcessError("mkdtemp under /tmp failed: \(String(cString: strerror(errno)))")
        }
        return TempFolder(path: String(cString: made))
    }

    /// The absolute path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Creates the folder `name` (and its parents) inside the folder; returns its path.
    @discardableResult
    public func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }

    /// Writes `bytes` to `name`, creating intermediate folders.
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: file(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Writes `text` as UTF-8 to `name`.
    public func write(_ name: String, text: String) throws {
        try write(name, Array(text.utf8))
    }

    /// The text of `name`, or "" if it cannot be read.
    public func read(_ name: String) -> String {
        (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
    }

    /// The size of `name` in bytes, 0 if it does not exist.
    public func size(_ name: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file(name)))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Removes `name` (a file or a folder with everything in it), if it is there.
    public func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: file(name))
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
