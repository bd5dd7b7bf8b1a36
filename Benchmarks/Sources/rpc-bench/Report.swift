// Report.swift: one line to standard error, for failures that end or mar a run.
#if canImport(Glibc)
import Glibc
#endif

/// Prints `rpc-bench: <message>` to standard error (unbuffered, so it survives an `exit`).
func report(_ message: String) {
    let text = "rpc-bench: \(message)\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}
