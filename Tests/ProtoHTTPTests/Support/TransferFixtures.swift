// TransferFixtures.swift: a temporary folder of random files for the upload tests.
import Foundation

/// Files for transfer tests, in a temporary folder removed by ``remove()``.
struct TransferFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "protohttp-transfer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A file of `bytes` random bytes, written by `head -c` without passing through this process.
    func randomFile(_ name: String, bytes: Int) throws -> String {
        let file = path + "/" + name
        try writeRandomFile(file, bytes: bytes)
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
