// TempFolder.swift: the run's scratch folder under /tmp: nginx's config, wrk's script, logs, queue and cache files.
import Foundation

/// A folder made with `mkdtemp` and removed with everything in it at the end of the run.
struct TempFolder: Sendable {
    /// The folder's absolute path, without a trailing slash.
    let path: String

    /// Creates `/tmp/bench-scale.XXXXXX`.
    static func make() throws -> TempFolder {
        var template = Array("/tmp/bench-scale.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw ScaleError("mkdtemp under /tmp failed: \(String(cString: strerror(errno)))")
        }
        return TempFolder(path: String(cString: made))
    }

    /// The absolute path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Creates the folder `name` (and its parents) inside the folder; returns its path.
    @discardableResult
    func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }

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

    /// The size of `name` in bytes, 0 if it does not exist.
    func size(_ name: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file(name)))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Removes `name` (a file or a folder with everything in it), if it is there.
    func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: file(name))
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
