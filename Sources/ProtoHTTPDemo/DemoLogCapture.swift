// DemoLogCapture.swift: a swift-log handler that keeps the server's log lines, so the demo can show an excerpt.
import Logging
import Synchronization

/// Collects log lines in memory: `<message>  key=value …` (metadata sorted, `peer` left out).
final class DemoLogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    /// A logger whose lines (at `.info` and above) land here.
    func logger(label: String) -> Logger {
        Logger(label: label) { _ in Handler(capture: self) }
    }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }

    /// Waits up to `timeout` until a line satisfies `predicate` (the server logs an exchange
    /// just after writing its response, so a client may see the answer first).
    func waitFor(timeout: Duration = .seconds(1), _ predicate: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if all.contains(where: predicate) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return all.contains(where: predicate)
    }

    fileprivate func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let capture: DemoLogCapture
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let fields = merged.filter { $0.key != "peer" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            capture.append(fields.isEmpty ? "\(event.message)" : "\(event.message)  \(fields.joined(separator: " "))")
        }
    }
}
