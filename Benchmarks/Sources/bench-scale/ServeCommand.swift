// ServeCommand.swift: the hidden `--serve-protohttp` mode: bench-scale re-run as the ProtoHTTPServer child.
import BenchProcesses
import ProtoHTTPServer

/// What the ProtoHTTPServer ``SelfChild`` runs: `bench-scale --serve-protohttp <ServeSettings>`.
///
/// ```
///  raise RLIMIT_NOFILE; start ProtoHTTPServer on 127.0.0.1:0 (silent, access log off)
///  print "PORT <n>" on standard output
///  serve until standard input ends (the parent closed its pipe, or died)
///  shut down gracefully, exit 0
/// ```
enum ServeCommand {
    /// The hidden first argument that selects this mode.
    static let flag = "--serve-protohttp"

    /// Runs the server with `arguments` (after ``flag``); returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        FileLimit.raiseToHard()
        let settings: ServeSettings
        do {
            settings = try ServeSettings(parsing: arguments)
        } catch {
            report("\(flag): \(error)")
            return 2
        }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: settings.threads, accessLog: false,
                                                verbosity: .silent)
        if let maxConnections = settings.maxConnections { configuration.maxConnections = maxConnections }
        if let idleSeconds = settings.idleSeconds { configuration.idleTimeout = .seconds(idleSeconds) }
        return await ServeChild.serve(configuration: configuration, services: [EchoService.definition], flag: flag,
                                      report: report)
    }
}
