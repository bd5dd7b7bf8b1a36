// ServeSettings.swift: what the ProtoHTTPServer child is started with, as its arguments and back.

/// The ProtoHTTPServer child's settings: event-loop threads and the two limits the
/// idle-connection curve raises (``ServerConfiguration``'s `maxConnections`, default 4,096,
/// and `idleTimeout`, default 60 s).
struct ServeSettings: Sendable, Equatable {
    /// Event-loop threads.
    var threads = 1
    /// `ServerConfiguration.maxConnections`; `nil`: the server's default.
    var maxConnections: Int?
    /// `ServerConfiguration.idleTimeout` in seconds; `nil`: the server's default.
    var idleSeconds: Int?

    /// Settings with `threads` and the server's default limits.
    init(threads: Int, maxConnections: Int? = nil, idleSeconds: Int? = nil) {
        self.threads = threads
        self.maxConnections = maxConnections
        self.idleSeconds = idleSeconds
    }

    /// The child's arguments after ``ServeCommand/flag``.
    var arguments: [String] {
        ["--threads", String(threads)]
            + (maxConnections.map { ["--max-connections", String($0)] } ?? [])
            + (idleSeconds.map { ["--idle-seconds", String($0)] } ?? [])
    }

    /// Reads ``arguments`` back; throws naming what it could not read.
    init(parsing arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                throw ScaleError("\(flag) wants a positive whole number")
            }
            switch flag {
            case "--threads": threads = min(value, 64)
            case "--max-connections": maxConnections = value
            case "--idle-seconds": idleSeconds = value
            default: throw ScaleError("unknown serve option \(flag)")
            }
        }
    }
}
