// PrintedLines.swift: what a documentation example printed, for the tests that run the examples as written.
import Synchronization

/// The lines a documentation example printed. A test file that runs an article's code as written
/// shadows `print` with a file-private function that appends here, so the example keeps its
/// `print` calls and the test asserts what they printed (from any thread: callbacks print too).
public final class PrintedLines: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// Appends one printed line, as `print(_:separator:)` would have written it.
    public func append(_ items: [Any], separator: String = " ") {
        let line = items.map { "\($0)" }.joined(separator: separator)
        lines.withLock { $0.append(line) }
    }

    /// Every line so far, in the order printed.
    public var all: [String] { lines.withLock { $0 } }

    /// Forgets every line (at the start of each test that shares the file's instance).
    public func reset() { lines.withLock { $0.removeAll() } }

    /// Waits until at least `count` lines were printed (callbacks print later), with the hang guard.
    public func waitFor(_ count: Int) async -> [String] {
        await waitUntil { lines.withLock { $0.count } >= count }
        return all
    }
}
