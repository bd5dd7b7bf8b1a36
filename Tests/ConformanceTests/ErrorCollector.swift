// ErrorCollector.swift: reads a child's stderr pipe to its end on another thread, so a long log cannot block it.

import Foundation

/// Reads a pipe to its end on another thread (build logs can be long).
final class ErrorCollector: @unchecked Sendable {
    // Safe: `data` is written once by the reading thread before `done` is signalled and only
    // read after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
