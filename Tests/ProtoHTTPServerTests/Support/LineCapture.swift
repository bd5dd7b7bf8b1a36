// LineCapture.swift: a swift-log handler that keeps every line, for tests that read what the server logged.
import Logging
import Synchronization

/// Keeps every line logged through it, at every level.
final class LineCapture: Sendable {
    let stored = Mutex<[String]>([])
    var lines: [String] { stored.withLock { $0 } }

    func logger(label: String) -> Logger {
        Logger(label: label) { _ in Handler(capture: self) }
    }

    struct Handler: LogHandler {
        let capture: LineCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { capture.stored.withLock { $0.append("\(event.message) \(event.metadata ?? [:])") } }
    }
}
