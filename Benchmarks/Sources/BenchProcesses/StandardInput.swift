// StandardInput.swift: a serve child's standard input: its end is the parent's "stop".
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// The parent holds the write end of a child's standard input: closing it, or dying, ends it.
public enum StandardInput {
    /// Reads and discards standard input until its end (or a read error). Blocks.
    public static func waitForEnd() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count == 0 || (count < 0 && errno != EINTR) { return }
        }
    }

    /// Returns when standard input reaches its end (or fails), reading it off the cooperative pool.
    public static func endOfInput() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                waitForEnd()
                continuation.resume()
            }
        }
    }
}
