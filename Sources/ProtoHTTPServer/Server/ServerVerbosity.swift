// ServerVerbosity.swift: how much the server logs, settable without importing swift-log.
import Logging

/// How much a ``ProtoHTTPServer`` logs, as a ``ServerConfiguration/verbosity`` that needs no
/// `import Logging` in the caller's code: `.silent` for none at all (start, stop and the access
/// log included), `.errors` for handler failures only, up to `.debug`.
public enum ServerVerbosity: Sendable, Hashable {
    /// Nothing.
    case silent
    /// Errors only.
    case errors
    /// Warnings and errors (e.g. connections cut off at shutdown).
    case warnings
    /// Start, stop and the access log (`accessLog` on), warnings and errors. The default.
    case info
    /// Everything, including per-connection details.
    case debug

    /// The swift-log level it stands for; `nil` for ``silent``.
    var level: Logger.Level? {
        switch self {
        case .silent: nil
        case .errors: .error
        case .warnings: .warning
        case .info: .info
        case .debug: .debug
        }
    }

    /// `logger` at this verbosity; a logger that drops everything for ``silent``.
    func apply(to logger: Logger) -> Logger {
        guard let level else { return Logger(label: logger.label) { _ in SwiftLogNoOpLogHandler() } }
        var logger = logger
        logger.logLevel = level
        return logger
    }
}
