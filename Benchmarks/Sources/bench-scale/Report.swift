// Report.swift: bench-scale's two kinds of output besides RESULT lines: `#` notes on standard output and failures on standard error.
#if canImport(Glibc)
import Glibc
#endif

/// Prints `bench-scale: <message>` to standard error (unbuffered, so it survives an `exit`).
func report(_ message: String) {
    let text = "bench-scale: \(message)\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// Prints `# <message>` to standard output and flushes it, so notes and RESULT lines reach a
/// pipe in order as they are made.
func note(_ message: String) {
    print("# \(message)")
    flushOutput()
}

/// Flushes every C stream, standard output among them (`stdout` itself is not
/// concurrency-safe to name).
func flushOutput() {
    fflush(nil)
}
